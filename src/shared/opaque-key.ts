// An opaque key for an address the extension must recognise again without keeping it: a letter
// already alerted, a mailbox taken note of or switched off. What storage.local keeps (written to
// disk) names no letter, account or person, only these.
import { bytesToBase64Url } from './base64.ts';

/** The first 128 bits of SHA-256 over `text`, in base64url: the same text gives the same key. */
export async function opaqueKey(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return bytesToBase64Url(new Uint8Array(digest).slice(0, 16));
}

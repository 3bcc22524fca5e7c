/*
 * Every Base64 of the extension, one name per contract:
 * - standard Base64 (`+ / =`) is what the service uses for HTTP Basic and the id_token, and what a
 *   letter's content travels as from the worker to a page (runtime messages carry JSON only);
 * - base64url without padding is only for our own random values and opaque keys.
 * Decoding has two contracts: `parseBase64` reads text from the network and answers undefined for
 * anything that is not strictly Base64; `decodeBase64` reads what our own worker encoded.
 */

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard Base64. One String.fromCharCode per 32 KiB: fast for large letters, and far from the argument limit. */
export function bytesToBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  }
  return btoa(parts.join(''));
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function utf8ToBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

function binaryToBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A letter's content as the worker sent it (bytesToBase64); throws on text that is not Base64. */
export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  return binaryToBytes(atob(base64));
}

/**
 * Decodes standard Base64 from the network, padded or not; undefined for anything else. atob alone
 * would also accept whitespace and misplaced padding.
 */
export function parseBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!STANDARD.test(text) || text.length % 4 === 1) return undefined;
  const unpadded = text.replace(/=+$/, '');
  if (text.length !== unpadded.length && text.length % 4 !== 0) return undefined;
  try {
    return binaryToBytes(atob(text));
  } catch {
    return undefined;
  }
}

/**
 * Decodes only the one canonical spelling of some bytes (padded, or the same without padding),
 * so that changing the unused trailing bits of a signature is not "the same signature".
 */
export function parseCanonicalBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  const bytes = parseBase64(text);
  if (!bytes) return undefined;
  const canonical = bytesToBase64(bytes);
  return text === canonical || text === canonical.replace(/=+$/, '') ? bytes : undefined;
}

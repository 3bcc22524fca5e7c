/**
 * Base64 helpers. The service uses standard Base64 (`+ / =`) for HTTP Basic and the id_token,
 * and we use base64url only for our own random values, so both are spelled out here.
 */

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function utf8ToBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

/**
 * Decodes standard Base64, padded or not; undefined for anything else. atob alone would also
 * accept whitespace and misplaced padding.
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!STANDARD.test(text) || text.length % 4 === 1) return undefined;
  const unpadded = text.replace(/=+$/, '');
  if (text.length !== unpadded.length && text.length % 4 !== 0) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Decodes only the one canonical spelling of some bytes (padded, or the same without padding),
 * so that changing the unused trailing bits of a signature is not "the same signature".
 */
export function canonicalBase64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  const bytes = base64ToBytes(text);
  if (!bytes) return undefined;
  const canonical = bytesToBase64(bytes);
  return text === canonical || text === canonical.replace(/=+$/, '') ? bytes : undefined;
}

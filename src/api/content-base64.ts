/*
 * A letter's content crosses from the worker to a page inside a JSON runtime message, so it
 * travels as standard Base64. Both ends are here, so a unit test can hold them to each other.
 */

/** One String.fromCharCode per 32 KiB: fast for large letters, and far from the argument limit. */
export function bytesToBase64Chunked(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  }
  return btoa(parts.join(''));
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

import { AppError } from '../shared/errors.ts';

/**
 * Reads a body, but never more than `limit` bytes of it: a declared Content-Length over the limit
 * is refused before the first byte, and an undeclared (or false) one as soon as the count passes
 * it, so a huge or endless answer never fills memory. The stream is cancelled, which closes the
 * connection. `tooLarge` names the error, since a letter's content and a JSON answer differ.
 */
export async function readLimited(response: Response, limit: number, tooLarge: (detail: string) => AppError): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`${describeBytes(declared)} > ${describeBytes(limit)}`);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${describeBytes(limit)}`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, charset as the Fetch standard's text() decodes it (UTF-8, BOM dropped). */
export async function readLimitedText(response: Response, limit: number, tooLarge: (detail: string) => AppError): Promise<string> {
  return new TextDecoder().decode(await readLimited(response, limit, tooLarge));
}

function describeBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return mebibytes >= 1 ? `${Math.ceil(mebibytes)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * The body as a Blob, for a file to be kept rather than read (an upload's file). With its size
 * announced within the limit, the browser builds the Blob itself (one copy, no ArrayBuffer in
 * between) and the count is checked after; otherwise the body is counted as it comes.
 */
export async function readLimitedBlob(response: Response, limit: number, tooLarge: (detail: string) => AppError): Promise<Blob> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`${describeBytes(declared)} > ${describeBytes(limit)}`);
  }
  if (Number.isFinite(declared)) {
    const blob = await response.blob();
    if (blob.size > limit) throw tooLarge(`more than ${describeBytes(limit)}`);
    return blob;
  }
  const reader = response.body?.getReader();
  if (!reader) return new Blob([]);
  const parts: BlobPart[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${describeBytes(limit)}`);
    }
    parts.push(value);
  }
  return new Blob(parts);
}

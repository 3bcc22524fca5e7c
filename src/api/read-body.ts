import { AppError } from '../shared/errors.ts';

type TooLarge = (detail: string) => AppError;

/*
 * Bodies are read, but never more than `limit` bytes of them, counted as fetch hands them over:
 * decoded, so a small gzip answer that inflates is counted as it inflates. Content-Length is only a
 * hint: one over the limit is refused before the first byte, but one within it is never trusted (it
 * counts the compressed bytes, or it lies), so every body is read chunk by chunk and refused as soon
 * as the count passes the limit. What is held is never more than the limit and one chunk. The
 * stream is cancelled, which closes the connection. `tooLarge` names the error, since a letter's
 * content and a JSON answer differ.
 */

/** Refuses a body whose declared length is already over the limit, unread. */
async function refuseDeclaredOverLimit(response: Response, limit: number, tooLarge: TooLarge): Promise<void> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(declared) || declared <= limit) return;
  await response.body?.cancel().catch(() => undefined);
  throw tooLarge(`${describeBytes(declared)} > ${describeBytes(limit)}`);
}

/** The body's chunks as they come, counted. */
async function readChunks(
  response: Response,
  limit: number,
  tooLarge: TooLarge,
): Promise<{ chunks: Uint8Array<ArrayBuffer>[]; size: number }> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  if (!reader) return { chunks, size };
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
  return { chunks, size };
}

export async function readLimited(response: Response, limit: number, tooLarge: TooLarge): Promise<Uint8Array<ArrayBuffer>> {
  await refuseDeclaredOverLimit(response, limit, tooLarge);
  const { chunks, size } = await readChunks(response, limit, tooLarge);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, charset as the Fetch standard's text() decodes it (UTF-8, BOM dropped). */
export async function readLimitedText(response: Response, limit: number, tooLarge: TooLarge): Promise<string> {
  return new TextDecoder().decode(await readLimited(response, limit, tooLarge));
}

function describeBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return mebibytes >= 1 ? `${Math.ceil(mebibytes)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/** The body as a Blob, for a file to be kept rather than read (an upload's file), counted as it comes like any other. */
export async function readLimitedBlob(response: Response, limit: number, tooLarge: TooLarge): Promise<Blob> {
  await refuseDeclaredOverLimit(response, limit, tooLarge);
  return new Blob((await readChunks(response, limit, tooLarge)).chunks);
}

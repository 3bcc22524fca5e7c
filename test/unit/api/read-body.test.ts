import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLimited, readLimitedBlob, readLimitedText } from '../../../src/api/read-body.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';
import { CHUNK, endlessBody } from './fake-network.ts';

/*
 * The limit holds while the body streams in, whatever its Content-Length says: the count is of the
 * bytes as fetch hands them over (decoded), so a small gzip answer that inflates, or a header that
 * lies, is stopped at the limit and one chunk, never read whole first.
 */

const LIMIT = 1024 * 1024;
const tooLarge = (detail: string) => new AppError('upload_too_large', { detail });
const READERS = [
  ['readLimited', readLimited],
  ['readLimitedBlob', readLimitedBlob],
  ['readLimitedText', readLimitedText],
] as const;

/** `response` with its (decoded) body counted as the reader takes it; its headers as they came. */
function counted(response: Response): { response: Response; read: () => number } {
  let read = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      read += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const body = response.body?.pipeThrough(counter) ?? null;
  return { response: new Response(body, { status: response.status, headers: response.headers }), read: () => read };
}

describe('a gzip bomb: a small compressed body that decodes to far more than the limit', () => {
  const decodedSize = 64 * LIMIT;
  const compressed = gzipSync(Buffer.alloc(decodedSize));
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-encoding': 'gzip',
        'content-length': String(compressed.byteLength),
      });
      response.end(compressed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(READERS)('%s refuses it after reading no more than the limit and a chunk of what it decodes to', async (_, read) => {
    expect(compressed.byteLength).toBeLessThan(LIMIT);
    const { response, read: decoded } = counted(await fetch(`${origin}/bomb.pdf`));
    expect((await appErrorOf(read(response, LIMIT, tooLarge)))?.code).toBe('upload_too_large');
    expect(decoded()).toBeGreaterThan(LIMIT);
    expect(decoded()).toBeLessThan(LIMIT + 4 * CHUNK);
  });
});

describe('a Content-Length that lies', () => {
  it.each(READERS)('%s: a chunked body far longer than its declared length is stopped at the limit', async (_, read) => {
    const body = endlessBody(64 * LIMIT);
    const response = new Response(body.stream, { headers: { 'content-length': '1000' } });
    expect((await appErrorOf(read(response, LIMIT, tooLarge)))?.code).toBe('upload_too_large');
    expect(body.pulled()).toBeLessThan(LIMIT + 4 * CHUNK);
    expect(body.cancelled()).toBe(true);
  });

  it('a body shorter than its declared length is read as it is (the header is only a hint)', async () => {
    const response = new Response(new Uint8Array(10).fill(0x41), { headers: { 'content-length': '5000' } });
    expect(await (await readLimitedBlob(response, LIMIT, tooLarge)).text()).toBe('A'.repeat(10));
  });

  it('a declared length over the limit is refused before the body is read', async () => {
    const body = endlessBody(64 * LIMIT);
    const response = new Response(body.stream, { headers: { 'content-length': String(2 * LIMIT) } });
    expect((await appErrorOf(readLimitedBlob(response, LIMIT, tooLarge)))?.code).toBe('upload_too_large');
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });
});

import { describe, expect, it } from 'vitest';
import { hardenedFetch } from '../../../src/api/http-core.ts';
import { AppError } from '../../../src/shared/errors.ts';

const tooLarge = (detail: string) => new AppError('upload_too_large', { detail });

function stream(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === chunks) controller.close();
      else controller.enqueue(new Uint8Array(size));
    },
  });
}

describe('a file fetched from a site for Save to Digipost', () => {
  it("carries that site's cookies only when the request says so; the service's requests never do", async () => {
    const seen: RequestInit[] = [];
    const send = (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return Promise.resolve(new Response('x'));
    };
    await hardenedFetch(send, { url: 'https://bank.example/a.pdf', redirects: 'follow', timeoutMs: 1000, siteCookies: true }, (a) =>
      a.discard(),
    );
    await hardenedFetch(send, { url: 'https://www.digipost.no/post/api', redirects: 'refuse', timeoutMs: 1000 }, (a) => a.discard());
    expect(seen.map((init) => init.credentials)).toEqual(['include', 'omit']);
  });

  it('is kept as a Blob, refused once it passes the limit whether or not its size was announced', async () => {
    const read = (response: Response, limit: number) =>
      hardenedFetch(
        () => Promise.resolve(response),
        { url: 'https://x.example/f', redirects: 'follow', timeoutMs: 1000 },
        (a) => a.blob(limit, tooLarge),
      );
    expect((await read(new Response(stream(3, 1000)), 3000)).size).toBe(3000);
    await expect(read(new Response(stream(4, 1000)), 3000)).rejects.toMatchObject({ code: 'upload_too_large' });
    await expect(read(new Response('x', { headers: { 'Content-Length': '5000' } }), 3000)).rejects.toMatchObject({
      code: 'upload_too_large',
    });
    expect((await read(new Response(new Uint8Array(2000), { headers: { 'Content-Length': '2000' } }), 3000)).size).toBe(2000);
  });
});

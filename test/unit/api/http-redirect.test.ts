import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBinary, fetchJson } from '../../../src/api/http.ts';
import { AppError } from '../../../src/shared/errors.ts';
import { appErrorOf } from '../app-error.ts';

/*
 * Two real servers on different ports (so different origins): the "service" answers content with a
 * 307 to a one-time address on the "content host", as the notes describe. This checks the design
 * of fetchBinary against a standards-following fetch (Node's), not against a fake that we wrote to
 * agree with it.
 */

const TOKEN = 'secret-access-token';
const PDF = Buffer.from('%PDF-1.4 test');

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

let service: Server;
let content: Server;
let serviceOrigin = '';
let contentOrigin = '';
const seenByService: Seen[] = [];
const seenByContent: Seen[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

beforeAll(async () => {
  content = createServer((req, res) => {
    seenByContent.push({ path: req.url ?? '', headers: req.headers });
    if (req.url === '/expired/abc') return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
  });
  service = createServer((req, res) => {
    seenByService.push({ path: req.url ?? '', headers: req.headers });
    if (req.url === '/content/77') res.writeHead(307, { location: `${contentOrigin}/one-time/abc` }).end();
    else if (req.url === '/content/78') res.writeHead(307, { location: `${contentOrigin}/expired/abc` }).end();
    else if (req.url === '/moved') res.writeHead(302, { location: `${contentOrigin}/elsewhere` }).end();
    else res.writeHead(200, { 'content-type': 'application/vnd.digipost-v2+json' }).end('{"ok":true}');
  });
  contentOrigin = await listen(content);
  serviceOrigin = await listen(service);
});

afterAll(async () => {
  await Promise.all([service, content].map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('redirects with a real fetch', () => {
  it('follows the content redirect to another host without the token', async () => {
    seenByService.length = 0;
    seenByContent.length = 0;
    const { blob, contentType } = await fetchBinary({
      url: `${serviceOrigin}/content/77`,
      mediaType: 'application/octet-stream',
      accessToken: TOKEN,
      serviceOrigin,
      fetch,
    });
    expect(contentType).toBe('application/pdf');
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(PDF);
    expect(seenByService.map((s) => [s.path, s.headers.authorization])).toEqual([['/content/77', `Bearer ${TOKEN}`]]);
    expect(seenByContent.map((s) => [s.path, s.headers.authorization])).toEqual([['/one-time/abc', undefined]]);
  });

  it('a 401 from the content host is the content host refusing, not the service refusing the token', async () => {
    const error = await appErrorOf(fetchBinary({ url: `${serviceOrigin}/content/78`, accessToken: TOKEN, serviceOrigin, fetch }));
    expect(error).toEqual({ code: 'content_host_refused', status: 401 });
  });

  it('does not follow a JSON call that redirects, so the other host hears nothing', async () => {
    seenByContent.length = 0;
    const error: unknown = await fetchJson({ url: `${serviceOrigin}/moved`, accessToken: TOKEN, serviceOrigin, fetch }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).info).toEqual({ code: 'http_unexpected_status', status: 302, detail: 'redirect refused' });
    expect(seenByContent).toEqual([]);
  });

  it('reads JSON from the service', async () => {
    await expect(fetchJson({ url: `${serviceOrigin}/post/api`, accessToken: TOKEN, serviceOrigin, fetch })).resolves.toEqual({ ok: true });
  });
});

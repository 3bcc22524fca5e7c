import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFile } from '../../../src/save/fetch-file.ts';

/*
 * Save to Digipost's fetch of a file and the redirects it follows (issue #33, point 7): the address
 * a redirect chain ends at is held to the rule of the first address, so a file on this computer or
 * the person's own network is handed on only once the person has said yes to that host.
 */

const PDF = '%PDF-1.7\n%%EOF\n';

interface Hop {
  /** Where the browser's fetch ended up, having followed the redirects itself. */
  finalUrl: string;
  status?: number;
}

/** What the fake web was asked, and whether the page let go of an answer's body unread. */
const web: { asked: string[]; cancelled: number; route: (url: string) => Hop | undefined } = {
  asked: [],
  cancelled: 0,
  route: () => undefined,
};

function answer(url: string): Response {
  const hop = web.route(url);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(PDF));
      controller.close();
    },
    cancel() {
      web.cancelled++;
    },
  });
  const response = new Response(body, { status: hop?.status ?? 200, headers: { 'content-type': 'application/pdf' } });
  // As a browser's fetch answers after following redirects: the final address, and that it moved.
  Object.defineProperty(response, 'url', { value: hop?.finalUrl ?? url });
  Object.defineProperty(response, 'redirected', { value: hop !== undefined && hop.finalUrl !== url });
  return response;
}

beforeEach(() => {
  web.asked = [];
  web.cancelled = 0;
  web.route = () => undefined;
  vi.stubGlobal('fetch', (input: string) => {
    web.asked.push(input);
    return Promise.resolve(answer(input));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchFile: the first address', () => {
  it('fetches nothing from a private address the person has not said yes to, and names it', async () => {
    expect(await fetchFile('http://192.168.1.1/scan.pdf')).toEqual({ confirm: 'http://192.168.1.1/scan.pdf', redirected: false });
    expect(web.asked).toEqual([]);
  });

  it('fetches a private address once the person has said yes to its host', async () => {
    const fetched = await fetchFile('http://192.168.1.1/scan.pdf', ['192.168.1.1']);
    expect(fetched).toMatchObject({ name: 'scan.pdf', kind: 'pdf' });
    expect(web.asked).toEqual(['http://192.168.1.1/scan.pdf']);
  });

  it('fetches a public address without asking', async () => {
    expect(await fetchFile('https://bank.example/a.pdf')).toMatchObject({ name: 'a.pdf', kind: 'pdf' });
  });
});

describe('fetchFile: where a redirect leads', () => {
  it('a public address that leads on to a private one: the answer is let go of unread, and the person is asked for that host', async () => {
    web.route = (url) => (url === 'https://evil.example/a.pdf' ? { finalUrl: 'http://192.168.1.1/admin/backup.pdf' } : undefined);
    const outcome = await fetchFile('https://evil.example/a.pdf');
    expect(outcome).toEqual({ confirm: 'http://192.168.1.1/admin/backup.pdf', redirected: true });
    expect(web.cancelled).toBe(1);
    expect(outcome).not.toHaveProperty('blob');
  });

  it('says nothing of what the private host answered: a refusal there is asked about too, not reported', async () => {
    web.route = () => ({ finalUrl: 'http://127.0.0.1:9000/secret.pdf', status: 403 });
    expect(await fetchFile('https://evil.example/a.pdf')).toEqual({ confirm: 'http://127.0.0.1:9000/secret.pdf', redirected: true });
  });

  it('once the person said yes to the host the chain ends at, its file is taken', async () => {
    web.route = () => ({ finalUrl: 'http://192.168.1.1/admin/backup.pdf' });
    const fetched = await fetchFile('https://evil.example/a.pdf', ['192.168.1.1']);
    expect(fetched).toMatchObject({ name: 'backup.pdf', kind: 'pdf' });
  });

  it('a yes to one private host is no yes to another the first leads on to', async () => {
    web.route = () => ({ finalUrl: 'http://10.0.0.5/b.pdf' });
    expect(await fetchFile('http://192.168.1.1/a.pdf', ['192.168.1.1'])).toEqual({ confirm: 'http://10.0.0.5/b.pdf', redirected: true });
    // Nor to another port of the same machine.
    web.route = () => ({ finalUrl: 'http://192.168.1.1:8080/b.pdf' });
    expect(await fetchFile('http://192.168.1.1/a.pdf', ['192.168.1.1'])).toEqual({
      confirm: 'http://192.168.1.1:8080/b.pdf',
      redirected: true,
    });
  });

  it('a redirect between public addresses is followed without asking, and the file is named from where it ended', async () => {
    web.route = () => ({ finalUrl: 'https://cdn.example/files/statement-2024.pdf' });
    expect(await fetchFile('https://bank.example/download?id=7')).toMatchObject({ name: 'statement-2024.pdf', kind: 'pdf' });
    expect(web.cancelled).toBe(0);
  });
});

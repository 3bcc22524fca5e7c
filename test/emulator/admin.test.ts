import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.ts';
import { ADMIN_PREFIX, MEDIA_TYPE, settingsFrom } from './config.ts';
import type { RunningEmulator } from './index.ts';
import { startEmulator } from './index.ts';
import { Emulator } from './state.ts';
import type { DocumentJson, RootJson } from './flow.ts';
import { ALL_SCOPES, api, getJson, linkOf, signIn, tokenCall } from './flow.ts';
import type { Link } from './config.ts';

let em: RunningEmulator;
let token: string;

beforeAll(async () => {
  em = await startEmulator({ port: 0, quiet: true, letters: 12 });
});
afterAll(async () => {
  await em.stop();
});
beforeEach(async () => {
  await em.admin.reset();
  token = (await signIn(em)).access_token;
});

const root = () => getJson<RootJson>(`${em.url}/post/api`, token);

describe('connections', () => {
  it('closes each admin call’s connection with its answer, so none is pooled for the next emulator on this port', async () => {
    const response = await fetch(`${em.url}${ADMIN_PREFIX}/knobs`);
    await response.text();
    expect(response.headers.get('connection')).toBe('close');
    // The service's own answers keep theirs, as a server's do.
    const api = await fetch(`${em.url}/post/api`, { headers: { Authorization: `Bearer ${token}` } });
    await api.text();
    expect(api.headers.get('connection')).not.toBe('close');
  });
});

describe('knobs', () => {
  it('start from the options and change through configure', async () => {
    expect(await em.admin.knobs()).toEqual({
      accessTokenLifetime: 900,
      rotateRefreshTokens: true,
      latencyMs: 0,
      idTokenExp: 'lifetime',
      badIdTokenSignature: false,
      contentRedirect: false,
      stallTokenEndpoint: false,
      requirePkce: false,
      failRevoke: false,
      uploadFault: 'none',
      bankPaymentDelayMs: 0,
      gatewayDown: false,
      extraLinks: { root: [], account: [] },
    });
    const changed = await em.admin.configure({ accessTokenLifetime: 60, rotateRefreshTokens: false });
    expect(changed).toMatchObject({ accessTokenLifetime: 60, rotateRefreshTokens: false, latencyMs: 0 });
    expect(await em.admin.knobs()).toEqual(changed);
  });

  it('refuses unknown knobs and wrong types with 400, changing nothing', async () => {
    for (const body of [
      { accessTokenLifetime: -1 },
      { nonsense: true },
      { idTokenExp: 'never' },
      { extraLinks: { root: [{ rel: 'x' }], account: [] } },
    ]) {
      await expect(em.admin.configure(body as never)).rejects.toThrow(/400/);
    }
    expect((await em.admin.knobs()).accessTokenLifetime).toBe(900);
  });

  it('extraLinks adds links to the root and the account', async () => {
    const foreign = { rel: `${em.url}/post/relations/help_centre`, uri: 'https://help.example.org/faq', 'media-type': 'text/html' };
    const mail = { rel: `${em.url}/post/relations/support_mail`, uri: 'mailto:support@example.org', 'media-type': 'text/plain' };
    await em.admin.configure({ extraLinks: { root: [foreign], account: [mail] } });
    const resource = await root();
    expect(resource.link).toContainEqual(foreign);
    expect(resource.primaryAccount.link).toContainEqual(mail);
  });

  it('latency delays service answers by as long as it says', async () => {
    // The emulator's app in this process, without a socket, on the test's clock: the delay passes
    // when the test says, not with the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const app = createApp(new Emulator(settingsFrom({ quiet: true, letters: 0 })));
      const knobs = await app.request('/__emulator/knobs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ latencyMs: 150 }),
      });
      expect(knobs.status).toBe(200);
      let answered = false;
      const answer = Promise.resolve(app.request('/post/api', { headers: { Accept: MEDIA_TYPE } })).then((response) => {
        answered = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(149);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await answer).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a lowered latency releases the answers already waiting: a test holds a page in its waiting state, then lets it go', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const app = createApp(new Emulator(settingsFrom({ quiet: true, letters: 0 })));
      const configure = (latencyMs: number) =>
        app.request('/__emulator/knobs', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ latencyMs }),
        });
      await configure(60_000);
      let answered = false;
      const answer = Promise.resolve(app.request('/post/api', { headers: { Accept: MEDIA_TYPE } })).then((response) => {
        answered = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(answered).toBe(false);
      await configure(0);
      await vi.advanceTimersByTimeAsync(50);
      expect(answered).toBe(true);
      expect((await answer).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('scenario triggers', () => {
  it('addLetter puts a new unread letter at the top and raises the unread count', async () => {
    const before = (await root()).primaryAccount.unreadItemsInInbox;
    const { id } = await em.admin.addLetter({ subject: 'Ny melding', creatorName: 'Testavsender' });
    const after = await root();
    expect(after.primaryAccount.unreadItemsInInbox).toBe(before + 1);
    const inbox = await getJson<{ document: DocumentJson[] }>(linkOf(after.primaryAccount.link, 'document_inbox').uri, token);
    expect(inbox.document[0]).toMatchObject({ id, subject: 'Ny melding', creatorName: 'Testavsender', read: false });
    expect(Date.parse(inbox.document[0]?.created ?? '')).toBeGreaterThan(Date.parse(inbox.document[1]?.created ?? ''));
    await expect(em.admin.addLetter({ subject: '' })).rejects.toThrow(/400/);
  });

  it('addLetter with folderId files the new letter in that folder only, and refuses a folder that does not exist', async () => {
    const before = await root();
    const summary = before.mailbox[0]?.folders.folder.find((f) => f.name === 'Bolig');
    const { id } = await em.admin.addLetter({ subject: 'Bare i en mappe', folderId: '2' });
    const after = await root();
    expect(after.primaryAccount.unreadItemsInInbox).toBe(before.primaryAccount.unreadItemsInInbox);
    const inbox = await getJson<{ document: DocumentJson[] }>(linkOf(after.primaryAccount.link, 'document_inbox').uri, token);
    expect(inbox.document.map((d) => d.id)).not.toContain(id);
    const folder = await getJson<{ documents: { document: DocumentJson[] } }>(linkOf(summary?.link, 'self').uri, token);
    expect(folder.documents.document[0]).toMatchObject({ id, subject: 'Bare i en mappe' });
    await expect(em.admin.addLetter({ subject: 'Ingen mappe', folderId: '999' })).rejects.toThrow(/400/);
  });

  it('addLetter with html serves that HTML as the letter content', async () => {
    const html = '<!doctype html><p>Eget brev</p>';
    const { id } = await em.admin.addLetter({ subject: 'Egen HTML', html });
    const inbox = await getJson<{ document: DocumentJson[] }>(linkOf((await root()).primaryAccount.link, 'document_inbox').uri, token);
    const letter = inbox.document.find((d) => d.id === id);
    const content = linkOf(letter?.attachment[0]?.link, 'get_document_content');
    const answer = await api(content.uri, token, { accept: '*/*' });
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toBe(html);
  });

  it('addLetter with statedFileType states that type in the metadata, while the content keeps its own', async () => {
    const { id } = await em.admin.addLetter({ subject: 'Feil filtype', fileType: 'pdf', statedFileType: 'exe' });
    const inbox = await getJson<{ document: DocumentJson[] }>(linkOf((await root()).primaryAccount.link, 'document_inbox').uri, token);
    const letter = inbox.document.find((d) => d.id === id);
    expect(letter?.fileType).toBe('exe');
    expect(letter?.attachment[0]?.fileType).toBe('exe');
    const answer = await api(linkOf(letter?.attachment[0]?.link, 'get_document_content').uri, token, { accept: '*/*' });
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    await expect(em.admin.addLetter({ subject: 'Feil', statedFileType: '../x' })).rejects.toThrow(/400/);
  });

  it('stallTokenEndpoint takes token requests and never answers, until the knob is cleared', async () => {
    await em.admin.configure({ stallTokenEndpoint: true });
    const caller = new AbortController();
    let settled = false;
    const stalled = tokenCall(em, { grant_type: 'refresh_token', refresh_token: 'x' }, undefined, caller.signal).then(
      () => 'answered',
      () => 'gave up',
    );
    void stalled.then(() => (settled = true));
    // Other requests, sent after it, are answered while it waits.
    for (let i = 0; i < 3; i++) expect((await api(`${em.url}/post/api`, token)).status).toBe(200);
    expect(settled).toBe(false);
    caller.abort();
    expect(await stalled).toBe('gave up');
    await em.admin.configure({ stallTokenEndpoint: false });
    expect((await tokenCall(em, { grant_type: 'refresh_token', refresh_token: 'x' })).status).toBe(400);
  });

  it('failNext answers 500 or malformed JSON for the next matching requests only', async () => {
    await em.admin.failNext(2, '500', '/post/api/private');
    expect((await api(`${em.url}/post/api`, token)).status).toBe(200);
    const inboxUri = linkOf((await root()).primaryAccount.link, 'document_inbox').uri;
    expect((await api(inboxUri, token)).status).toBe(500);
    expect((await api(inboxUri, token)).status).toBe(500);
    expect((await api(inboxUri, token)).status).toBe(200);
    await em.admin.failNext(1, 'malformed');
    const broken = await api(`${em.url}/post/api`, token);
    expect(broken.status).toBe(200);
    const text = await broken.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect((await api(`${em.url}/post/api`, token)).status).toBe(200);
    await expect(em.admin.failNext(0, '500')).rejects.toThrow(/400/);
  });

  it('failNext with exact matches that path only, not the paths below it', async () => {
    const inboxUri = linkOf((await root()).primaryAccount.link, 'document_inbox').uri;
    await em.admin.failNext(1, '500', '/post/api', 'GET', true);
    expect((await api(inboxUri, token)).status).toBe(200);
    expect((await api(`${em.url}/post/api`, token)).status).toBe(500);
    expect((await api(`${em.url}/post/api`, token)).status).toBe(200);
  });

  it('failNext "drop" breaks the connection mid-answer: the client sees a network error, once', async () => {
    await em.admin.failNext(1, 'drop', '/post/api');
    // Node's fetch, like a browser, fails while reading the cut-off answer.
    await expect(api(`${em.url}/post/api`, token).then((r) => r.text())).rejects.toThrow();
    expect((await api(`${em.url}/post/api`, token)).status).toBe(200);
  });

  it('the request log records method, path, status, Authorization, Host and time, but not admin calls', async () => {
    await em.admin.clearRequests();
    const before = Date.now();
    await api(`${em.url}/post/api`, token);
    await api(`${em.url}/post/api`, undefined);
    await fetch(`${em.url}/nowhere`);
    const log = await em.admin.requests();
    expect(log.map(({ method, path, status, authorization, host }) => ({ method, path, status, authorization, host }))).toEqual([
      { method: 'GET', path: '/post/api', status: 200, authorization: true, host: new URL(em.url).host },
      { method: 'GET', path: '/post/api', status: 401, authorization: false, host: new URL(em.url).host },
      { method: 'GET', path: '/nowhere', status: 404, authorization: false, host: new URL(em.url).host },
    ]);
    const after = Date.now();
    expect(log.every((entry) => entry.time >= before && entry.time <= after)).toBe(true);
  });

  it('reset returns to the start-up state', async () => {
    await em.admin.configure({ latencyMs: 5, contentRedirect: true });
    await em.admin.addLetter();
    await em.admin.failNext(5, '500');
    await em.admin.reset();
    expect((await em.admin.knobs()).latencyMs).toBe(0);
    expect(await em.admin.requests()).toEqual([]);
    expect((await api(`${em.url}/post/api`, token)).status).toBe(403);
    token = (await signIn(em)).access_token;
    const inbox = await getJson<{ document: DocumentJson[] }>(linkOf((await root()).primaryAccount.link, 'document_inbox').uri, token);
    expect(inbox.document).toHaveLength(12);
  });

  it('the admin index describes the clients and the user', async () => {
    const index = (await (await fetch(`${em.url}/__emulator/`)).json()) as { clients: { id: string }[]; user: { fullName: string } };
    expect(index.clients.map((c) => c.id)).toContain(em.clientId);
    expect(index.user.fullName).toBe(em.user.fullName);
  });
});

describe('the calendar option', () => {
  it('dates the seed, the letters added later, the uploads and the identity token by the clock it is given, not the machine’s', async () => {
    const noon = Date.UTC(2026, 10, 24, 11, 0, 0);
    const dated = await startEmulator({ port: 0, quiet: true, letters: 12, calendar: () => noon });
    try {
      const signedIn = await signIn(dated, `${ALL_SCOPES} UPLOAD_DOCUMENT`);
      const own = signedIn.access_token;
      // The identity token's times are the service's, as the extension's clock reads them.
      const claims = JSON.parse(Buffer.from(signedIn.id_token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number };
      expect(claims.iat).toBe(noon / 1000);
      const inboxOf = async () => {
        const at = await getJson<RootJson>(`${dated.url}/post/api`, own);
        return getJson<{ document: DocumentJson[] }>(linkOf(at.primaryAccount.link, 'document_inbox').uri, own);
      };
      const seeded = (await inboxOf()).document.map((letter) => Date.parse(letter.created));
      expect(Math.max(...seeded)).toBeLessThanOrEqual(noon);
      expect(Math.max(...seeded)).toBeGreaterThan(noon - 86_400_000);
      expect(dated.now()).toBe(noon);
      await dated.admin.addLetter({ subject: 'Ny melding' });
      expect(Date.parse((await inboxOf()).document[0]?.created ?? '')).toBe(noon);
      const at = await getJson<RootJson>(`${dated.url}/post/api`, own);
      const upload = linkOf((at.mailbox[0] as unknown as { link: Link[] }).link, 'upload_document_to_inbox').uri;
      const body = new FormData();
      body.set('subject', 'Kvittering');
      body.set('file', new Blob([new TextEncoder().encode('%PDF-1.4\n')], { type: 'application/pdf' }), 'kvittering.pdf');
      expect((await api(upload, own, { method: 'POST', body })).ok).toBe(true);
      const [uploaded] = (await inboxOf()).document;
      expect(uploaded?.subject).toBe('Kvittering');
      // Newest of all, a millisecond after the letter added at the same moment.
      expect(Date.parse(uploaded?.created ?? '')).toBe(noon + 1);
    } finally {
      await dated.stop();
    }
  });
});

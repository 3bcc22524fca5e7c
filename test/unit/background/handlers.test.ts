import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildDefaults } from '../../../src/config/build-defaults.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import { deferred } from '../auth/fakes.ts';
import { FakeNetwork, fakeBrowser, REDIRECT_URI, resetFakeBrowser } from './fake-browser.ts';
import { fakeService, type Api } from './fake-service.ts';
import { appErrorOf } from '../app-error.ts';

const A = 'https://a.example.org';
const B = 'https://b.example.org';
const CLIENT = { clientId: 'client-1', clientSecret: 's3cr3t-value' };

const configFor = (baseUrl: string): ExtensionConfig => ({
  baseUrl,
  ...CLIENT,
  scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify: false,
});

const network = new FakeNetwork();
// Modules shared with the pages (viewer addresses, i18n) reach the API through `chrome`.
vi.stubGlobal('chrome', fakeBrowser);
const BUILD_DEFAULTS: BuildDefaults = { baseUrl: A, ...CLIENT, scopes: ['READ_ACCOUNT_INFO'] };

// Imported after the stub: the worker, made over the fake browser.
const { fakeWorker } = await import('./fake-worker.ts');
type WorkerDeps = import('../../../src/background/worker.ts').WorkerDeps;
const worker = fakeWorker(network, BUILD_DEFAULTS);
const { handlers } = worker;

/** One service at `origin` (see fake-service.ts); `api` answers everything but the token endpoint. */
function service(origin: string, label: string, api?: Api) {
  return fakeService(network, origin, label, api);
}

async function useConfig(config: ExtensionConfig): Promise<void> {
  await fakeBrowser.storage.local.set({ config });
}

function approveConsent(): void {
  fakeBrowser.identity.launchWebAuthFlow = ({ url }) => {
    const state = new URL(url).searchParams.get('state') ?? '';
    return Promise.resolve(`${REDIRECT_URI}?code=CODE&state=${encodeURIComponent(state)}`);
  };
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  return (await appErrorOf(promise))?.code ?? 'no error';
}

beforeEach(() => {
  resetFakeBrowser();
  network.seen.length = 0;
  network.handlers.clear();
  approveConsent();
});

describe('a token goes only to the service that issued it', () => {
  it('sign in to A; A holds a request and answers 401; meanwhile the address moves to B and B signs in: B’s token never reaches A', async () => {
    const held = deferred<Response>();
    const asked = deferred<undefined>();
    let first = true;
    service(A, 'A', (request) => {
      if (request.url.pathname === '/post/api/thing' && first) {
        first = false;
        asked.resolve(undefined);
        return held.promise;
      }
      return Response.json({ link: [] });
    });
    service(B, 'B');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });

    const pending = failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/thing`, relation: 'self' }));
    await asked.promise;

    await handlers.saveConfig({ type: 'saveConfig', config: { ...configFor(B) } });
    await handlers.connect({ type: 'connect' });
    held.resolve(new Response('', { status: 401 }));

    // The request belonged to A's session, which ended when B signed in: it ends with it, never
    // sent again with B's token (before, the retry was stopped only by A's address being foreign now).
    expect(await pending).toBe('signed_out');
    const leaked = network.bearers().filter(([origin, token]) => origin === A && token.startsWith('B-'));
    expect(leaked).toEqual([]);
    // B's token went to B only.
    expect(
      network
        .bearers()
        .filter(([, token]) => token.startsWith('B-'))
        .every(([origin]) => origin === B),
    ).toBe(true);
  });
});

describe('forced refreshes', () => {
  it('ten calls refused with a bare 403 cost one refresh, not ten', async () => {
    const a = service(A, 'A', (request) =>
      request.url.pathname === '/post/api/doc' ? Response.json({}, { status: 403 }) : Response.json({ link: [] }),
    );
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    for (let i = 0; i < 10; i++) {
      expect(await failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/doc`, relation: 'self' }))).toBe(
        'http_forbidden',
      );
    }
    expect(a.tokenRequests.map((r) => new URLSearchParams(r.body).get('grant_type'))).toEqual(['code', 'refresh_token']);
  });

  it('a token the service expires again after a forced refresh that worked is refreshed again: each burst costs one refresh and succeeds', async () => {
    const expired = new Set<string>();
    const a = service(A, 'A', (request) =>
      request.url.pathname === '/post/api/doc' && expired.has(request.authorization ?? '')
        ? Response.json({}, { status: 403 })
        : Response.json({ link: [] }),
    );
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    for (let burst = 0; burst < 3; burst++) {
      // The service expires every token it has issued so far (as the emulator's knob does).
      for (let n = 1; n <= burst + 1; n++) expired.add(`Bearer A-AT-${n}`);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/doc`, relation: 'self' })),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 5 }, () => 'no error'));
    }
    expect(a.tokenRequests.map((r) => new URLSearchParams(r.body).get('grant_type'))).toEqual([
      'code',
      'refresh_token',
      'refresh_token',
      'refresh_token',
    ]);
  });
});

describe('what reaches a page is parsed', () => {
  it.each([
    ['a list', [1, 2, 3]],
    ['a string', 'hello'],
    ['an object whose link is not a list of links', { link: 'https://evil.example/' }],
    ['a link without a uri', { link: [{ rel: 'self' }] }],
  ])('getResource refuses %s', async (_, body) => {
    service(A, 'A', (request) => (request.url.pathname === '/post/api/x' ? Response.json(body) : Response.json({ link: [] })));
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    expect(await failureOf(handlers.getResource({ type: 'getResource', url: `${A}/post/api/x`, relation: 'self' }))).toBe(
      'response_malformed',
    );
  });

  it('getResource passes any object whose links are links', async () => {
    const body = { subject: 'x', extra: { deep: [1] }, link: [{ rel: 'self', uri: `${A}/post/api/x` }] };
    service(A, 'A', (request) => (request.url.pathname === '/post/api/x' ? Response.json(body) : Response.json({ link: [] })));
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    expect((await handlers.getResource({ type: 'getResource', url: `${A}/post/api/x`, relation: 'self' })).data).toEqual(body);
  });
});

describe('changing the service address', () => {
  it('tells the old service, as Sign out does, before the new address is saved', async () => {
    service(A, 'A');
    service(B, 'B');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    network.seen.length = 0;
    await handlers.saveConfig({ type: 'saveConfig', config: configFor(B) });
    const told = network.seen.filter((r) => r.url.origin === A && r.method === 'POST');
    expect(told).toHaveLength(1);
    expect(told[0]?.authorization).toMatch(/^Bearer A-AT-/);
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_out');
    // And the access to the old site is given back: the extension holds only what it uses.
    expect(fakeBrowser.permissions.removed).toEqual([[`${A}/*`]]);
  });

  it.each([
    ['another address', configFor(B)],
    ['other permissions', { ...configFor(A), scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT'] }],
  ] satisfies [string, ExtensionConfig][])(
    'settings saved with %s while the consent window is open: its late approval stores nothing',
    async (_, changed) => {
      const a = service(A, 'A');
      const b = service(B, 'B');
      await useConfig(configFor(A));
      const launched = deferred<string>();
      const consent = deferred<string>();
      fakeBrowser.identity.launchWebAuthFlow = ({ url }) => {
        launched.resolve(url);
        return consent.promise;
      };
      const connecting = failureOf(handlers.connect({ type: 'connect' }));
      const state = new URL(await launched.promise).searchParams.get('state') ?? '';

      await handlers.saveConfig({ type: 'saveConfig', config: changed });
      consent.resolve(`${REDIRECT_URI}?code=CODE&state=${encodeURIComponent(state)}`);

      expect(await connecting).toBe('signin_cancelled');
      expect([...a.tokenRequests, ...b.tokenRequests]).toEqual([]);
      expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_out');
      expect(network.bearers()).toEqual([]);
    },
  );

  it('changing only the poll interval keeps the session and tells nobody', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    network.seen.length = 0;
    await handlers.saveConfig({ type: 'saveConfig', config: { ...configFor(A), pollMinutes: 9 } });
    expect(network.seen).toEqual([]);
    expect(fakeBrowser.permissions.removed).toEqual([]);
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_in');
  });
});

describe('a setting of new letters, saved as it is switched', () => {
  it('changes only what it names, keeps the rest of the settings and the session, and tells nobody', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    network.seen.length = 0;
    const saved = await handlers.changeLetterSettings({ type: 'changeLetterSettings', pollMinutes: 15 });
    expect(saved).toMatchObject({ ...configFor(A), pollMinutes: 15 });
    expect(fakeBrowser.storage.local.data.config).toEqual({ ...configFor(A), pollMinutes: 15 });
    expect(network.seen).toEqual([]);
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_in');
  });

  it('switches notifications on only with the browser’s permission, and saves nothing without it', async () => {
    await useConfig(configFor(A));
    fakeBrowser.permissions.contains = () => Promise.resolve(false);
    expect(await failureOf(handlers.changeLetterSettings({ type: 'changeLetterSettings', notify: true }))).toBe(
      'notifications_permission_refused',
    );
    expect(fakeBrowser.storage.local.data.config).toEqual(configFor(A));
    fakeBrowser.permissions.contains = () => Promise.resolve(true);
    await handlers.changeLetterSettings({ type: 'changeLetterSettings', notify: true });
    expect(fakeBrowser.storage.local.data.config).toEqual({ ...configFor(A), notify: true });
  });
});

describe('changing the permissions from the options page', () => {
  const WIDER = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'DELETE_DOCUMENT'];

  /** The scope each consent window asked for. */
  function consentScopes(answer: (url: string) => Promise<string>): string[] {
    const asked: string[] = [];
    fakeBrowser.identity.launchWebAuthFlow = ({ url }) => {
      asked.push(new URL(url).searchParams.get('scope') ?? '');
      return answer(url);
    };
    return asked;
  }

  it('signed in: asks for the new set in the consent window, and once it is granted the session holds it and it is saved', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    const asked = consentScopes((url) => {
      const state = new URL(url).searchParams.get('state') ?? '';
      return Promise.resolve(`${REDIRECT_URI}?code=CODE&state=${encodeURIComponent(state)}`);
    });
    const saved = await handlers.changePermissions({ type: 'changePermissions', scopes: WIDER });
    expect(asked).toEqual(['READ_ACCOUNT_INFO READ_DOCUMENT_META_INFO DELETE_DOCUMENT']);
    expect(saved.scopes).toEqual(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'DELETE_DOCUMENT']);
    expect(await handlers.getStatus({ type: 'getStatus' })).toEqual({
      state: 'signed_in',
      scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'DELETE_DOCUMENT'],
    });
    expect((await handlers.getConfig({ type: 'getConfig' })).scopes).toEqual(saved.scopes);
  });

  it.each([
    ['refused', `${REDIRECT_URI}?error=access_denied`, 'oauth_access_denied'],
    ['closed', undefined, 'signin_cancelled'],
  ])('signed in, the consent %s: the session, its token and the settings stay as they were', async (_, redirect, code) => {
    service(A, 'A');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    consentScopes((url) => {
      const state = new URL(url).searchParams.get('state') ?? '';
      return redirect === undefined
        ? Promise.reject(new Error('The user did not approve access.'))
        : Promise.resolve(`${redirect}&state=${encodeURIComponent(state)}`);
    });
    expect(await failureOf(handlers.changePermissions({ type: 'changePermissions', scopes: WIDER }))).toBe(code);
    expect(await handlers.getStatus({ type: 'getStatus' })).toEqual({
      state: 'signed_in',
      scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'],
    });
    expect((await handlers.getConfig({ type: 'getConfig' })).scopes).toEqual(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
    // The token of the session from before still goes out.
    network.seen.length = 0;
    await handlers.getResource({ type: 'getResource', url: `${A}/post/api`, relation: 'self' });
    expect(network.bearers()).toEqual([[A, 'A-AT-1']]);
  });

  it('signed out: only chooses what Connect will ask for, without a consent window', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    const asked = consentScopes(() => Promise.reject(new Error('no window expected')));
    await handlers.changePermissions({ type: 'changePermissions', scopes: WIDER });
    expect(asked).toEqual([]);
    expect((await handlers.getConfig({ type: 'getConfig' })).scopes).toEqual([
      'READ_ACCOUNT_INFO',
      'READ_DOCUMENT_META_INFO',
      'DELETE_DOCUMENT',
    ]);
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_out');
  });

  it('switching on saving files brings the Save to Digipost menu at once, and switching it off takes it away', async () => {
    const items: string[] = [];
    const menus = {
      removeAll: () => Promise.resolve(void items.splice(0)),
      create: (item: { id?: string }) => items.push(item.id ?? ''),
    } as unknown as WorkerDeps['menus'];
    const own = fakeWorker(network, BUILD_DEFAULTS, { menus }).handlers;
    service(A, 'A');
    await useConfig(configFor(A));
    await own.connect({ type: 'connect' });
    expect(items).toEqual([]);
    await own.changePermissions({ type: 'changePermissions', scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'UPLOAD_DOCUMENT'] });
    expect(items).toEqual(['save-link', 'save-image', 'save-pdf-page']);
    await own.changePermissions({ type: 'changePermissions', scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'] });
    expect(items).toEqual([]);
  });

  it('keeps only the permissions the extension offers, and refuses a set with none of them', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    expect(
      (await handlers.changePermissions({ type: 'changePermissions', scopes: ['READ_ACCOUNT_INFO', 'SEND_DOCUMENT'] })).scopes,
    ).toEqual(['READ_ACCOUNT_INFO']);
    expect(await failureOf(handlers.changePermissions({ type: 'changePermissions', scopes: ['SEND_DOCUMENT', 'UPDATE_SETTINGS'] }))).toBe(
      'bad_request',
    );
    expect((await handlers.getConfig({ type: 'getConfig' })).scopes).toEqual(['READ_ACCOUNT_INFO']);
  });
});

describe('letter content behind a redirect to the content host', () => {
  const CONTENT_HOST = 'https://data.example.net';
  const contentUrl = `${A}/post/api/document/7/content`;

  it.each([401, 403])(
    'a %i from the content host is its own error: no refresh, no sign-out, and the token never went there',
    async (status) => {
      const a = service(A, 'A', (request) =>
        request.url.pathname === '/post/api/document/7/content'
          ? new Response(null, { status: 307, headers: { location: `${CONTENT_HOST}/one-time/abc` } })
          : Response.json({ link: [] }),
      );
      network.handlers.set(CONTENT_HOST, () => new Response('', { status }));
      await useConfig(configFor(A));
      await handlers.connect({ type: 'connect' });

      const error = await appErrorOf(handlers.getContent({ type: 'getContent', url: contentUrl, relation: 'get_document_content' }));

      expect(error).toEqual({ code: 'content_host_refused', status });
      expect(a.tokenRequests.map((r) => new URLSearchParams(r.body).get('grant_type'))).toEqual(['code']);
      expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_in');
      expect(network.seen.filter((r) => r.url.origin === CONTENT_HOST).map((r) => r.authorization)).toEqual([undefined]);
    },
  );

  it('a 401 from the service itself still earns one refresh and a retry', async () => {
    const a = service(A, 'A', (request) => {
      if (request.url.pathname !== '/post/api/document/7/content') return Response.json({ link: [] });
      // The first token has gone stale on the service's side.
      if (request.authorization === 'Bearer A-AT-1') return new Response('', { status: 401 });
      return new Response('%PDF', { headers: { 'content-type': 'application/pdf' } });
    });
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });

    const content = await handlers.getContent({ type: 'getContent', url: contentUrl, relation: 'get_document_content' });

    expect(content.contentType).toBe('application/pdf');
    expect(a.tokenRequests.map((r) => new URLSearchParams(r.body).get('grant_type'))).toEqual(['code', 'refresh_token']);
  });
});

describe('a request the browser blocks', () => {
  it('says the site access was taken away when that is why the service cannot be reached', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    // The user turns the extension's access to the site off: requests then fail like a network failure.
    fakeBrowser.permissions.contains = ({ origins = [] }) => Promise.resolve(!origins.some((o) => o.startsWith(A)));
    network.handlers.delete(A);

    const error = await appErrorOf(handlers.getRoot({ type: 'getRoot', force: true }));

    expect(error).toEqual({ code: 'host_permission_withdrawn', detail: 'a.example.org' });
    expect((await handlers.getStatus({ type: 'getStatus' })).state).toBe('signed_in');
  });

  it('a network failure with the access still held stays a network failure', async () => {
    service(A, 'A');
    await useConfig(configFor(A));
    await handlers.connect({ type: 'connect' });
    network.handlers.delete(A);

    expect(await failureOf(handlers.getRoot({ type: 'getRoot', force: true }))).toBe('network');
  });
});

describe('pages get only what they need', () => {
  it('a page other than the options page gets the permissions, never the client secret', async () => {
    await useConfig(configFor(A));
    const view = await handlers.getPageConfig({ type: 'getPageConfig' });
    expect(view).toEqual({ scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'] });
    expect(JSON.stringify(view)).not.toContain(CLIENT.clientSecret);
  });

  describe('an opening receipt', () => {
    const LETTER = `${A}/post/api/docs/7`;
    const RECEIPT = `${A}/post/api/docs/7/attachments/0/receipt`;
    const rel = (name: string) => `${A}/post/relations/${name}`;
    const letterWith = (links: { rel: string; uri: string }[]) => ({
      subject: 'Brev',
      attachment: [{ subject: 'Brev', link: links }],
      link: [],
    });

    function serviceWithLetter(attachmentLinks: { rel: string; uri: string }[]) {
      service(A, 'A', (request) => {
        if (request.url.href === LETTER) return Response.json(letterWith(attachmentLinks));
        if (request.url.href === RECEIPT) return Response.json({ link: [{ rel: rel('get_document_content'), uri: `${LETTER}/content` }] });
        return Response.json({ link: [] });
      });
    }

    it('is sent to the link the worker reads from the letter itself', async () => {
      serviceWithLetter([{ rel: rel('send_opening_receipt'), uri: RECEIPT }]);
      await useConfig(configFor(A));
      await handlers.connect({ type: 'connect' });
      network.seen.length = 0;

      const answer = await handlers.sendOpeningReceipt({
        type: 'sendOpeningReceipt',
        letter: { url: LETTER, relation: 'self' },
        attachment: 0,
      });

      expect(network.seen.map((r) => [r.method, r.url.href])).toEqual([
        ['GET', LETTER],
        ['POST', RECEIPT],
      ]);
      expect(answer.data).toEqual({ link: [{ rel: rel('get_document_content'), uri: `${LETTER}/content` }] });
    });

    it('POSTs nothing when the letter offers no receipt there', async () => {
      serviceWithLetter([{ rel: rel('delete_document'), uri: `${LETTER}/delete` }]);
      await useConfig(configFor(A));
      await handlers.connect({ type: 'connect' });
      network.seen.length = 0;

      const error = await failureOf(
        handlers.sendOpeningReceipt({ type: 'sendOpeningReceipt', letter: { url: LETTER, relation: 'self' }, attachment: 0 }),
      );

      expect(error).toBe('receipt_link_missing');
      expect(network.seen.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('reads no letter from another site', async () => {
      serviceWithLetter([]);
      await useConfig(configFor(A));
      await handlers.connect({ type: 'connect' });
      network.seen.length = 0;
      const error = await failureOf(
        handlers.sendOpeningReceipt({
          type: 'sendOpeningReceipt',
          letter: { url: 'https://evil.example/letter', relation: 'self' },
          attachment: 0,
        }),
      );
      expect(error).toBe('link_foreign_origin');
      expect(network.seen).toEqual([]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../src/protocol/dispatch.ts';
import type { Request } from '../../../src/protocol/messages.ts';
import { PAGE_PATHS, type PageName } from '../../../src/protocol/pages.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const PAGES = `chrome-extension://${ID}/`;

/** Handlers that only note what reached them: the question is what the router lets through. */
function recordingHandlers() {
  const reached: Request[] = [];
  const answer = (request: Request) => {
    reached.push(request);
    return Promise.resolve({} as never);
  };
  const handlers = Object.fromEntries(
    [
      'getStatus',
      'connect',
      'signOut',
      'getRoot',
      'getResource',
      'getConfig',
      'getPageConfig',
      'saveConfig',
      'getContent',
      'sendOpeningReceipt',
      'getRevocation',
      'retryRevocation',
      'write',
    ].map((type) => [type, answer]),
  ) as unknown as Handlers;
  return { handlers, reached };
}

const fromPage = (page: PageName, query = '') => ({ id: ID, url: `${PAGES}${PAGE_PATHS[page].slice(1)}${query}` });

const saveConfig: Request = {
  type: 'saveConfig',
  config: { baseUrl: 'https://evil.example', clientId: 'a', clientSecret: 'b', scopes: ['READ_ACCOUNT_INFO'], pollMinutes: 5 },
};

describe('the message router', () => {
  it('refuses a message from a web page before any handler sees it', async () => {
    const { handlers, reached } = recordingHandlers();
    const answer = await dispatch(
      { type: 'signOut' },
      { id: ID, url: 'https://evil.example/' },
      { handlers, ownId: ID, pagesOrigin: PAGES },
    );
    expect(answer).toEqual({ ok: false, error: { code: 'bad_request', detail: 'untrusted sender' } });
    expect(reached).toEqual([]);
  });

  it('refuses a message from another extension', async () => {
    const { handlers, reached } = recordingHandlers();
    const other = 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz';
    const answer = await dispatch(
      { type: 'getRoot' },
      { id: other, url: `chrome-extension://${other}/src/popup/popup.html` },
      { handlers, ownId: ID, pagesOrigin: PAGES },
    );
    expect(answer.ok).toBe(false);
    expect(reached).toEqual([]);
  });

  it('refuses a message that is not a request, before any handler sees it', async () => {
    const { handlers, reached } = recordingHandlers();
    for (const message of [{ type: 'getRoot', force: 'yes' }, { type: 'getResource', url: 42 }, { type: 'getToken' }, null]) {
      const answer = await dispatch(message, fromPage('popup'), { handlers, ownId: ID, pagesOrigin: PAGES });
      expect(answer.ok, JSON.stringify(message)).toBe(false);
      if (!answer.ok) expect(answer.error.code).toBe('bad_request');
    }
    expect(reached).toEqual([]);
  });

  it('passes a well-formed request from its own page to the handler', async () => {
    const { handlers, reached } = recordingHandlers();
    const answer = await dispatch({ type: 'getRoot', force: true }, fromPage('popup'), { handlers, ownId: ID, pagesOrigin: PAGES });
    expect(answer.ok).toBe(true);
    expect(reached).toEqual([{ type: 'getRoot', force: true }]);
  });

  it('lets only the options page save the configuration', async () => {
    const { handlers, reached } = recordingHandlers();
    for (const page of ['viewer', 'popup'] as const) {
      const answer = await dispatch(saveConfig, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES });
      expect(answer.ok, page).toBe(false);
    }
    // Another of our pages (a test's blank page, say) may read but not write either.
    expect((await dispatch(saveConfig, { id: ID, url: `${PAGES}blank.html` }, { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(false);
    expect(reached).toEqual([]);
    expect((await dispatch(saveConfig, fromPage('options'), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(true);
    expect(reached).toHaveLength(1);
  });

  it('does not let the viewer sign out; the popup and the options page may', async () => {
    const { handlers, reached } = recordingHandlers();
    const viewer = await dispatch({ type: 'signOut' }, fromPage('viewer', '?u=1'), { handlers, ownId: ID, pagesOrigin: PAGES });
    expect(viewer.ok).toBe(false);
    expect(reached).toEqual([]);
    expect((await dispatch({ type: 'signOut' }, fromPage('popup'), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(true);
    expect((await dispatch({ type: 'signOut' }, fromPage('options'), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(true);
  });

  it('lets connect come only from pages with a Connect button', async () => {
    const { handlers, reached } = recordingHandlers();
    expect(
      (await dispatch({ type: 'connect' }, { id: ID, url: `${PAGES}blank.html` }, { handlers, ownId: ID, pagesOrigin: PAGES })).ok,
    ).toBe(false);
    expect(reached).toEqual([]);
    for (const page of ['popup', 'options', 'viewer'] as const) {
      expect((await dispatch({ type: 'connect' }, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES })).ok, page).toBe(true);
    }
  });

  it('hands the client secret (getConfig) to the options page only; any page may have the rest (getPageConfig)', async () => {
    const { handlers, reached } = recordingHandlers();
    for (const page of ['viewer', 'popup'] as const) {
      const answer = await dispatch({ type: 'getConfig' }, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES });
      expect(answer, page).toEqual({ ok: false, error: { code: 'bad_request', detail: 'getConfig is not for this page' } });
    }
    expect(
      (await dispatch({ type: 'getConfig' }, { id: ID, url: `${PAGES}blank.html` }, { handlers, ownId: ID, pagesOrigin: PAGES })).ok,
    ).toBe(false);
    expect(reached).toEqual([]);
    expect((await dispatch({ type: 'getConfig' }, fromPage('options'), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(true);
    for (const page of ['viewer', 'popup', 'options'] as const) {
      expect((await dispatch({ type: 'getPageConfig' }, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES })).ok, page).toBe(true);
    }
  });

  it('lets "try now" for a pending revocation come from the pages that show it', async () => {
    const { handlers } = recordingHandlers();
    expect((await dispatch({ type: 'retryRevocation' }, fromPage('viewer'), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(false);
    for (const page of ['popup', 'options'] as const) {
      expect((await dispatch({ type: 'retryRevocation' }, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES })).ok, page).toBe(
        true,
      );
    }
  });

  it('takes a change to the mailbox (write) only from the viewer, never the popup or the options page', async () => {
    const { handlers } = recordingHandlers();
    const write: Request = {
      type: 'write',
      target: { url: 'https://www.digipost.no/post/api/docs/1', relation: 'self' },
      rel: 'delete_document',
    };
    for (const page of ['popup', 'options'] as const) {
      expect((await dispatch(write, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES })).ok, page).toBe(false);
    }
    expect((await dispatch(write, fromPage('viewer'), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(true);
  });

  it('lets every page of ours read', async () => {
    const { handlers, reached } = recordingHandlers();
    for (const page of ['popup', 'options', 'viewer'] as const) {
      expect((await dispatch({ type: 'getStatus' }, fromPage(page), { handlers, ownId: ID, pagesOrigin: PAGES })).ok).toBe(true);
    }
    expect(reached).toHaveLength(3);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { badgeText, newViewerFrom, showsAccount, storedItems, storeItems } from '../support/helpers.ts';
import { browserUnderTest } from '../support/extension-browser.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { configItem, pendingSignInItem } from '../../src/storage/items.ts';
import { css, role, roleSelector, textOf, until } from '../support/person.ts';

/*
 * Signing in through the service's consent window (identity.launchWebAuthFlow, in Chromium and in
 * Firefox against the emulator at an address with a port, which Firefox's host permissions once
 * tripped on), against a service that requires PKCE too, and keeping the session afterwards. Each
 * test starts signed out, against a fresh emulator.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface StorageApi {
  storage: Record<
    'local' | 'session',
    { get(keys: null): Promise<Record<string, unknown>>; remove(keys: string[]): Promise<void>; clear(): Promise<void> }
  >;
}

beforeEach(async () => {
  await h.emulator.admin.reset();
  // Everything the extension kept but its configuration: signed out, as after a fresh install.
  await h.inExtension(async (configKey: string) => {
    const api = globalThis as unknown as { browser?: StorageApi; chrome: StorageApi };
    const { storage } = api.browser ?? api.chrome;
    await storage.session.clear();
    await storage.local.remove(Object.keys(await storage.local.get(null)).filter((k) => k !== configKey));
  }, configItem.key);
  // The tabs of the test before go: all but the first, and the extension page inExtension works in.
  for (const { page, address } of (await h.tabs()).slice(1)) if (!address.endsWith('/privacy.html')) await page.close();
});

function tokenRequests(log: { path: string }[]) {
  return log.filter((entry) => entry.path.endsWith('/oauth/accesstoken')).length;
}

/** The popup's alert, once there is one, and what it says. */
async function alertText(page: Page, selector = ''): Promise<string> {
  const alert = await css(page, `${roleSelector('alert')} ${selector}`.trim()).waitHandle();
  return alert.evaluate((el) => el.textContent);
}

describe('connecting through the service consent window', () => {
  it('approving shows the user, the unread count and the newest letters in the popup, and the unread count on the badge', async () => {
    const popup = await h.openPopup();
    await role(popup, 'heading', 'Not connected').wait();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);
    expect(await textOf(popup, '.summary')).toMatch(/\d+\s*unread letters?/);
    await css(popup, '.letter-list .letter').wait();
    await expect.poll(async () => Number(await badgeText(h))).toBeGreaterThan(0);
    // Tokens stay in the extension's storage: the access token only in the session area.
    const local = JSON.stringify(await storedItems(h, 'local'));
    const session = JSON.stringify(await storedItems(h, 'session'));
    const log = await h.emulator.admin.requests();
    const tokenCall = log.filter((r) => r.path.endsWith('/oauth/accesstoken'));
    expect(tokenCall).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
    // The token request went straight to the service: no CORS preflight, as the host permission covers it.
    expect(log.filter((r) => r.method === 'OPTIONS')).toEqual([]);
    expect(session).toMatch(/[A-Za-z0-9_-]{43}/);
    expect(local).not.toContain(h.emulator.user.fullName);
  });

  it('declining says so and stays signed out; closing the consent window then cancels the sign-in', async () => {
    const popup = await h.openPopup();
    await role(popup, 'heading', 'Not connected').wait();
    await h.connectVia(popup, 'Decline');
    expect(await alertText(popup)).toContain('You declined access');
    expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
    await h.reload(popup);
    await role(popup, 'button', 'Connect').wait();

    // Still signed out, in the same browser: the consent window closed without an answer.
    const consent = await h.nextPage(
      () => role(popup, 'button', 'Connect').click(),
      (address) => address.includes('/oauth/authorize'),
    );
    await role(consent, 'button', 'Approve').wait();
    await consent.close();
    expect(await alertText(popup)).toContain('Sign-in was cancelled.');
    expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
  });

  it('an unknown client ID: the service refuses it, and the popup says the client ID may be wrong', async () => {
    const { config } = await storedItems(h, 'local');
    const unknown = {
      baseUrl: h.emulator.url,
      clientId: 'not-registered',
      clientSecret: E2E_CLIENT_SECRET,
      scopes: ['READ_ACCOUNT_INFO'],
      pollMinutes: 5,
    };
    await storeItems(h, 'local', { config: unknown });
    try {
      const popup = await h.openPopup();
      await role(popup, 'button', 'Connect').click();
      // Firefox shows the service's error page in the sign-in window and the user closes it;
      // Chrome reports it as a page it could not load. Either way: the same message.
      await expect
        .poll(
          async () => {
            for (const { page, address } of await h.tabs())
              if (address.startsWith(h.emulator.url)) await page.close().catch(() => undefined);
            return (await popup.$$(roleSelector('alert'))).length;
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      const text = await alertText(popup, '.alert-message');
      // Its message, that is: the browser's own words follow in the details, and Firefox's say
      // "User cancelled or denied access" of any window closed without an answer.
      expect(text).toContain('the client ID in settings may be wrong');
      expect(text).not.toContain('cancelled');
      // The way to mend it is right there.
      await css(popup, `${roleSelector('alert')} ${roleSelector('button', 'Open settings')}`).wait();
      expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
    } finally {
      await storeItems(h, 'local', { config });
    }
  });

  it('the service not answering during the code exchange: "Could not reach the service", not a cancel, and nothing stored', async () => {
    await h.emulator.admin.failNext(1, 'drop', '/post/api/oauth/accesstoken');
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    expect((await alertText(popup, '.alert-message')).trim()).toBe('Could not reach the service. Check your connection and try again.');
    // The browser's own words are there, small and secondary.
    const sizes = await popup.$eval(roleSelector('alert'), (el) => {
      const size = (selector: string) => parseFloat(getComputedStyle(el.querySelector(selector) ?? el).fontSize);
      return { message: size('.alert-message'), detail: size('.alert-detail') };
    });
    expect(sizes.detail).toBeLessThan(sizes.message);
    expect(JSON.stringify(await storedItems(h, 'session'))).not.toMatch(/access/i);
    await h.reload(popup);
    await role(popup, 'button', 'Connect').wait();
  });
});

describe('a service that requires PKCE', () => {
  // The emulator then refuses an authorization request without an S256 challenge (RFC 7636), and a
  // code exchange without the verifier of that challenge; the other tests require nothing.
  it('signs in: the consent window gets the S256 challenge, the token endpoint the matching verifier', async () => {
    expect((await h.emulator.admin.configure({ requirePkce: true })).requirePkce).toBe(true);
    const popup = await h.openPopup();
    await role(popup, 'heading', 'Not connected').wait();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);

    const log = await h.emulator.admin.requests();
    // One consent window, one state: Firefox has been seen loading a window's address twice.
    const authorize = log.filter((entry) => entry.path.endsWith('/oauth/authorize/new'));
    expect(new Set(authorize.map((entry) => entry.query))).toHaveProperty('size', 1);
    const query = new URLSearchParams(authorize[0]?.query ?? '');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.has('code_verifier')).toBe(false);
    // The emulator gave tokens only for the verifier that hashes to that challenge.
    expect(log.filter((entry) => entry.path.endsWith('/oauth/accesstoken')).map((entry) => entry.status)).toEqual([200]);
    // With the sign-in done, its verifier is gone with the rest of the pending sign-in.
    expect(Object.keys(await storedItems(h, 'session'))).not.toContain(pendingSignInItem.key);
  });
});

describe('keeping the session', () => {
  async function connected() {
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);
    return popup;
  }

  async function openInbox() {
    const popup = await h.openPopup();
    // The Inbox place, named with its unread count ("Inbox 3 unread").
    const viewer = await newViewerFrom(h, popup, () => css(popup, `${roleSelector('region', 'Mailbox')} .place ::-p-text(Inbox)`).click());
    return viewer;
  }

  const headingIs = (page: Page, name: string) =>
    until(page, `The heading did not say "${name}".`, (n: string) => document.querySelector('h1')?.textContent.trim() === n, name);

  it('refreshes an expired access token once, and the next page still loads', async () => {
    await connected();
    // The token the refresh brings lives long enough for the rest of the test, however slow the
    // machine, so exactly one refresh is expected.
    await h.emulator.admin.expireAccessTokens();
    await h.emulator.admin.clearRequests();
    const refreshed = await openInbox();
    await headingIs(refreshed, 'Inbox');
    await css(refreshed, '.letter-row').wait();
    expect(tokenRequests(await h.emulator.admin.requests())).toBe(1);
    await refreshed.close();
  });

  it.runIf(browserUnderTest() === 'chromium')(
    'works after the browser stopped the worker between sign-in and first use (Chromium only: Firefox cannot stop its background page on request)',
    async () => {
      await connected();
      const stopWorker = h.stopWorker;
      if (!stopWorker) throw new Error('this browser cannot stop the worker');
      await stopWorker();
      await h.emulator.admin.clearRequests();
      const viewer = await openInbox();
      await headingIs(viewer, 'Inbox');
      await css(viewer, '.letter-row').wait();
      expect(tokenRequests(await h.emulator.admin.requests())).toBe(0);
    },
  );
});

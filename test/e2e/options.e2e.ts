import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetType, type Page } from 'puppeteer-core';
import { DEFAULT_FIREFOX_ADDON_ID } from '../../src/config/build-defaults.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { E2E_CLIENT_ID, e2eBuildFor } from '../support/build-extension.ts';
import { buildWithNotificationsGranted } from '../support/notifications-granted.ts';
import { addressOf, browserUnderTest } from '../support/extension-browser.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { cachedLink, openDetails, openPlace, sayingWhatItShows, storedItems, visibleText } from '../support/helpers.ts';
import { appears, css, isChecked, isThere, role, roleSelector, says, shows, textOf, until } from '../support/person.ts';

/*
 * The options page in both browsers: the person and what the extension may do, in words; the
 * publisher's connection settings, folded away; a permission switched while signed in runs the
 * consent flow (identity.launchWebAuthFlow) against the emulator, and the grant that comes back
 * holds it (or, refused, nothing changes); Manage your letters asks once for its three, and a
 * viewer tab open meanwhile offers Upload without a reload. A second browser, whose build holds
 * the notifications permission, switches notifications on and looks at the page in the dark theme.
 */

let h: Harness;
let page: Page;

/** Any permission code of the service, e.g. READ_RECEIPTS. */
const CODE = /\b(READ|UPDATE|DELETE|UPLOAD|SEND)_[A-Z_]+\b/;
const RECEIPTS = 'See your receipts';
/** What "Manage your letters" asks Digipost for, in one consent. */
const MANAGING = ['UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];
const EVERY = 'Check for new letters';
const NOTIFY = 'Notify me of new letters';
const SWITCH_SAVED = 'Saved. Connect will ask for what is switched on.';

beforeAll(async () => {
  h = await startHarness();
  page = await h.open('src/options/options.html');
  await appears(page, 'heading', 'What the extension may do');
});
afterAll(async () => {
  await h.close();
});

/** Opens the publisher's connection settings (folded away once they are configured). */
async function openPublisher(p: Page = page): Promise<void> {
  // After a reload the page draws once its settings are read: wait for the section, never read it at once.
  const open = await (await css(p, 'details.publisher').waitHandle()).evaluate((d) => (d as HTMLDetailsElement).open);
  if (!open) {
    // Its summary holds a title and a hint: the summary itself takes the focus, as a person tabs to it.
    await (await css(p, 'details.publisher > summary').waitHandle()).focus();
    await p.keyboard.press('Enter');
    await until(
      p,
      'The connection settings did not open.',
      () => document.querySelector<HTMLDetailsElement>('details.publisher')?.open === true,
    );
  }
  await role(p, 'textbox', 'Service address').wait();
}

/** The value a field holds now. */
async function valueOf(p: Page, roleName: string, name: string): Promise<string> {
  const field = await role(p, roleName, name).waitHandle();
  return field.evaluate((el) => (el as HTMLInputElement).value);
}

/** Where the save's own status says exactly "Saved.". */
const savedAlone = (p: Page) => role(p, 'status', 'Saved.');

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: { code: string };
}
interface Runtime {
  runtime: { sendMessage(message: object): Promise<Answer> };
}

/** What the worker answers the options page for a request, as the page itself would ask. */
function askWorker(p: Page, request: object): Promise<Answer> {
  return p.evaluate((r: object) => {
    const api = (globalThis as unknown as { browser?: Runtime }).browser ?? (globalThis as unknown as { chrome: Runtime }).chrome;
    return api.runtime.sendMessage(r);
  }, request);
}

/** The tabs open now whose address starts so (the browser's own pages, which a test cannot read from inside). */
function tabsAt(start: string): string[] {
  return h.browser
    .targets()
    .filter((t) => t.type() === TargetType.PAGE && t.url().startsWith(start))
    .map((t) => t.url());
}

/**
 * The person looks at the options tab again after another tab or window (the consent, the popup)
 * was in front: a tab behind the others gets no animation frames, which the page's waits use.
 */
const backToOptions = () => page.bringToFront();

/**
 * How many consent windows the service was asked to show since its log was cleared. Each sign-in
 * sends its own state; Firefox has been seen loading a window's address twice, which is one window.
 */
async function consentsAsked(): Promise<number> {
  const states = new Set<string>();
  for (const r of await h.emulator.admin.requests()) {
    if (r.method === 'GET' && r.path === '/post/api/oauth/authorize/new') states.add(new URLSearchParams(r.query).get('state') ?? '');
  }
  return states.size;
}

/** Connects from the options page, approving on the consent page. */
async function connect(): Promise<void> {
  await h.connectVia(page, 'Approve');
  await backToOptions();
}

/** Switches a permission and answers the consent window it opens; returns the scopes the window asked for. */
async function switchWithConsent(name: string, decision: 'Approve' | 'Decline'): Promise<string[]> {
  const consent = await h.nextPage(
    () => role(page, 'switch', name).click(),
    (address) => address.includes('/oauth/authorize'),
  );
  const scopes = new URL(await addressOf(consent)).searchParams.get('scope')?.split(' ') ?? [];
  await role(consent, 'button', decision).click();
  await backToOptions();
  return scopes;
}

describe('the options page', () => {
  it('opens with the person and what the extension may do in words; no permission code outside the details; keeps the configuration the build shipped in the publisher’s section, folded away', async () => {
    await appears(page, 'heading', 'Not connected');
    await role(page, 'button', 'Connect').wait();
    expect(await isChecked(page, 'switch', 'See your letters')).toBe(true);
    expect(await isChecked(page, 'switch', 'See your account details')).toBe(true);
    expect(await isChecked(page, 'switch', RECEIPTS)).toBe(false);
    expect(await page.$$(`${roleSelector('region', 'What the extension may do')} ${roleSelector('switch')}`)).toHaveLength(6);
    const shown = await visibleText(page);
    for (const words of ['See your letters', 'Open your letters', RECEIPTS, 'Manage your letters']) expect(shown).toContain(words);
    expect(shown).toContain('Receipts from stores, if you use Digipost’s receipts.');
    expect(shown).not.toMatch(CODE);
    // Nor the publisher's address: that is a setting inside its folded section.
    expect(shown).not.toContain('127.0.0.1');
    await openDetails(page, 'Technical names of these permissions');
    expect(await visibleText(page)).toContain('READ_RECEIPTS');
    await css(page, 'summary::-p-text("Technical names of these permissions")').click();
    await until(page, 'The technical names stayed unfolded.', () => !document.body.innerText.includes('READ_RECEIPTS'));
    // The configuration the build shipped, in the publisher’s section, folded away.
    expect(await page.$eval('details.publisher', (d) => d.open)).toBe(false);
    await openPublisher();
    expect(await valueOf(page, 'textbox', 'Service address')).toBe(h.emulator.url);
    expect(await valueOf(page, 'textbox', 'Client ID')).toBe(E2E_CLIENT_ID);
    expect(await (await role(page, 'textbox', 'Client secret').waitHandle()).evaluate((el) => el.getAttribute('type'))).toBe('password');
    // The address the browser sends the person back to after the consent: Chrome's from the extension's ID, Firefox's from a hash of the add-on's.
    const redirect =
      h.name === 'firefox'
        ? `https://${createHash('sha1').update(DEFAULT_FIREFOX_ADDON_ID).digest('hex')}.extensions.allizom.org/`
        : `https://${new URL(h.url('')).host}.chromiumapp.org/`;
    expect(await valueOf(page, 'textbox', 'Redirect URI')).toBe(redirect);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('names the shortcut that opens the popup as the browser holds it, and opens the browser’s page for shortcuts', async () => {
    const card = roleSelector('region', 'Keyboard shortcut');
    await css(page, `${card} ::-p-text("Alt+Shift+D opens the mailbox from any tab.")`).wait();
    // Chrome's page for every extension's shortcuts; Firefox's add-ons manager, which has them.
    const shortcuts = h.name === 'firefox' ? 'about:addons' : 'chrome://extensions/shortcuts';
    expect(tabsAt(shortcuts)).toHaveLength(0);
    await css(page, `${card} ${roleSelector('button', 'Change the shortcut…')}`).click();
    // The browser's own page, which no test may read from inside: it shows in the list of tabs once it has its address.
    await expect.poll(() => tabsAt(shortcuts), { timeout: 20_000 }).toHaveLength(1);
    if (h.name === 'chromium') expect(tabsAt(shortcuts)).toEqual([shortcuts]);
    for (const tab of await h.browser.pages()) if (tab.url().startsWith(shortcuts)) await tab.close().catch(() => undefined);
    await backToOptions();
  });

  it('reads at 16 px, hints at 14 px or more, with a hint for every field', async () => {
    const size = (selector: string) => page.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('body')).toBeGreaterThanOrEqual(16);
    expect(await size('label[for="may-READ_RECEIPTS"]')).toBeGreaterThanOrEqual(16);
    expect(await size('#may-READ_RECEIPTS-why')).toBeGreaterThanOrEqual(14);
    expect(await size('#baseUrl')).toBeGreaterThanOrEqual(16);
    for (const field of ['baseUrl', 'clientId', 'clientSecret', 'pollMinutes', 'redirectUri']) {
      const hint = await page.$eval(`#${field}`, (el) => el.getAttribute('aria-describedby'));
      expect(hint, field).toContain(`${field}-hint`);
      expect((await page.$eval(`#${field}-hint`, (el) => el.textContent)).length, field).toBeGreaterThan(10);
    }
    // The words of a permission and its switch share one row, the switch at its end.
    const handle = await role(page, 'switch', RECEIPTS).waitHandle();
    const row = await handle.evaluate((s) => {
      const box = s.getBoundingClientRect();
      const label = document.querySelector('label[for="may-READ_RECEIPTS"]')?.getBoundingClientRect();
      return { switchLeft: box.left, labelRight: label?.right ?? Infinity, switchTop: box.top, labelBottom: label?.bottom ?? 0 };
    });
    expect(row.switchLeft).toBeGreaterThan(row.labelRight);
    expect(row.switchTop).toBeLessThan(row.labelBottom);
  });

  it('signed out, a switch chooses what Connect asks for and keeps it; the interval is saved as it is chosen; no Save but the connection’s', async () => {
    await role(page, 'switch', RECEIPTS).click();
    await says(page, 'status', SWITCH_SAVED);
    // New letters has no Save: the choice is saved at once, and said so in its own section.
    const letters = roleSelector('region', 'New letters');
    expect(await page.$$(`${letters} ${roleSelector('button')}`)).toHaveLength(0);
    await (await role(page, 'combobox', EVERY).waitHandle()).select('15');
    await css(page, `${letters} ${roleSelector('status')}::-p-text("Saved.")`).wait();
    expect(((await storedItems(h, 'local')).config as { pollMinutes: number }).pollMinutes).toBe(15);
    await h.reload(page);
    expect(await valueOf(page, 'combobox', EVERY)).toBe('15');
    expect(await isChecked(page, 'switch', RECEIPTS)).toBe(true);
    await role(page, 'switch', RECEIPTS).click();
    await says(page, 'status', SWITCH_SAVED);
    expect(await isChecked(page, 'switch', RECEIPTS)).toBe(false);
    // The connection's Save is inside its section, and its message beside it, never moving it.
    await openPublisher();
    const save = await role(page, 'button', 'Save connection').waitHandle();
    expect(await save.evaluate((el) => el.closest('details.publisher') !== null)).toBe(true);
    // Where the button is on the page (not in the window, which scrolls to it for the click), to
    // the pixel: the page's scroll may add a rounding error of its own.
    const place = () =>
      save.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x + scrollX), y: Math.round(r.y + scrollY), width: Math.round(r.width), height: Math.round(r.height) };
      });
    const before = await place();
    await save.click();
    await savedAlone(page).wait();
    expect(await place()).toEqual(before);
    // The connection's save kept what was saved at once.
    expect(((await storedItems(h, 'local')).config as { pollMinutes: number }).pollMinutes).toBe(15);
  });

  it.runIf(browserUnderTest() === 'firefox')(
    'saving another port of the service host needs no new permission (Firefox only: its host permissions match a host at any port; Chromium’s name the port, so another one is a new permission to ask for)',
    async () => {
      await h.reload(page);
      await openPublisher();
      // Firefox holds http://127.0.0.1/* (it matches no port), so the request answers at once, with no prompt.
      await role(page, 'textbox', 'Service address').fill(`http://127.0.0.1:${Number(new URL(h.emulator.url).port) + 1}`);
      await role(page, 'button', 'Save connection').click();
      await savedAlone(page).wait();
      // Back to the emulator's own address, for the tests after this one.
      await role(page, 'textbox', 'Service address').fill(h.emulator.url);
      await role(page, 'button', 'Save connection').click();
      await savedAlone(page).wait();
    },
  );
});

describe('signed in', () => {
  it('shows who is signed in; a permission switched on asks Digipost again: refused, nothing changes; approved, the new grant holds it', async () => {
    await h.reload(page);
    await connect();
    const { user } = h.emulator;
    await appears(page, 'heading', user.fullName);
    await shows(page, user.digipostaddress);
    const receipts = {
      type: 'getResource',
      url: await cachedLink(h, 'account', 'receipts'),
      relation: `${h.emulator.url}/post/relations/receipts`,
    };
    expect((await askWorker(page, receipts)).ok).toBe(false);

    // Refused: the switch goes back, the session and its permissions stay.
    expect(await switchWithConsent(RECEIPTS, 'Decline')).toContain('READ_RECEIPTS');
    await says(page, 'status', 'Nothing changed: the extension may do what it could before, and you are still signed in.');
    expect(await isChecked(page, 'switch', RECEIPTS)).toBe(false);
    await role(page, 'button', 'Sign out').wait();
    const popup = await h.openPopup();
    await appears(popup, 'heading', user.fullName);
    await popup.close();
    await backToOptions();

    // Approved: the new grant holds it, and the session is the new one, still signed in.
    expect(await switchWithConsent(RECEIPTS, 'Approve')).toContain('READ_RECEIPTS');
    await says(page, 'status', 'Done. Digipost now allows what is switched on.');
    expect(await isChecked(page, 'switch', RECEIPTS)).toBe(true);
    expect(await askWorker(page, receipts)).toMatchObject({ ok: true });
    expect(await askWorker(page, { type: 'getStatus' })).toMatchObject({
      ok: true,
      value: { state: 'signed_in', scopes: expect.arrayContaining(['READ_RECEIPTS']) as unknown },
    });
    await appears(page, 'heading', user.fullName);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('switching on Manage your letters asks Digipost once for filing, deleting and uploading, and an open viewer tab offers Upload a file without a reload', async () => {
    const viewer = await openPlace(h, 'document_inbox');
    expect(await textOf(viewer, 'h1')).toBe('Inbox');
    expect(await isThere(viewer, 'button', 'Upload a file')).toBe(false);
    await backToOptions();
    await h.emulator.admin.clearRequests();
    expect(await switchWithConsent('Manage your letters', 'Approve')).toEqual(expect.arrayContaining(MANAGING));
    await says(page, 'status', 'Done. Digipost now allows what is switched on.');
    expect(await consentsAsked()).toBe(1);
    expect(await isChecked(page, 'switch', 'Manage your letters')).toBe(true);
    // The worker tells the open tab of the new session: no reload.
    await sayingWhatItShows(viewer, 'The open viewer tab did not offer Upload a file.', () =>
      role(viewer, 'button', 'Upload a file').wait(),
    );
    await viewer.close();
  });
});

describe('the notifications switch, in the dark theme', () => {
  // A second browser whose build holds the notifications permission, as after the person's Allow:
  // the browser's prompt is its own window, which no driver can answer (test/support/notifications-granted.ts).
  let granted: Harness;
  let options: Page;
  let dist = '';
  /** What the section's own status line says once a change is saved. */
  const saidSaved = () => css(options, `${roleSelector('region', 'New letters')} ${roleSelector('status')}::-p-text("Saved.")`).wait();
  const storedNotify = async () => ((await storedItems(granted, 'local')).config as { notify?: boolean } | undefined)?.notify ?? false;

  beforeAll(async () => {
    dist = buildWithNotificationsGranted(e2eBuildFor(h.name).dist);
    // Dark: this browser also looks at the page in the dark theme (the first one is light).
    granted = await startHarness({ dist, reuseEmulator: h.emulator, colorScheme: 'dark' });
    options = await granted.open('src/options/options.html');
    await role(options, 'switch', NOTIFY).wait();
  });
  afterAll(async () => {
    await granted.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is off at first, saves at once when switched on, and says so; no Save to press', async () => {
    expect(await isChecked(options, 'switch', NOTIFY)).toBe(false);
    expect(await options.$$(`${roleSelector('region', 'New letters')} ${roleSelector('button')}`)).toHaveLength(0);
    await role(options, 'switch', NOTIFY).click();
    await saidSaved();
    expect(await isChecked(options, 'switch', NOTIFY)).toBe(true);
    expect(await storedNotify()).toBe(true);
    await granted.reload(options);
    expect(await isChecked(options, 'switch', NOTIFY)).toBe(true);
    // The dark theme, with the connection's settings open too: no accessibility violations either.
    await openPublisher(options);
    expect(await options.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
    expect(await accessibilityViolations(options)).toEqual([]);
  });
});

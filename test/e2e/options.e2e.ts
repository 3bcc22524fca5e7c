import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../support/axe.ts';
import { E2E_CLIENT_ID, E2E_PORT } from '../support/build-extension.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { cachedLink, nextFrames, visibleText } from '../support/helpers.ts';

let h: Harness;
let page: Page;

/** Any permission code of the service, e.g. READ_RECEIPTS. */
const CODE = /\b(READ|UPDATE|DELETE|UPLOAD|SEND)_[A-Z_]+\b/;

beforeAll(async () => {
  h = await startHarness();
  page = await h.context.newPage();
  await page.goto(h.url('src/options/options.html'));
  await page.getByRole('heading', { name: 'What the extension may do' }).waitFor();
});
afterAll(async () => {
  await h.close();
});

/** Opens the publisher's connection settings (folded away once they are configured). */
async function openPublisher(p: Page = page): Promise<void> {
  const details = p.locator('details.publisher');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await p.getByText('Connection to Digipost').click();
  await p.getByLabel('Service address').waitFor();
}

interface Runtime {
  chrome: { runtime: { sendMessage(message: object): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> } };
}

/** What the worker answers the options page for a request, as the page itself would ask. */
function askWorker(p: Page, request: object): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return p.evaluate((r) => (globalThis as unknown as Runtime).chrome.runtime.sendMessage(r), request);
}

describe('the options page', () => {
  it('opens with the person and what the extension may do in words; no permission code outside the details', async () => {
    await page.getByRole('heading', { name: 'Not connected' }).waitFor();
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    expect(await page.getByRole('switch', { name: 'See your letters' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'See your account details' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'See your receipts' }).isChecked()).toBe(false);
    expect(await page.getByRole('switch').count()).toBe(6);
    const shown = await visibleText(page);
    expect(shown).toContain('Receipts from stores, if you use Digipost’s receipts.');
    expect(shown).not.toMatch(CODE);
    // Nor the publisher's address: that is a setting inside its folded section.
    expect(shown).not.toContain('127.0.0.1');
    await page.getByText('Technical names of these permissions').click();
    expect(await visibleText(page)).toContain('READ_RECEIPTS');
    await page.getByText('Technical names of these permissions').click();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('links to the privacy statement shipped with it, which opens in a tab of its own, in English and Bokmål', async () => {
    const opened = h.context.waitForEvent('page');
    await page.getByRole('link', { name: 'How this extension handles your data (privacy statement)' }).click();
    const statement = await opened;
    await statement.waitForLoadState();
    try {
      expect(statement.url()).toBe(h.url('privacy.html'));
      const text = await statement.locator('body').innerText();
      expect(text).toContain('Privacy statement');
      expect(text).toContain('independent, open-source client');
      // Read as UTF-8: the Bokmål heading's æ is one letter, not two.
      expect(text).toContain('Personvernerklæring');
    } finally {
      await statement.close();
    }
  });

  it('names the shortcut that opens the popup as Chrome holds it, and opens Chrome’s shortcuts page', async () => {
    const card = page.getByRole('region', { name: 'Keyboard shortcut' });
    await card.getByText('Alt+Shift+D opens the mailbox from any tab.').waitFor();
    const opened = h.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Change the shortcut…' }).click();
    const shortcuts = await opened;
    try {
      await expect.poll(() => shortcuts.url()).toBe('chrome://extensions/shortcuts');
    } finally {
      await shortcuts.close();
    }
  });

  it('keeps the configuration the build shipped in the publisher’s section, folded away', async () => {
    expect(await page.locator('details.publisher').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await openPublisher();
    expect(await page.getByLabel('Service address').inputValue()).toBe(`http://127.0.0.1:${E2E_PORT}`);
    expect(await page.getByLabel('Client ID').inputValue()).toBe(E2E_CLIENT_ID);
    expect(await page.getByLabel('Client secret').getAttribute('type')).toBe('password');
    expect(await page.getByLabel('Redirect URI').inputValue()).toBe(`https://${h.extensionId}.chromiumapp.org/`);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('reads at 16 px, hints at 14 px or more, with a hint for every field', async () => {
    const size = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('body')).toBeGreaterThanOrEqual(16);
    expect(await size('label[for="may-READ_RECEIPTS"]')).toBeGreaterThanOrEqual(16);
    expect(await size('#may-READ_RECEIPTS-why')).toBeGreaterThanOrEqual(14);
    expect(await size('#baseUrl')).toBeGreaterThanOrEqual(16);
    for (const field of ['baseUrl', 'clientId', 'clientSecret', 'pollMinutes', 'redirectUri']) {
      const hint = await page.locator(`#${field}`).getAttribute('aria-describedby');
      expect(hint, field).toContain(`${field}-hint`);
      expect((await page.locator(`#${field}-hint`).textContent())?.length ?? 0, field).toBeGreaterThan(10);
    }
    // The words of a permission and its switch share one row, the switch at its end.
    const row = await page.getByRole('switch', { name: 'See your receipts' }).evaluate((s) => {
      const box = s.getBoundingClientRect();
      const label = document.querySelector('label[for="may-READ_RECEIPTS"]')?.getBoundingClientRect();
      return { switchLeft: box.left, labelRight: label?.right ?? Infinity, switchTop: box.top, labelBottom: label?.bottom ?? 0 };
    });
    expect(row.switchLeft).toBeGreaterThan(row.labelRight);
    expect(row.switchTop).toBeLessThan(row.labelBottom);
  });

  it('explains each invalid field and saves nothing', async () => {
    await page.reload();
    await openPublisher();
    await page.getByLabel('Service address').fill('http://example.com');
    await page.getByLabel('Client ID').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The address must start with https://').waitFor();
    await page.getByText('Enter the client ID.').waitFor();
    await page.getByLabel('Service address').fill('https://user:pw@www.digipost.no');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must not contain a user name or password').waitFor();
    await page.reload();
    await openPublisher();
    expect(await page.getByLabel('Client ID').inputValue()).toBe(E2E_CLIENT_ID);
  });

  it('signed out, a switch chooses what Connect asks for and keeps it; Save keeps the rest, the message beside the button', async () => {
    await page.getByRole('switch', { name: 'See your receipts' }).check();
    await page.getByText('Saved. Connect will ask for what is switched on.').waitFor();
    await page.getByLabel('Check for new letters every (minutes)').fill('15');
    const save = page.getByRole('button', { name: 'Save' });
    // Where the button is on the page (not in the window, which scrolls to it for the click).
    const place = () => save.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
    });
    const before = await place();
    await save.click();
    await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();
    expect(await place()).toEqual(before);
    await page.reload();
    expect(await page.getByLabel('Check for new letters every (minutes)').inputValue()).toBe('15');
    expect(await page.getByRole('switch', { name: 'See your receipts' }).isChecked()).toBe(true);
    await page.getByRole('switch', { name: 'See your receipts' }).uncheck();
    await page.getByText('Saved. Connect will ask for what is switched on.').waitFor();
  });

  it('is usable with the keyboard alone', async () => {
    await page.reload();
    await page.getByRole('switch', { name: 'Open your letters' }).focus();
    await page.keyboard.press('Space');
    await page.getByText('Saved. Connect will ask for what is switched on.').waitFor();
    expect(await page.getByRole('switch', { name: 'Open your letters' }).isChecked()).toBe(true);
    // The focus stayed on the switch through the save, so Space switches it back.
    await nextFrames(page);
    expect(await page.getByRole('switch', { name: 'Open your letters' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('switch', { name: 'Open your letters' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();
  });
});

describe('signed in', () => {
  it('shows who is signed in; a permission switched on asks Digipost again: refused, nothing changes; approved, the new grant holds it', async () => {
    await page.reload();
    await h.connectVia(page, 'Approve');
    const { user } = h.emulator;
    await page.getByRole('heading', { name: user.fullName }).waitFor();
    await page.getByText(user.digipostaddress).waitFor();
    const receipts = { type: 'getResource', url: await cachedLink(h, 'account', 'receipts'), relation: `${h.emulator.url}/post/relations/receipts` };
    expect((await askWorker(page, receipts)).ok).toBe(false);

    // Refused: the switch goes back, the session and its permissions stay.
    let consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await page.getByRole('switch', { name: 'See your receipts' }).check();
    let consent = await consentOpened;
    expect(new URL(consent.url()).searchParams.get('scope')?.split(' ')).toContain('READ_RECEIPTS');
    await consent.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Nothing changed: the extension may do what it could before, and you are still signed in.').waitFor();
    expect(await page.getByRole('switch', { name: 'See your receipts' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const popup = await h.openPopup();
    await popup.getByRole('heading', { level: 1, name: user.fullName }).waitFor();
    await popup.close();

    // Approved: the new grant holds it, and the session is the new one, still signed in.
    consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await page.getByRole('switch', { name: 'See your receipts' }).check();
    consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Done. Digipost now allows what is switched on.').waitFor();
    expect(await page.getByRole('switch', { name: 'See your receipts' }).isChecked()).toBe(true);
    expect(await askWorker(page, receipts)).toMatchObject({ ok: true });
    expect(await askWorker(page, { type: 'getStatus' })).toMatchObject({ ok: true, value: { state: 'signed_in', scopes: expect.arrayContaining(['READ_RECEIPTS']) as unknown } });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('a permission switched off asks Digipost again too, and the new grant no longer holds it', async () => {
    const receipts = { type: 'getResource', url: await cachedLink(h, 'account', 'receipts'), relation: `${h.emulator.url}/post/relations/receipts` };
    expect((await askWorker(page, receipts)).ok).toBe(true);
    const consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await page.getByRole('switch', { name: 'See your receipts' }).uncheck();
    const consent = await consentOpened;
    expect(new URL(consent.url()).searchParams.get('scope')?.split(' ')).not.toContain('READ_RECEIPTS');
    await consent.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Done. Digipost now allows what is switched on.').waitFor();
    expect(await page.getByRole('switch', { name: 'See your receipts' }).isChecked()).toBe(false);
    expect(await askWorker(page, receipts)).toMatchObject({ ok: false, error: { code: 'http_forbidden_permission' } });
    await page.getByRole('heading', { name: h.emulator.user.fullName }).waitFor();
  });

  it('a change of the client ID signs out, says so before and after, and offers Connect', async () => {
    await openPublisher();
    await page.getByLabel('Check for new letters every (minutes)').fill('10');
    expect(await page.locator('.consequence').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();

    await page.getByLabel('Client ID').fill('another-client');
    await page.getByText('Saving will sign you out, because the client ID changed.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    const status = page.getByRole('status').filter({ hasText: 'You were signed out because the client ID changed' });
    await status.waitFor();
    await status.getByRole('button', { name: 'Connect' }).waitFor();
    await page.getByRole('heading', { name: 'Not connected' }).waitFor();
    const again = await h.openPopup();
    await again.getByRole('heading', { name: 'Not connected' }).waitFor();
    await again.close();
    // Back to the registered client, for whoever runs next.
    await page.getByLabel('Client ID').fill(E2E_CLIENT_ID);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();
  });

  it('Sign out here signs out as the popup does', async () => {
    await page.reload();
    await h.connectVia(page, 'Approve');
    await page.getByRole('heading', { name: h.emulator.user.fullName }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Not connected' }).waitFor();
    expect(await askWorker(page, { type: 'getStatus' })).toMatchObject({ ok: true, value: { state: 'signed_out' } });
  });

  it('has no accessibility violations in the dark theme either', async () => {
    const dark = await startHarness({ colorScheme: 'dark', reuseEmulator: h.emulator });
    try {
      const options = await dark.context.newPage();
      await options.goto(dark.url('src/options/options.html'));
      await options.getByRole('heading', { name: 'What the extension may do' }).waitFor();
      await openPublisher(options);
      expect(await options.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
      expect(await accessibilityViolations(options)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});

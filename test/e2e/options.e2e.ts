import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../support/axe.ts';
import { E2E_CLIENT_ID, E2E_PORT } from '../support/build-extension.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { showsAccount } from '../support/helpers.ts';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  page = await h.context.newPage();
  await page.goto(h.url('src/options/options.html'));
  await page.getByLabel('Service address').waitFor();
});
afterAll(async () => {
  await h.close();
});

describe('the options page', () => {
  it('shows the configuration the build shipped and the redirect URI to register', async () => {
    expect(await page.getByLabel('Service address').inputValue()).toBe(`http://127.0.0.1:${E2E_PORT}`);
    expect(await page.getByLabel('Client ID').inputValue()).toBe(E2E_CLIENT_ID);
    expect(await page.getByLabel('Redirect URI').inputValue()).toBe(`https://${h.extensionId}.chromiumapp.org/`);
    expect(await page.getByRole('checkbox', { name: /READ_ACCOUNT_INFO/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /READ_DOCUMENT_META_INFO/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /READ_RECEIPTS/ }).isChecked()).toBe(false);
    expect(await page.getByRole('group', { name: 'Permissions' }).textContent()).toContain('See your receipts from stores (if you use Digipost receipts).');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('describes each permission in plain words first, and its code second, smaller', async () => {
    const label = page.locator('label[for="scope-READ_RECEIPTS"]');
    expect((await label.innerText()).split('\n').map((line) => line.trim())).toEqual(['See your receipts from stores (if you use Digipost receipts).', 'READ_RECEIPTS']);
    const size = (selector: string) => label.locator(selector).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('.permission-text')).toBeGreaterThan(await size('.permission-code'));
  });

  it('reads at 14 px or more, with a label and a hint for every field and the notifications box on its own line', async () => {
    const size = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('body')).toBeGreaterThanOrEqual(14);
    expect(await size('label[for="baseUrl"]')).toBeGreaterThanOrEqual(14);
    expect(await size('#baseUrl')).toBeGreaterThanOrEqual(14);
    expect(await size('.permission-text')).toBeGreaterThanOrEqual(14);
    for (const field of ['baseUrl', 'clientId', 'clientSecret', 'pollMinutes', 'redirectUri']) {
      const hint = await page.locator(`#${field}`).getAttribute('aria-describedby');
      expect(hint, field).toContain(`${field}-hint`);
      expect((await page.locator(`#${field}-hint`).textContent())?.length ?? 0, field).toBeGreaterThan(10);
    }
    // Nothing else shares the notifications box's line.
    const row = await page.locator('#notify').evaluate((box) => {
      const line = box.closest('.checkbox');
      const r = line?.getBoundingClientRect();
      const above = line?.previousElementSibling?.getBoundingClientRect();
      return { top: r?.top ?? 0, aboveBottom: above?.bottom ?? 0 };
    });
    expect(row.top).toBeGreaterThanOrEqual(row.aboveBottom);
  });

  it('explains each invalid field and saves nothing', async () => {
    await page.getByLabel('Service address').fill('http://example.com');
    await page.getByLabel('Client ID').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The address must start with https://').waitFor();
    await page.getByText('Enter the client ID.').waitFor();
    await page.getByLabel('Service address').fill('https://user:pw@www.digipost.no');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must not contain a user name or password').waitFor();
    await page.reload();
    expect(await page.getByLabel('Client ID').inputValue()).toBe(E2E_CLIENT_ID);
  });

  it('saves a valid configuration and keeps it, the message beside the button without moving it', async () => {
    await page.getByLabel('Check for new letters every (minutes)').fill('15');
    await page.getByRole('checkbox', { name: /READ_RECEIPTS/ }).check();
    const save = page.getByRole('button', { name: 'Save' });
    // Where the button is on the page (not in the window, which scrolls to it for the click).
    const place = () => save.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
    });
    const before = await place();
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await place()).toEqual(before);
    await page.reload();
    expect(await page.getByLabel('Check for new letters every (minutes)').inputValue()).toBe('15');
    expect(await page.getByRole('checkbox', { name: /READ_RECEIPTS/ }).isChecked()).toBe(true);
  });

  it('is usable with the keyboard alone', async () => {
    await page.reload();
    await page.getByLabel('Service address').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('clientId');
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  });
});

describe('saving while connected', () => {
  it('says when a change signs the user out, and offers Connect instead of leaving them signed out silently', async () => {
    const popup = await h.openPopup();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);
    await popup.close();
    await page.reload();
    await page.getByLabel('Service address').waitFor();

    // A change of the check interval keeps the connection.
    await page.getByLabel('Check for new letters every (minutes)').fill('10');
    expect(await page.locator('.consequence').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();

    // A change of permissions does not: the page says so before and after.
    await page.getByRole('checkbox', { name: /READ_SETTINGS/ }).check();
    await page.getByText('Saving will sign you out, because the permissions changed.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    const status = page.getByRole('status').filter({ hasText: 'You were signed out because the permissions changed' });
    await status.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const again = await h.openPopup();
    await again.getByRole('heading', { name: 'Not connected' }).waitFor();
    await again.close();

    const consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await status.getByRole('button', { name: 'Connect' }).click();
    const consent = await consentOpened;
    expect(await consent.textContent('body')).toContain('READ_SETTINGS');
    await consent.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Connected.' }).waitFor();
  });

  it('has no accessibility violations in the dark theme either', async () => {
    const dark = await startHarness({ colorScheme: 'dark', reuseEmulator: h.emulator });
    try {
      const options = await dark.context.newPage();
      await options.goto(dark.url('src/options/options.html'));
      await options.getByLabel('Service address').waitFor();
      expect(await options.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(27, 27, 31)');
      expect(await accessibilityViolations(options)).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});

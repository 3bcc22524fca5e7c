import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './axe.ts';
import { E2E_CLIENT_ID, E2E_PORT } from './build-extension.ts';
import { startHarness, type Harness } from './harness.ts';

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
    expect(await page.getByRole('group', { name: 'Permissions' }).textContent()).toContain('Read receipts (if enabled).');
    expect(await accessibilityViolations(page)).toEqual([]);
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

  it('saves a valid configuration and keeps it', async () => {
    await page.getByLabel('Check for new letters every (minutes)').fill('15');
    await page.getByRole('checkbox', { name: /READ_RECEIPTS/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
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

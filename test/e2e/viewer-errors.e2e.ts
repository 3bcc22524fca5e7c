import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../support/axe.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { cachedLink, viewerPageFor } from '../support/helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const viewerAddress = (url: string, relation: string) => viewerPageFor(h, { url, relation });
const accountLink = (relation: string) => cachedLink(h, 'account', relation);

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe('the viewer names each failure', () => {
  it('not signed in: says so and offers "Connect", which signs in and shows the resource', async () => {
    const page = await h.context.newPage();
    await page.goto(await viewerAddress(`${h.emulator.url}/post/api`, 'self'));
    expect(await alertText(page)).toContain('You are not connected');
    expect(await accessibilityViolations(page)).toEqual([]);
    await h.connectVia(page, 'Approve');
    await page.getByText(h.emulator.user.fullName).first().waitFor();
    await page.close();
  });

  it('refused for lack of a permission: names the permission', async () => {
    const popup = await h.openPopup();
    await popup.getByRole('heading', { level: 1, name: h.emulator.user.fullName }).waitFor();
    await popup.close();
    const page = await h.context.newPage();
    await page.goto(await viewerAddress(await accountLink('receipts'), 'receipts'));
    const text = await alertText(page);
    expect(text).toContain('“See your receipts”');
    // The permission's code is not on the screen; the service's own words wait under "Details".
    expect(await page.getByRole('alert').innerText()).not.toContain('READ_RECEIPTS');
    expect(text).toContain('which was not granted');
    await page.close();
  });

  it('not found', async () => {
    const page = await h.context.newPage();
    const missingLetter = (await accountLink('document_inbox')).replace('/documents/inbox', '/documents/99999999');
    await page.goto(await viewerAddress(missingLetter, 'self'));
    expect(await alertText(page)).toContain('not found');
    await page.close();
  });

  it('a server error, and a reload retries', async () => {
    const inbox = await accountLink('document_inbox');
    await h.emulator.admin.failNext(1, '500', new URL(inbox).pathname);
    const page = await h.context.newPage();
    await page.goto(await viewerAddress(inbox, 'document_inbox'));
    const alert = page.getByRole('alert');
    expect(await alertText(page)).toContain('The service had an error. Try again later.');
    // The status and the service's own words wait under Details, out of the sentence.
    expect(await alert.getByText('HTTP 500').isVisible()).toBe(false);
    await alert.getByText('Details').click();
    expect(await alert.getByText(/INTERNAL_SERVER_ERROR.*HTTP 500/).isVisible()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.locator('main table, main ul, main .fields').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('a malformed response', async () => {
    const inbox = await accountLink('document_inbox');
    await h.emulator.admin.failNext(1, 'malformed', new URL(inbox).pathname);
    const page = await h.context.newPage();
    await page.goto(await viewerAddress(inbox, 'document_inbox'));
    expect(await alertText(page)).toContain('not the data expected');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('main table, main ul, main .fields').first().waitFor();
    await page.close();
  });

  it('a page whose address names nothing the viewer remembers: says so calmly and offers the inbox', async () => {
    for (const address of ['src/viewer/viewer.html', 'src/viewer/viewer.html?page=AAAAAAAAAAAAAAAAAAAAAA']) {
      const page = await h.context.newPage();
      await page.goto(h.url(address));
      const note = page.getByRole('note');
      await note.waitFor();
      expect(await note.textContent()).toContain('This page is no longer here');
      expect(await page.getByRole('alert').count()).toBe(0);
      await note.getByRole('button', { name: 'Open inbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      await page.locator('.letter-row').first().waitFor();
      await page.close();
    }
  });
});

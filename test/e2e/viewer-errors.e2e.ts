import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { accessibilityViolations } from '../support/axe.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { cachedLink, openDetails, showsAccount, viewerPageFor } from '../support/helpers.ts';
import { count, css, readable, role, roleSelector, shows } from '../support/person.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const viewerAddress = (url: string, relation: string) => viewerPageFor(h, { url, relation });
const accountLink = (relation: string) => cachedLink(h, 'account', relation);

/** The alert's whole text, once there is one (its folded details included). */
async function alertText(page: Page): Promise<string> {
  const alert = await role(page, 'alert').waitHandle();
  return alert.evaluate((el) => el.textContent);
}

describe('the viewer names each failure', () => {
  it('not signed in: says so and offers "Connect", which signs in and shows the resource', async () => {
    const page = await h.open(await viewerAddress(`${h.emulator.url}/post/api`, 'self'));
    expect(await alertText(page)).toContain('You are not connected');
    expect(await accessibilityViolations(page)).toEqual([]);
    await h.connectVia(page, 'Approve');
    await page.bringToFront();
    await shows(page, h.emulator.user.fullName);
    await page.close();
  });

  it('refused for lack of a permission: names the permission', async () => {
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await popup.close();
    const page = await h.open(await viewerAddress(await accountLink('receipts'), 'receipts'));
    const text = await alertText(page);
    expect(text).toContain('“See your receipts”');
    // The permission's code is not on the screen; the service's own words wait under "Details".
    expect(await readable(page, '[role="alert"]')).not.toContain('READ_RECEIPTS');
    expect(text).toContain('which was not granted');
    await page.close();
  });

  it('not found', async () => {
    const missingLetter = (await accountLink('document_inbox')).replace('/documents/inbox', '/documents/99999999');
    const page = await h.open(await viewerAddress(missingLetter, 'self'));
    expect(await alertText(page)).toContain('The service found nothing here');
    await page.close();
  });

  it('a server error, and a reload retries', async () => {
    const inbox = await accountLink('document_inbox');
    await h.emulator.admin.failNext(1, '500', new URL(inbox).pathname);
    const page = await h.open(await viewerAddress(inbox, 'document_inbox'));
    expect(await alertText(page)).toContain('The service had an error. Try again later.');
    // The status and the service's own words wait under Details, out of the sentence.
    expect(await readable(page, '[role="alert"]')).not.toContain('HTTP 500');
    await openDetails(page, 'Details');
    expect(await readable(page, '[role="alert"]')).toMatch(/INTERNAL_SERVER_ERROR.*HTTP 500/);
    await h.reload(page);
    await role(page, 'heading', 'Inbox').wait();
    await css(page, 'main table, main ul, main .fields').wait();
    expect(await count(page, '[role="alert"]')).toBe(0);
    await page.close();
  });

  it("a gateway's 502: words a person reads, the status only under Details", async () => {
    const inbox = await accountLink('document_inbox');
    await h.emulator.admin.failNext(1, '502', new URL(inbox).pathname);
    const page = await h.open(await viewerAddress(inbox, 'document_inbox'));
    await role(page, 'alert').wait();
    const shown = await readable(page, 'main');
    expect(shown).toContain('The service had an error. Try again later.');
    for (const internal of ['502', 'HTTP', 'Bad Gateway', 'text/html']) expect(shown, internal).not.toContain(internal);
    await openDetails(page, 'Details');
    expect(await readable(page, '[role="alert"]')).toContain('HTTP 502');
    await page.close();
  });

  it('a malformed response: "could not be read", its media type only under Details', async () => {
    const inbox = await accountLink('document_inbox');
    await h.emulator.admin.failNext(1, 'malformed', new URL(inbox).pathname);
    const page = await h.open(await viewerAddress(inbox, 'document_inbox'));
    expect(await alertText(page)).toContain('The service’s answer could not be read.');
    const shown = await readable(page, 'main');
    for (const internal of ['JSON', 'json', 'application/']) expect(shown, internal).not.toContain(internal);
    await openDetails(page, 'Details');
    expect(await readable(page, '[role="alert"]')).toContain('application/vnd.digipost-v2+json');
    await role(page, 'button', 'Try again').click();
    await css(page, 'main table, main ul, main .fields').wait();
    await page.close();
  });

  it('a page whose address names nothing the viewer remembers: says so calmly and offers the inbox', async () => {
    for (const address of ['src/viewer/viewer.html', 'src/viewer/viewer.html?page=AAAAAAAAAAAAAAAAAAAAAA']) {
      const page = await h.open(address);
      const note = await role(page, 'note').waitHandle();
      expect(await note.evaluate((el) => el.textContent)).toContain('This page is no longer here');
      expect(await count(page, '[role="alert"]')).toBe(0);
      await css(page, `[role="note"] ${roleSelector('button', 'Open inbox')}`).click();
      await role(page, 'heading', 'Inbox').wait();
      await css(page, '.letter-row').wait();
      await page.close();
    }
  });
});

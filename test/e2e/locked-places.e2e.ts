import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { accessibilityViolations } from '../support/axe.ts';
import { addressOf } from '../support/extension-browser.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { newViewerFrom, openPlace, row, signInWith } from '../support/helpers.ts';
import { appears, css, role, shows } from '../support/person.ts';

/*
 * Places the permissions cannot open, and the first letter on the default build (issue #49 points
 * 2 and 3), in a real browser: the consent window that "Allow…" opens from a viewer page (its
 * words and the rest are test/component/locked-places.test.tsx's), as the settings' switches open
 * it (options.e2e.ts), and what the page shows once the person approved or declined.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // The default build's permissions: no receipts, no letters' content.
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
});
afterAll(async () => {
  await h.close();
});

/** Clicks Allow… on `page` and returns Digipost's consent page it opens, with the permissions it asks for. */
async function allow(page: Page): Promise<{ consent: Page; scopes: string[] }> {
  const consent = await h.nextPage(
    () => role(page, 'button', 'Allow…').click(),
    (address) => address.includes('/oauth/authorize'),
  );
  return { consent, scopes: new URL(await addressOf(consent)).searchParams.get('scope')?.split(' ') ?? [] };
}

describe('a place the permissions cannot open', () => {
  it('the popup marks Receipts locked; its viewer page says so, and Allow… asks Digipost for it; approved, the receipts show', async () => {
    const popup = await h.openPopup();
    const locked = role(popup, 'button', 'Receipts (locked)');
    await locked.wait();
    const viewer = await newViewerFrom(
      h,
      popup,
      () => locked.click(),
      (address) => address.includes('viewer'),
    );
    await appears(viewer, 'heading', 'Receipts');
    await shows(viewer, 'Opening this needs the permission “See your receipts”, which was not given.');
    expect(await viewer.evaluate(() => document.querySelector('[role="alert"]') === null)).toBe(true);
    await role(viewer, 'link', 'Receipts (locked)').wait();
    expect(await accessibilityViolations(viewer), 'locked page').toEqual([]);

    const { consent, scopes } = await allow(viewer);
    expect(scopes).toEqual(expect.arrayContaining(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_RECEIPTS']));
    await role(consent, 'button', 'Approve').click();
    await viewer.bringToFront();
    // The new grant reaches the page, which reads itself again: the receipts, and no lock.
    await css(viewer, 'main .letters.receipts .letter-row').wait();
    await role(viewer, 'link', 'Receipts').wait();
    expect(await viewer.evaluate(() => document.querySelector('.nav-locked'))).toBeNull();
    await viewer.close();
  });
});

describe('the first letter on the default build', () => {
  it('says reading letters needs “Open your letters”, and Allow… asks Digipost for it; declined, nothing changed', async () => {
    const inbox = await openPlace(h, 'document_inbox');
    await (await (await row(inbox, 0)).waitForSelector('a'))?.click();
    await shows(inbox, 'Reading letters needs the permission “Open your letters”, which was not given.');
    expect(await accessibilityViolations(inbox), 'letter with Allow…').toEqual([]);
    const { consent, scopes } = await allow(inbox);
    expect(scopes).toContain('READ_DOCUMENT_CONTENT');
    await role(consent, 'button', 'Decline').click();
    await inbox.bringToFront();
    await shows(inbox, 'Nothing changed: the permission was not given.');
    await role(inbox, 'button', 'Allow…').wait();
    await inbox.close();
  });
});

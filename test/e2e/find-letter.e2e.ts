import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { RELATIONS } from '../../src/api/relations.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { newViewerFrom, openPlace, showsAccount, signInWith, storedItems, visibleText } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, role, roleSelector, until } from '../support/person.ts';

/*
 * Issue #29, points 3 and 4: a letter that lives only in a folder is found by part of its subject,
 * under the folder's name, and Enter opens it; "All links from the service" names every page of
 * the root, the account and the mailbox in words. The person's settings pages in words are
 * the component tests' (viewer-reader.test.tsx, popup.test.tsx, viewer-errors.test.tsx).
 */

const SUBJECT = 'Kvittering for sykkelreparasjon';
const FINDER = 'Find a letter by sender or subject';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // Bolig (folder 2) holds it; the inbox does not.
  await h.emulator.admin.addLetter({ subject: SUBJECT, creatorName: 'Sykkelverkstedet', folderId: '2', read: true });
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS', 'READ_SETTINGS']);
});
afterAll(async () => {
  await h.close();
});

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

/** Opens a place from the popup and returns the viewer tab it opened, once its page is drawn. */
async function fromPopup(click: (popup: Page) => Promise<void>): Promise<Page> {
  const popup = await h.openPopup();
  await showsAccount(h, popup);
  const viewer = await newViewerFrom(h, popup, () => click(popup));
  await until(
    viewer,
    'The viewer did not draw its page.',
    () => document.querySelector('main h1') !== null && document.querySelector('main .skeleton') === null,
  );
  return viewer;
}

describe('finding a letter', () => {
  it("finds a letter only a folder holds by part of its subject, under the folder's name, and Enter opens it", async () => {
    const page = await openPlace(h, 'document_inbox');
    expect(await visibleText(page)).not.toContain(SUBJECT);
    // "/" from the page, not from a field: the finder takes focus.
    await page.keyboard.press('/');
    await until(
      page,
      'The finder did not take focus.',
      (name: string) => document.activeElement?.getAttribute('aria-label') === name || document.activeElement?.id === 'letter-query',
      FINDER,
    );
    await page.keyboard.type('SYKKELrep');
    const results = `${roleSelector('listbox', 'Letters found')} ${roleSelector('group', 'Bolig')}`;
    await css(page, `${results} ::-p-text(${JSON.stringify(SUBJECT)})`).wait();
    expect(await page.$$eval(`${roleSelector('listbox', 'Letters found')} [role="group"]`, (groups) => groups.length)).toBe(1);
    await css(page, `${roleSelector('search', 'Find a letter')} [role="status"]::-p-text("1 letter found.")`).wait();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await headingIs(page, SUBJECT);
    // Finding it wrote nothing to disk.
    expect(JSON.stringify(await storedItems(h, 'local'))).not.toContain('sykkel');
    await page.close();
  });
});

describe("the person's settings and every link, in words", () => {
  it('"All links from the service" names every page of the mailbox, the account and the service in words, and no ids, icon codes or relation names', async () => {
    const viewer = await fromPopup((popup) => role(popup, 'button', 'All links from the service').click());
    await role(viewer, 'region', 'Your account').wait();
    const groups = await viewer.$$eval('main section[aria-labelledby]', (sections) =>
      sections.map((section) => [
        section.querySelector('h2')?.textContent.trim(),
        [...section.querySelectorAll('a')].map((a) => a.textContent.trim()),
      ]),
    );
    expect(groups).toEqual([
      // Receipts are the mailbox's, as Digipost's apps read them (the account names them too, once shown).
      ['Your mailbox', ['Inbox', 'Mailbox settings', 'Receipts', 'Skatt', 'Bolig', 'Arkiv']],
      ['Your account', ['Account settings', 'Event log', 'Connected applications']],
      // The sign-in session and the suggestions show nothing a person can use: not offered.
      ['More from Digipost', ['Recipient search']],
    ]);
    const text = await visibleText(viewer);
    for (const internal of ['Identifier', 'Icon', 'TAX', 'HOUSE', 'http', '/post/']) expect(text, internal).not.toContain(internal);
    for (const name of [...RELATIONS.keys()].filter((n) => n.includes('_'))) expect(text, name).not.toContain(name);
    await css(viewer, `${roleSelector('region', 'Your account')} ${roleSelector('link', 'Account settings')}`).click();
    await headingIs(viewer, 'Account settings');
    await viewer.close();
  });
});

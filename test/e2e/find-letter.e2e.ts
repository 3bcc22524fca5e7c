import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { RELATIONS } from '../../src/api/relations.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { closeViewerTabs, openPlace, showsAccount, signInWith, storedItems, visibleText } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { actInClosingPopup, css, readable, role, roleSelector, shows, textOf, until } from '../support/person.ts';

/*
 * Issue #29, points 3 and 4: a letter that lives only in a folder is found by part of its subject,
 * under the folder's name, and Enter opens it; the person's settings open from the popup's account
 * section, in words; "All links from the service" names every page of the root, the account and
 * the mailbox in words.
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
  await closeViewerTabs(h);
  const popup = await h.openPopup();
  await showsAccount(h, popup);
  const viewer = await h.nextPage(() => actInClosingPopup(popup, () => click(popup)));
  await until(viewer, 'The viewer did not draw its page.', () => document.querySelector('main h1') !== null && document.querySelector('main .skeleton') === null);
  return viewer;
}

/** Unfolds the popup's account section and clicks one of its buttons. */
const inAccountSection = (name: string) => async (popup: Page) => {
  await css(popup, 'details.account summary').click();
  await role(popup, 'button', name).click();
};

describe('finding a letter', () => {
  it("finds a letter only a folder holds by part of its subject, under the folder's name, and Enter opens it", async () => {
    const page = await openPlace(h, 'document_inbox');
    expect(await visibleText(page)).not.toContain(SUBJECT);
    // "/" from the page, not from a field: the finder takes focus.
    await page.keyboard.press('/');
    await until(page, 'The finder did not take focus.', (name: string) => document.activeElement?.getAttribute('aria-label') === name || document.activeElement?.id === 'letter-query', FINDER);
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

  it('finds by the sender too, and a click opens a result', async () => {
    const page = await openPlace(h, 'document_inbox');
    await role(page, 'combobox', FINDER).fill('sykkelverksted');
    await css(page, `[role="option"] ::-p-text(${JSON.stringify(SUBJECT)})`).click();
    await headingIs(page, SUBJECT);
    await page.close();
  });
});

describe("the person's settings and every link, in words", () => {
  it("opens the account settings from the popup's account section, in words", async () => {
    const viewer = await fromPopup(inAccountSection('Account settings'));
    expect(await textOf(viewer, 'main h1')).toBe('Account settings');
    await css(viewer, 'main .fields').wait();
    expect(await visibleText(viewer)).toMatch(/Notify by text message\s+No/);
    await viewer.close();
  });

  it('opens the mailbox settings from the popup too', async () => {
    const viewer = await fromPopup(inAccountSection('Mailbox settings'));
    expect(await textOf(viewer, 'main h1')).toBe('Mailbox settings');
    await css(viewer, 'main .fields').wait();
    expect(await visibleText(viewer)).toMatch(/Order of letters\s+Newest first/);
    await viewer.close();
  });

  it('"All links from the service" names every page of the mailbox, the account and the service in words, and no ids, icon codes or relation names', async () => {
    const viewer = await fromPopup((popup) => role(popup, 'button', 'All links from the service').click());
    await role(viewer, 'region', 'Your account').wait();
    const groups = await viewer.$$eval('main section[aria-labelledby]', (sections) =>
      sections.map((section) => [section.querySelector('h2')?.textContent.trim(), [...section.querySelectorAll('a')].map((a) => a.textContent.trim())]),
    );
    expect(groups).toEqual([
      ['Your mailbox', ['Inbox', 'Mailbox settings', 'Skatt', 'Bolig', 'Arkiv']],
      ['Your account', ['Receipts', 'Account settings', 'Event log', 'Connected applications']],
      ['This sign-in and the service', ['Sign-in session', 'Recipient search', 'Recipient suggestions']],
    ]);
    const text = await visibleText(viewer);
    for (const internal of ['Identifier', 'Icon', 'TAX', 'HOUSE', 'http', '/post/']) expect(text, internal).not.toContain(internal);
    for (const name of [...RELATIONS.keys()].filter((n) => n.includes('_'))) expect(text, name).not.toContain(name);
    await css(viewer, `${roleSelector('region', 'Your account')} ${roleSelector('link', 'Account settings')}`).click();
    await headingIs(viewer, 'Account settings');
    await viewer.close();
  });

  it('without the permission to see settings, the mailbox settings say which permission to grant', async () => {
    const popup = await h.openPopup();
    await role(popup, 'button', 'Sign out').click();
    await role(popup, 'button', 'Connect').wait();
    await popup.close();
    await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
    const viewer = await fromPopup(inAccountSection('Mailbox settings'));
    expect(await textOf(viewer, 'main h1')).toBe('Couldn’t open Mailbox settings');
    await shows(viewer, 'this needs the permission “See your Digipost settings”');
    expect(await readable(viewer, 'main')).not.toContain('READ_SETTINGS');
    await viewer.close();
  });
});

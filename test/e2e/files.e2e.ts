import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { Permission } from '../../src/shared/permissions.ts';
import { openPlace, showsAccount, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, role, roleSelector, says, textOf, until } from '../support/person.ts';

/*
 * Filing letters in the viewer against the emulator, as each journey goes in a real browser: a
 * letter moved from its row, renamed on its page, deleted from a long scrolled list (its row menu
 * opening upwards at the window's bottom), folders made, refused, renamed and deleted, and what
 * the emulator's log says was sent. The page's own flows (Undo, moving several, the delete
 * confirmation, a rename while a move runs) are test/component/filing.test.tsx's. Each test adds
 * its own letter (the newest, so the first row) through the emulator's admin API.
 */

const FILING: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT'];
const NAV = 'Mailbox';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 10 } });
  await signInWith(h, FILING);
});
afterAll(async () => {
  await h.close();
});

/** A new tab on the inbox, once its rows are there. */
async function openInbox(): Promise<Page> {
  const page = await openPlace(h, 'document_inbox');
  await css(page, '.letter-row').wait();
  return page;
}

/** A new letter, first in the inbox, and the page showing the inbox with it. */
async function inboxWithLetter(subject: string): Promise<{ page: Page; id: string }> {
  const { id } = await h.emulator.admin.addLetter({ subject, creatorName: 'Strømselskapet AS' });
  const page = await openInbox();
  await rowShown(page, subject);
  return { page, id };
}

/** The changes to the mailbox the emulator received since the log was cleared (reads and sign-ins left out). */
async function writesLogged(): Promise<string[]> {
  return (await h.emulator.admin.requests())
    .filter((r) => r.method !== 'GET' && r.path.includes('/private/accounts/'))
    .map((r) => `${r.method} ${r.path.replace(/^.*\/accounts\/[^/]+/, '')}`);
}

/** How many rows of the list show these words now. */
function rowsWith(page: Page, words: string): Promise<number> {
  return page.$$eval('.letter-row', (rows, w) => rows.filter((row) => row.textContent.includes(w)).length, words);
}

/** Waits until a row with these words is in the list (or, `shown` false, no longer is). */
function rowShown(page: Page, words: string, shown = true): Promise<void> {
  return until(
    page,
    shown ? `The list did not show "${words}".` : `The list still showed "${words}".`,
    (w: string, want: boolean) => [...document.querySelectorAll('.letter-row')].some((row) => row.textContent.includes(w)) === want,
    words,
    shown,
  );
}

/** The subject in a row of the list: a click on it opens the letter. */
const rowSubject = (page: Page, subject: string) => css(page, `.letter-row .subject-text::-p-text(${JSON.stringify(subject)})`);

/** The ⋯ button of a letter's row. */
const rowMenu = (page: Page, subject: string) => role(page, 'button', `Actions for “${subject}” (M)`);

const menuItem = (page: Page, name: string) => role(page, 'menuitem', name);

/** Waits until the page's heading is these words. */
const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

const navLink = (page: Page, name: string) => css(page, `${roleSelector('navigation', NAV)} ${roleSelector('link', name)}`);

async function openFolder(page: Page, name: string): Promise<void> {
  await navLink(page, name).click();
  await headingIs(page, name);
}

/** Renames the letter whose page is shown, as a person does. */
async function rename(page: Page, subject: string): Promise<void> {
  await role(page, 'button', 'Rename').click();
  await role(page, 'textbox', 'New subject').fill(subject);
  await role(page, 'button', 'Save').click();
}

const UNDO = `${roleSelector('status')} ${roleSelector('button', 'Undo')}`;

describe('moving letters', () => {
  it('moves a letter from its row to a folder: gone from the inbox, there in the folder, one request', async () => {
    const { page, id } = await inboxWithLetter('Flytt meg til Skatt');
    await h.emulator.admin.clearRequests();
    await rowMenu(page, 'Flytt meg til Skatt').click();
    await menuItem(page, 'Skatt').click();
    await says(page, 'status', 'Moved to Skatt.');
    await rowShown(page, 'Flytt meg til Skatt', false);
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);

    await openFolder(page, 'Skatt');
    await rowShown(page, 'Flytt meg til Skatt');
    await page.close();

    // The popup's newest letters follow, without the letter that left the inbox.
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    expect(await popup.evaluate(() => document.body.innerText)).not.toContain('Flytt meg til Skatt');
    await popup.close();
  });
});

describe('the letter page', () => {
  it('renames a letter inline; the heading and the inbox show the new subject', async () => {
    const { page, id } = await inboxWithLetter('Gammelt emne');
    await rowSubject(page, 'Gammelt emne').click();
    await headingIs(page, 'Gammelt emne');
    await h.emulator.admin.clearRequests();
    await role(page, 'button', 'Rename').click();
    await role(page, 'textbox', 'New subject').fill('Strøm mars');
    // A double click saves once.
    await role(page, 'button', 'Save').click({ count: 2 });
    await headingIs(page, 'Strøm mars');
    expect(await writesLogged()).toEqual([`POST /documents/${id}/update`]);
    // The browser's Back: the inbox again, with the new subject.
    await page.evaluate(() => history.back());
    await rowShown(page, 'Strøm mars');

    // Undo gives the letter its old subject back, with a request of its own.
    await rowSubject(page, 'Strøm mars').click();
    await headingIs(page, 'Strøm mars');
    await rename(page, 'Strøm april');
    await headingIs(page, 'Strøm april');
    await css(page, UNDO).click();
    await headingIs(page, 'Strøm mars');
    expect(await writesLogged()).toHaveLength(3);
    await page.close();
  });
});

describe('a long list, scrolled', () => {
  /** The inbox in a short window, scrolled so that the row of `subject` is at the window's bottom edge. */
  async function scrolledTo(page: Page, subject: string): Promise<number> {
    await page.setViewport({ width: 1000, height: 320 });
    const text = await rowSubject(page, subject).waitHandle();
    await text.evaluate((el) => el.closest('.letter-row')?.scrollIntoView({ block: 'end' }));
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(100);
    return scrolled;
  }

  /** Where an element is in the window. */
  const boxOf = (handle: ElementHandle) =>
    handle.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight };
    });

  it("opens a row's menu upwards when there is no room below, inside the window", async () => {
    const page = await openInbox();
    const subject = await textOf(page, '.letter-row:last-child .subject-text');
    await scrolledTo(page, subject);
    const last = await css(page, `.letter-row:last-child ${roleSelector('button')}`).waitHandle();
    // Clicked where it is: a driver's click first scrolls a button not wholly in view to the middle of
    // the window (Firefox's layout leaves it a fraction of a pixel past the edge now and then), and
    // there the menu rightly opens downwards.
    await last.evaluate((button) => {
      (button as HTMLElement).click();
    });
    const menu = await role(page, 'menu').waitHandle();
    const above = await boxOf(menu);
    const button = await boxOf(last);
    expect(above.bottom).toBeLessThanOrEqual(above.height);
    expect(above.top).toBeGreaterThanOrEqual(0);
    expect(above.bottom).toBeLessThanOrEqual(button.top + 1);
    // In a window with room below, a row's menu opens downwards, below its button.
    await page.keyboard.press('Escape');
    await until(page, 'The menu stayed open after Escape.', () => !document.querySelector('[role="menu"]'));
    await page.setViewport({ width: 1000, height: 720 });
    await page.evaluate(() => scrollTo(0, 0));
    const first = await css(page, `.letter-row:first-child ${roleSelector('button')}`).waitHandle();
    await first.click();
    const below = await boxOf(await role(page, 'menu').waitHandle());
    expect(below.top + 1).toBeGreaterThanOrEqual((await boxOf(first)).bottom);
    await page.close();
  });

  it('deleting a letter, from its page or its row, says "The letter was deleted." and leaves the list where it was', async () => {
    await h.emulator.admin.addLetter({ subject: 'Slett fra siden', creatorName: 'Strømselskapet AS' });
    await h.emulator.admin.addLetter({ subject: 'Slett fra raden', creatorName: 'Strømselskapet AS' });
    // Newer letters above them, so the list has something to scroll past.
    for (const subject of ['Nyere A', 'Nyere B', 'Nyere C', 'Nyere D', 'Nyere E', 'Nyere F']) await h.emulator.admin.addLetter({ subject });
    const page = await openInbox();
    try {
      // Scrolled to the far end of the list, then to the letter, so it sits at the window's bottom edge.
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      const scrolled = await scrolledTo(page, 'Slett fra siden');

      await rowSubject(page, 'Slett fra siden').click();
      await headingIs(page, 'Slett fra siden');
      await role(page, 'button', 'Delete…').click();
      await css(page, `${roleSelector('dialog', 'Delete this letter?')} ${roleSelector('button', 'Delete the letter')}`).click();
      await says(page, 'status', 'The letter was deleted.');
      await headingIs(page, 'Inbox');
      await rowShown(page, 'Slett fra raden');
      expect(await rowsWith(page, 'Slett fra siden')).toBe(0);
      await until(page, 'The list was not scrolled back to where it was.', (at: number) => scrollY > at - 80, scrolled);
      expect(await page.evaluate(() => scrollY)).toBeLessThan(scrolled + 80);

      const before = await page.evaluate(() => scrollY);
      await rowMenu(page, 'Slett fra raden').click();
      await menuItem(page, 'Delete…').click();
      await css(page, `${roleSelector('dialog', 'Delete this letter?')} ${roleSelector('button', 'Delete the letter')}`).click();
      await says(page, 'status', 'The letter was deleted.');
      await rowShown(page, 'Slett fra raden', false);
      expect(Math.abs((await page.evaluate(() => scrollY)) - before)).toBeLessThan(80);
    } finally {
      await page.close();
    }
  });
});

describe('folders', () => {
  it('creates a folder, refuses to delete one with letters in words, deletes an empty one, and renames a folder', async () => {
    const page = await openInbox();
    await role(page, 'button', 'New folder').click();
    await role(page, 'textbox', 'Folder name').fill('Reiser');
    await role(page, 'button', 'Create folder').click();
    await says(page, 'status', 'The folder “Reiser” was created.');
    await openFolder(page, 'Reiser');

    await h.emulator.admin.clearRequests();
    await role(page, 'button', 'Delete folder').click();
    await headingIs(page, 'Inbox');
    await until(
      page,
      'The folder Reiser stayed in the list of places.',
      () => ![...document.querySelectorAll('nav a')].some((a) => a.textContent.trim() === 'Reiser'),
    );
    expect((await writesLogged()).filter((w) => w.startsWith('DELETE /folders/'))).toHaveLength(1);

    await openFolder(page, 'Skatt');
    await role(page, 'button', 'Delete folder').click();
    await says(page, 'alert', 'The folder still holds letters. Move or delete them first');
    expect(await page.$$(`${roleSelector('navigation', NAV)} ${roleSelector('link', 'Skatt')}`)).toHaveLength(1);

    await openFolder(page, 'Bolig');
    await role(page, 'button', 'Rename folder').click();
    await role(page, 'textbox', 'Folder name').fill('Hus og hjem');
    await role(page, 'button', 'Save').click();
    await headingIs(page, 'Hus og hjem');
    await navLink(page, 'Hus og hjem').wait();
    await page.close();
  });
});

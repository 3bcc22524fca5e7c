import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { Permission } from '../../src/shared/permissions.ts';
import { SHARED_MAILBOX } from '../emulator/shared-mailbox.ts';
import { dropRootCache, newViewerFrom, showsAccount, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, isThere, role, roleSelector, says, until } from '../support/person.ts';

/*
 * A mailbox shared with the person (issue #36): the emulator's demo user may read her father Ola
 * Nordmann's mailbox (test/emulator/shared-mailbox.ts: three unread letters, the folders Pensjon and
 * Helse). The popup names it with its unread count, the badge counts both mailboxes, and in the
 * viewer it is a mailbox of its own: its letters, its folders, filing only into them.
 */

const FILING: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];
const SHARED_INBOX = 'Ola Nordmann’s inbox';
const PLACES = roleSelector('navigation', 'Mailbox');

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { sharedMailbox: true } });
  await signInWith(h, FILING);
});
afterAll(async () => {
  await h.close();
});

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

/** Waits until a row with these words is in the list (or, `shown` false, no longer is). */
const rowShown = (page: Page, words: string, shown = true) =>
  until(
    page,
    shown ? `The list did not show "${words}".` : `The list still showed "${words}".`,
    (w: string, want: boolean) => [...document.querySelectorAll('.letter-row')].some((row) => row.textContent.includes(w)) === want,
    words,
    shown,
  );

/** The shared mailbox's inbox, opened from the popup as a person does. */
async function openSharedInbox(): Promise<Page> {
  const popup = await h.openPopup();
  await showsAccount(h, popup);
  const viewer = await newViewerFrom(h, popup, () => css(popup, `.place ::-p-text(${SHARED_INBOX})`).click());
  await headingIs(viewer, SHARED_INBOX);
  await css(viewer, '.letter-row').wait();
  return viewer;
}

describe('a mailbox shared with the person', () => {
  it('shows a new letter of it among the newest letters, saying whose it is, and opens it in its mailbox', async () => {
    // Newer than any letter of the person's own: it comes first.
    await h.emulator.admin.addLetter({
      subject: 'Vedtak om hjemmetjenester',
      creatorName: 'Oslo kommune',
      mailbox: SHARED_MAILBOX.digipostaddress,
    });
    await dropRootCache(h);
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    await until(
      popup,
      'The shared mailbox’s new letter did not join the newest letters.',
      () => document.querySelector('.letter-list .letter-subject')?.textContent === 'Vedtak om hjemmetjenester',
    );
    const first = await popup.$eval('.letter-list .letter', (row) =>
      [row.querySelector('.letter-sender'), row.querySelector('.letter-whose')].map((part) => part?.textContent.trim()),
    );
    expect(first).toEqual(['Oslo kommune', SHARED_INBOX]);
    // Each row says whose only when it is not the person's own: their own letters say nothing of it.
    const whose = await popup.$$eval('.letter-list .letter', (rows) =>
      rows.map((row) => row.querySelector('.letter-whose')?.textContent ?? ''),
    );
    expect(whose).toContain('');
    expect(whose.filter(Boolean).every((words) => words === SHARED_INBOX)).toBe(true);
    const viewer = await newViewerFrom(h, popup, () =>
      css(popup, '.letter-list button.letter-open ::-p-text(Vedtak om hjemmetjenester)').click(),
    );
    await headingIs(viewer, 'Vedtak om hjemmetjenester');
    await until(
      viewer,
      'The letter did not open in Ola Nordmann’s mailbox.',
      () => document.querySelector('nav[aria-label="Mailboxes"] [aria-current]')?.textContent.includes('Ola Nordmann') === true,
    );
    await viewer.close();
  });

  it('files a letter of it into its own folder, and offers none of the person’s folders', async () => {
    const viewer = await openSharedInbox();
    await css(viewer, '.letter-row .subject-text::-p-text(Strømregning)').click();
    await headingIs(viewer, 'Strømregning');
    // Its letters offer no Delete: the shared mailbox's resources offer none (the person may file, not delete).
    expect(await isThere(viewer, 'button', 'Delete…')).toBe(false);
    await role(viewer, 'button', 'Move to…').click();
    const offered = await viewer.$$eval('[role="menuitem"]', (items) => items.map((item) => item.textContent.trim()));
    expect(offered).toEqual(expect.arrayContaining(['Pensjon', 'Helse']));
    expect(offered).not.toContain('Skatt');
    await role(viewer, 'menuitem', 'Pensjon').click();
    await says(viewer, 'status', 'Moved to Pensjon.');
    // It lies in Pensjon now, and the side list (still the shared mailbox's) leads there.
    await css(viewer, `${PLACES} ${roleSelector('link', 'Pensjon')}`).click();
    await headingIs(viewer, 'Pensjon');
    await rowShown(viewer, 'Strømregning');
    await viewer.close();
  });
});

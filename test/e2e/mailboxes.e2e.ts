import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { Permission } from '../../src/shared/permissions.ts';
import { SHARED_MAILBOX } from '../emulator/shared-mailbox.ts';
import { SITE_PDF } from '../emulator/site.ts';
import { badgeText, dropRootCache, newViewerFrom, showsAccount, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, isThere, role, roleSelector, says, textOf, until } from '../support/person.ts';

/*
 * A mailbox shared with the person (issue #36): the emulator's demo user may read her father Ola
 * Nordmann's mailbox (test/emulator/shared-mailbox.ts: three unread letters, the folders Pensjon and
 * Helse). The popup names it with its unread count, the badge counts both mailboxes, and in the
 * viewer it is a mailbox of its own: its letters, its folders, filing only into them.
 */

const FILING: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];
const SHARED_INBOX = 'Ola Nordmann’s inbox';
const SWITCH = roleSelector('navigation', 'Mailboxes');
const PLACES = roleSelector('navigation', 'Mailbox');

let h: Harness;

beforeAll(async () => {
  // With the service's notice too, which the last test dismisses.
  h = await startHarness({ emulator: { sharedMailbox: true, notice: true } });
  await signInWith(h, FILING);
});
afterAll(async () => {
  await h.close();
});

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

/** The names of a navigation list's links, in order. */
const linksOf = (page: Page, nav: string) =>
  page.$$eval(`${nav} a`, (links) => links.map((a) => a.querySelector('.nav-label')?.textContent ?? ''));

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
  it('is named in the popup with its unread letters, and the badge counts both mailboxes', async () => {
    const popup = await h.openPopup();
    await showsAccount(h, popup);
    const shared = css(popup, `${roleSelector('region', 'Mailbox')} .place ::-p-text(${SHARED_INBOX})`);
    await shared.wait();
    const said = await popup.$$eval('.place', (places) =>
      places.map((p) =>
        [p.querySelector('.place-label'), p.querySelector('.place-count')]
          .map((part) => part?.textContent.trim() ?? '')
          .join(' ')
          .trim(),
      ),
    );
    // The own inbox first, the shared one after the person's own places, with its three unread letters.
    expect(said[0]).toMatch(/^Inbox \d+ unread$/);
    expect(said.at(-1)).toBe(`${SHARED_INBOX} 3 unread`);
    const own = Number(/^Inbox (\d+)/.exec(said[0] ?? '')?.[1]);
    await expect.poll(() => badgeText(h)).toBe(String(own + 3));
    await popup.close();
  });

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

  it('opens at its inbox in the viewer, with its own letters and folders, and the mailboxes to switch between', async () => {
    const viewer = await openSharedInbox();
    await rowShown(viewer, 'Strømregning');
    expect(await linksOf(viewer, SWITCH)).toEqual(['Kari Nordmann', 'Ola Nordmann']);
    expect(await viewer.$eval(`${SWITCH} [aria-current]`, (a) => a.textContent)).toContain('Ola Nordmann');
    // Its places are its own: its folders, none of the person's.
    const places = await linksOf(viewer, PLACES);
    expect(places).toEqual(expect.arrayContaining(['Inbox', 'Pensjon', 'Helse']));
    expect(places).not.toContain('Skatt');
    // Its storage, not the person's: 230 MB of 1 GB in the emulator.
    expect(await textOf(viewer, roleSelector('region', 'Storage'))).toBe('230 MB of 1 GB used');

    // Switching back: the person's own inbox and folders, and none of the shared mailbox's.
    await css(viewer, `${SWITCH} ${roleSelector('link')} ::-p-text(Kari Nordmann)`).click();
    await headingIs(viewer, 'Inbox');
    await rowShown(viewer, 'Strømregning', false);
    const own = await linksOf(viewer, PLACES);
    expect(own).toContain('Skatt');
    expect(own).not.toContain('Pensjon');
    expect(await textOf(viewer, roleSelector('region', 'Storage'))).toBe('70 MB of 1 GB used');
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

  it('takes a file uploaded in its inbox into its own inbox, not the person’s', async () => {
    const viewer = await openSharedInbox();
    const path = join(mkdtempSync(join(tmpdir(), 'mailboxes-')), 'Avtale.pdf');
    writeFileSync(path, SITE_PDF);
    const input = await viewer.waitForSelector('input[type=file]');
    await input?.uploadFile(path);
    await role(viewer, 'textbox', 'Subject').wait();
    await h.emulator.admin.clearRequests();
    await role(viewer, 'button', 'Upload').click();
    await until(viewer, 'The upload was not said to be done.', () => document.body.textContent.includes('“Avtale” was uploaded.'));
    await rowShown(viewer, 'Avtale');
    const posts = (await h.emulator.admin.requests()).filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual([expect.stringContaining(`/accounts/${SHARED_MAILBOX.accountId}/`)]);
    await viewer.close();
  });

  it('shows the service’s notice in its words above the pages until it is dismissed, with one request however often pressed', async () => {
    const viewer = await openSharedInbox();
    const notice = roleSelector('region', 'Nye vilkår for Digipost');
    await css(viewer, `${notice} ::-p-text(Vilkårene for bruk av Digipost er endret)`).wait();
    await h.emulator.admin.clearRequests();
    const dismiss = await role(viewer, 'button', 'Jeg har lest dette').waitHandle();
    // Pressed twice at once, as an impatient person does.
    await dismiss.evaluate((button) => {
      (button as HTMLElement).click();
      (button as HTMLElement).click();
    });
    await until(viewer, 'The notice stayed after it was dismissed.', () => document.querySelector('.service-notice') === null);
    const posts = (await h.emulator.admin.requests()).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([expect.stringContaining('notice')]);
    await viewer.close();
    // Read again, the root carries no notice: a page opened afresh shows none.
    const again = await openSharedInbox();
    expect(await again.$('.service-notice')).toBeNull();
    await again.close();
  });
});

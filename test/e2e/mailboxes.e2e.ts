import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { dataTypeLetters } from '../emulator/data-types.ts';
import { SHARED_MAILBOX } from '../emulator/shared-mailbox.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { dropRootCache, newViewerFrom, openPlace, READ_AND_MANAGE, showsAccount, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, roleSelector, until } from '../support/person.ts';

/*
 * A mailbox shared with the person (issue #36): the emulator's demo user may read her father Ola
 * Nordmann's mailbox (test/emulator/shared-mailbox.ts: three unread letters, the folders Pensjon and
 * Helse). The popup names it with its unread count, the badge counts both mailboxes, and in the
 * viewer it is a mailbox of its own: its letters, its folders, filing only into them. The same
 * browser shows the person's own letters with structured data (below).
 */

const SET = dataTypeLetters(Date.now());
const spec = (kind: (typeof SET)[number]['kind']) => {
  const found = SET.find((letter) => letter.kind === kind);
  if (!found) throw new Error(`no ${kind} letter`);
  return found;
};

const SHARED_INBOX = 'Ola Nordmann’s inbox';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { sharedMailbox: true } });
  // Letters of the person's own with structured data (test/emulator/data-types.ts), as the emulator's mailbox serves them.
  for (const kind of ['parcel-waiting', 'proof', 'share-documents'] as const) {
    const letter = spec(kind);
    await h.emulator.admin.addLetter({
      subject: letter.subject,
      creatorName: letter.creatorName,
      origin: letter.origin,
      read: true,
      metadata: letter.metadata,
    });
  }
  await signInWith(h, READ_AND_MANAGE);
});
afterAll(async () => {
  await h.close();
});

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

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
});

/** The text of a card, once it is drawn: found by its role and name. */
async function cardText(page: Page, name: string): Promise<string> {
  const selector = roleSelector('region', name);
  await css(page, selector).wait();
  return page.$eval(selector, (el) => el.textContent);
}

/** The kind a row of the list marks beside the subject, by the row's subject. */
function kindOf(page: Page, subject: string): Promise<string | null> {
  return page.evaluate((s: string) => {
    const row = [...document.querySelectorAll('.letter-row')].find((r) => r.querySelector('.subject-text')?.textContent === s);
    return row?.querySelector('.letter-subject .letter-kind')?.textContent ?? null;
  }, subject);
}

/*
 * Issue #46, points 2 and 5, in the browser: the inbox marks a letter's kind beside its subject; a
 * request to share documents says who asks and why, with the way to Digipost's website; a proof
 * names its holder. What each card and mark says for every data type is
 * letter-data-types.test.tsx's and letter-kinds.test.tsx's; here the engine draws them, for axe.
 */
describe("a letter's structured data in the viewer", () => {
  it('the inbox marks a parcel, a proof and a request to share beside their subjects; the request says who asks and why, the proof its holder', async () => {
    const page = await openPlace(h, 'document_inbox');
    await css(page, '.letter-kind').wait();
    expect(await kindOf(page, spec('parcel-waiting').subject)).toBe('Parcel');
    expect(await kindOf(page, spec('proof').subject)).toBe('Certificate or licence');
    expect(await kindOf(page, spec('share-documents').subject)).toBe('Request to share');
    expect(await page.$$eval('.letter-row', (rows) => rows.filter((row) => row.querySelector('.letter-kind')).length)).toBe(3);
    expect(await accessibilityViolations(page), 'list with kinds').toEqual([]);

    await css(page, `.letter-row ::-p-text(${JSON.stringify(spec('share-documents').subject)})`).click();
    const text = await cardText(page, 'Request to share documents');
    expect(text).toContain('DNB asks you to share documents');
    expect(text).toContain('Up to 14 days after you share');
    expect(text).not.toMatch(/ShareDocumentsRequest|maxShareDurationSeconds|984661185/);
    await css(page, `${roleSelector('region', 'Request to share documents')} button::-p-text("Open on Digipost’s website")`).wait();
    expect(await accessibilityViolations(page), 'letter with a card').toEqual([]);
    await page.goBack();
    await css(page, `.letter-row ::-p-text(${JSON.stringify(spec('proof').subject)})`).click();
    expect(await cardText(page, 'Fiskekort Nordmarka')).toMatch(/Valid until.*Holder.*Kari Nordmann/);
    await page.close();
  });
});

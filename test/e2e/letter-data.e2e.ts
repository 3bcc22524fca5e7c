import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { dataTypeLetters } from '../emulator/data-types.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openPlace, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { css, roleSelector, until } from '../support/person.ts';

/*
 * Issue #46, points 2 and 5, in the browser: the inbox marks a letter's kind beside its subject; a
 * receipt filed in a folder is found by a line of what was bought ("kaffe") and opens on its card;
 * a request to share documents says who asks and why, with the way to Digipost's website. The
 * letters carry the emulator's data types (test/emulator/data-types.ts), as its own mailbox serves them.
 */

let h: Harness;
const SET = dataTypeLetters(Date.now());
const spec = (kind: (typeof SET)[number]['kind']) => {
  const found = SET.find((letter) => letter.kind === kind);
  if (!found) throw new Error(`no ${kind} letter`);
  return found;
};

beforeAll(async () => {
  h = await startHarness();
  for (const [kind, folderId] of [
    ['parcel-waiting', undefined],
    ['proof', undefined],
    ['share-documents', undefined],
    // Bolig (folder 2) holds the receipt; the inbox does not.
    ['receipt', '2'],
  ] as const) {
    const letter = spec(kind);
    await h.emulator.admin.addLetter({
      subject: letter.subject,
      creatorName: letter.creatorName,
      origin: letter.origin,
      read: true,
      metadata: letter.metadata,
      ...(folderId === undefined ? {} : { folderId }),
    });
  }
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
});
afterAll(async () => {
  await h.close();
});

const headingIs = (page: Page, words: string) =>
  until(page, `The heading did not become "${words}".`, (w: string) => document.querySelector('main h1')?.textContent.trim() === w, words);

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

describe("a letter's structured data in the viewer", () => {
  it('the inbox marks a parcel, a proof and a request to share beside their subjects, and no kind on other letters', async () => {
    const page = await openPlace(h, 'document_inbox');
    await css(page, '.letter-kind').wait();
    expect(await kindOf(page, spec('parcel-waiting').subject)).toBe('Parcel');
    expect(await kindOf(page, spec('proof').subject)).toBe('Certificate or licence');
    expect(await kindOf(page, spec('share-documents').subject)).toBe('Request to share');
    expect(await page.$$eval('.letter-row', (rows) => rows.filter((row) => row.querySelector('.letter-kind')).length)).toBe(3);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('finds a receipt in a folder by a line of what was bought, says which, and Enter opens it on its card', async () => {
    const page = await openPlace(h, 'document_inbox');
    await page.click('#letter-query');
    await page.keyboard.type('kaffe');
    const results = `${roleSelector('listbox', 'Letters found')} ${roleSelector('group', 'Bolig')}`;
    await css(page, `${results} ::-p-text("On the receipt: Kaffe Evergood filtermalt")`).wait();
    await page.keyboard.press('Enter');
    await headingIs(page, spec('receipt').subject);
    expect(await cardText(page, 'Receipt from Rema 1000 Torshov')).toContain('Kaffe Evergood filtermalt');
    await page.close();
  });

  it('a request to share documents: who asks and why, and the way to Digipost’s website; a proof with its holder', async () => {
    const page = await openPlace(h, 'document_inbox');
    await css(page, `.letter-row ::-p-text(${JSON.stringify(spec('share-documents').subject)})`).click();
    const text = await cardText(page, 'Request to share documents');
    expect(text).toContain('DNB asks you to share documents');
    expect(text).toContain('Up to 14 days after you share');
    expect(text).not.toMatch(/ShareDocumentsRequest|maxShareDurationSeconds|984661185/);
    await css(page, `${roleSelector('region', 'Request to share documents')} button::-p-text("Open on Digipost’s website")`).wait();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goBack();
    await css(page, `.letter-row ::-p-text(${JSON.stringify(spec('proof').subject)})`).click();
    expect(await cardText(page, 'Fiskekort Nordmarka')).toMatch(/Valid until.*Holder.*Kari Nordmann/);
    await page.close();
  });
});

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { NewLetter } from '../emulator/admin-client.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { openPlace, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { count, css, isThere, readable, role, roleSelector, text } from '../support/person.ts';

/*
 * Invoices and appointments on the letter page, against the emulator: the copy buttons put exactly
 * what a bank's form takes on the clipboard (read back from the clipboard itself), Send to my bank
 * sends one request for two clicks and the letter then shows it sent, and an appointment card
 * shows its time in the browser's time zone while its .ics, read by an independent parser, has
 * the same moments. What the invoice panel says (overdue, not offered, refused) and an external
 * link are test/component/letter.test.tsx's; what the worker decides when the service's answer
 * says nothing, test/unit/background/writes-invoice.test.ts's and test/component/send-to-bank.test.tsx's.
 * Each test adds its own letter (the newest, so the first row) through the emulator's admin API.
 */

const SCOPES: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPDATE_DOCUMENT'];
const INVOICE = { kid: '1234 5678 90128', accountNumber: '1503.47.00879', amount: 1234.5, dueDate: '2099-12-01' };
const SENT = 'The invoice was sent to your bank.';
const CONFIRM = roleSelector('group', 'Send this invoice to your bank?');
const INVOICE_PANEL = roleSelector('region', 'Invoice');

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    emulator: { letters: 10 },
    // A time zone far from the emulator's (+01:00) and from UTC, so a time in the wrong zone shows.
    timeZone: 'America/New_York',
    // Lets a page read the clipboard back without Firefox's paste prompt (a test-only switch).
    prefs: { 'dom.events.testing.asyncClipboard': true },
  });
  await signInWith(h, SCOPES);
  if (h.name === 'chromium') {
    // Chromium asks before a page reads the clipboard: granted beforehand for the extension's pages.
    await h.browser
      .defaultBrowserContext()
      .setPermission(
        `chrome-extension://${new URL(h.url('')).host}`,
        { permission: { name: 'clipboard-read' }, state: 'granted' },
        { permission: { name: 'clipboard-write' }, state: 'granted' },
      );
  }
});
afterAll(async () => {
  await h.close();
});

/** Adds a letter and opens it from the inbox as a person does. */
async function openLetter(letter: NewLetter & { subject: string }): Promise<{ page: Page; id: string }> {
  const { id } = await h.emulator.admin.addLetter(letter);
  const page = await openPlace(h, 'document_inbox');
  // In front, as the tab a person works in: the clipboard is only for a focused page.
  await page.bringToFront();
  await text(page, letter.subject, '.letter-row a').click();
  await css(page, '.letter-head').wait();
  return { page, id };
}

const posts = async () => (await h.emulator.admin.requests()).filter((r) => r.method === 'POST');
const statusSays = (page: Page, words: string) => text(page, words, '[role="status"]').wait();
const panelText = async (page: Page) => plain(await readable(page, '.invoice-panel'));

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ');

describe('the invoice on the letter page', () => {
  it('copies the account number and KID as digits and the amount with a decimal point, by mouse and keyboard, and says Copied', async () => {
    const { page } = await openLetter({ subject: 'Faktura å kopiere', invoice: INVOICE });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    // "Copied" shows for 4 s, which a wait on a busy machine can miss: every fact's words are
    // recorded as they change, and what was said is read from the record.
    await css(page, INVOICE_PANEL).wait();
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { copySaid: string[] }).copySaid = said;
      const panel = document.querySelector('.invoice-panel');
      if (!panel) throw new Error('no invoice panel');
      new MutationObserver(() => {
        for (const fact of panel.querySelectorAll('.invoice-fact')) {
          const words = fact.querySelector('[role="status"]')?.textContent.trim();
          const label = fact.firstElementChild?.textContent.trim();
          if (words) said.push(`${label}: ${words}`);
        }
      }).observe(panel, { subtree: true, childList: true, characterData: true });
    });
    const saidSoFar = () => page.evaluate(() => (window as unknown as { copySaid: string[] }).copySaid);

    await role(page, 'button', 'Copy the account number').click();
    await expect.poll(clipboard).toBe('15034700879');
    await expect.poll(saidSoFar).toContainEqual(expect.stringMatching(/^Account number.*: Copied$/));

    await role(page, 'button', 'Copy the KID').click();
    await expect.poll(clipboard).toBe('1234567890128');
    await expect.poll(saidSoFar).toContainEqual(expect.stringMatching(/^KID.*: Copied$/));

    await (await role(page, 'button', 'Copy the amount').waitHandle()).focus();
    await page.keyboard.press('Enter');
    await expect.poll(clipboard).toBe('1234.50');
    await expect.poll(saidSoFar).toContainEqual(expect.stringMatching(/^Amount.*: Copied$/));
    await page.close();
  });
});

describe('Send to my bank', () => {
  it('confirms with the accounts, sends one request for two clicks, and the letter then shows it sent', async () => {
    const { page, id } = await openLetter({ subject: 'Send meg til banken', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    // The person's own account, from current_bank_account, and the one it goes to.
    await css(page, `${CONFIRM} ::-p-text("1234 56 78903")`).wait();
    const confirmText = plain(await readable(page, CONFIRM));
    expect(confirmText).toContain('1503 47 00879');
    expect(confirmText).toContain('NOK 1,234.50');

    await h.emulator.admin.clearRequests();
    await css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click({ count: 2 });
    await statusSays(page, SENT);
    expect((await posts()).map((r) => r.path.replace(/^.*\/accounts\/[^/]+/, ''))).toEqual([
      `/documents/${id}/attachments/${id}-1/invoice/sendtobank`,
    ]);

    // Read again from the service: sent to DNB, from the person's account, with the bank's website.
    await text(page, 'Sent to DNB', '.invoice-panel').wait();
    expect(await panelText(page)).toContain('To be paid from account 1234 56 78903');
    const website = await css(page, `.invoice-panel ${roleSelector('link', "Open DNB's website")}`).waitHandle();
    expect(await website.evaluate((a) => a.getAttribute('href'))).toBe('https://www.dnb.no/');
    expect(await isThere(page, 'button', 'Send to my bank')).toBe(false);
    await page.close();
  });
});

describe('an appointment', () => {
  it('shows its time in the browser time zone, and its .ics parses to the same start and end', async () => {
    const { page } = await openLetter({
      subject: 'Innkalling til time',
      creatorName: 'Oslo universitetssykehus',
      metadata: [
        {
          type: 'Appointment',
          title: 'Time hos øyelegen',
          startTime: '2026-12-03T09:30:00+01:00',
          endTime: '2026-12-03T10:15:00+01:00',
          arrivalTime: '2026-12-03T09:15:00+01:00',
          place: 'Ullevål, bygg 36',
          address: { streetAddress: 'Kirkeveien 166', postalCode: '0450', city: 'Oslo' },
          info: [{ title: 'Ta med', text: 'Legitimasjon, og gjerne briller' }],
        },
        { type: 'Appointment', title: 'Uten tid' },
        { type: 'Barcode', barcodeValue: '123' },
      ],
    });
    const card = roleSelector('region', 'Time hos øyelegen');
    await css(page, card).wait();
    // 09:30 in Oslo is 03:30 in New York.
    expect(plain(await readable(page, `.calendar-card .metadata-time`))).toMatch(/Thursday, December 3, 2026.*3:30\s*–\s*4:15\s*AM/);
    expect(await count(page, '.calendar-card')).toBe(1);

    // The very file the link saves: its blob, read in the page.
    const link = await css(page, `${card} ${roleSelector('link', 'Add to calendar')}`).waitHandle();
    expect(await link.evaluate((a) => a.getAttribute('download'))).toBe('calendar.ics');
    const ics = await link.evaluate((a) => fetch((a as HTMLAnchorElement).href).then((r) => r.text()));
    const [event, ...more] = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(more).toEqual([]);
    expect(event?.startDate.toJSDate().getTime()).toBe(Date.parse('2026-12-03T09:30:00+01:00'));
    expect(event?.endDate.toJSDate().getTime()).toBe(Date.parse('2026-12-03T10:15:00+01:00'));
    expect(event?.summary).toBe('Time hos øyelegen');
    expect(event?.location).toBe('Ullevål, bygg 36, Kirkeveien 166, 0450 Oslo');
    // The card's arrival note goes into the calendar too, in the card's words: 09:15 in Oslo, 03:15 in New York.
    expect(plain(await readable(page, '.calendar-card .metadata-facts'))).toMatch(/Arrive\s*3:15\s*AM/);
    expect(plain(event?.description ?? '')).toMatch(/^Arrive: 3:15\s*AM\n\nTa med\nLegitimasjon, og gjerne briller$/);
    await page.close();
  });
});

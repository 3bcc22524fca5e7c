import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { NewLetter } from '../emulator/admin-client.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { openPlace, signInWith } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { count, css, isThere, readable, role, roleSelector, shows, stopsShowing, text, until } from '../support/person.ts';

/*
 * Invoices and appointments on the letter page, against the emulator: the copy buttons put exactly
 * what a bank's form takes on the clipboard (read back from the clipboard itself), Send to my bank
 * sends one request for two clicks and the letter then shows it sent, a letter without
 * send_to_bank offers no such button, and an appointment card shows its time in the browser's
 * time zone while its .ics, read by an independent parser, has the same moments. Each test adds
 * its own letter (the newest, so the first row) through the emulator's admin API.
 */

const SCOPES: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPDATE_DOCUMENT'];
const INVOICE = { kid: '1234 5678 90128', accountNumber: '1503.47.00879', amount: 1234.5, dueDate: '2099-12-01' };
const SENT = 'The invoice was sent to your bank.';
const UNCONFIRMED = 'Digipost has not confirmed yet that the invoice reached your bank';
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
      .setPermission(`chrome-extension://${new URL(h.url('')).host}`, { permission: { name: 'clipboard-read' }, state: 'granted' }, { permission: { name: 'clipboard-write' }, state: 'granted' });
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

/**
 * Every text the letter's main area showed, sampled in the page until `end` shows: what the person
 * could have read on the way, so a passing "not sent" is caught too.
 */
async function everythingSaidUntil(page: Page, end: string): Promise<string> {
  await page.evaluate((last: string) => {
    const seen = new Set<string>();
    (globalThis as { said?: Set<string> }).said = seen;
    const main = document.querySelector('main');
    // What it said on the way: the end itself is not part of the way.
    const note = () => {
      const said = main?.textContent ?? '';
      if (!said.includes(last)) seen.add(said);
    };
    note();
    new MutationObserver(note).observe(main ?? document.body, { subtree: true, childList: true, characterData: true });
  }, end);
  await until(page, `"${end}" never showed.`, (words: string) => Boolean(document.querySelector('main')?.textContent.includes(words)), end);
  return page.evaluate(() => [...((globalThis as { said?: Set<string> }).said ?? [])].join('\n'));
}

const posts = async () => (await h.emulator.admin.requests()).filter((r) => r.method === 'POST');
const statusSays = (page: Page, words: string) => text(page, words, '[role="status"]').wait();
const panelText = async (page: Page) => plain(await readable(page, '.invoice-panel'));

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ');

describe('the invoice on the letter page', () => {
  it('shows the amount, due date, account and KID once each, with nothing of them in the header', async () => {
    const { page } = await openLetter({ subject: 'Faktura én gang', invoice: INVOICE });
    await css(page, INVOICE_PANEL).wait();
    expect(await panelText(page)).toContain('NOK 1,234.50');
    expect(await panelText(page)).toContain('1503 47 00879');
    expect(plain(await readable(page, '.letter-head'))).not.toContain('1,234.50');
    expect(plain(await page.$eval('main', (m) => m.textContent)).split('1,234.50')).toHaveLength(2);
    await page.close();
  });

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

  it('says an unpaid invoice past its due date is overdue', async () => {
    const { page } = await openLetter({ subject: 'Forfalt faktura', invoice: { ...INVOICE, dueDate: '2020-01-10' } });
    await text(page, 'Overdue', '.invoice-panel.overdue').wait();
    await page.close();
  });
});

describe('Send to my bank', () => {
  it('is not offered where the invoice does not link send_to_bank', async () => {
    const { page } = await openLetter({ subject: 'Uten bankavtale', invoice: INVOICE });
    await css(page, INVOICE_PANEL).wait();
    expect(await isThere(page, 'button', 'Send to my bank')).toBe(false);
    await page.close();
  });

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
    expect((await posts()).map((r) => r.path.replace(/^.*\/accounts\/[^/]+/, ''))).toEqual([`/documents/${id}/attachments/${id}-1/invoice/sendtobank`]);

    // Read again from the service: sent to DNB, from the person's account, with the bank's website.
    await text(page, 'Sent to DNB', '.invoice-panel').wait();
    expect(await panelText(page)).toContain('To be paid from account 1234 56 78903');
    const website = await css(page, `.invoice-panel ${roleSelector('link', "Open DNB's website")}`).waitHandle();
    expect(await website.evaluate((a) => a.getAttribute('href'))).toBe('https://www.dnb.no/');
    expect(await isThere(page, 'button', 'Send to my bank')).toBe(false);
    await page.close();
  });

  it('after a POST that arrived but was never answered, reads the letter again and shows it sent, without a second POST', async () => {
    const { page } = await openLetter({ subject: 'Svaret kom aldri', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    await h.emulator.admin.clearRequests();
    // The service records the payment and never answers, until the worker gives up.
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    await css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click();
    await statusSays(page, SENT);
    await text(page, 'Sent to DNB', '.invoice-panel').wait();
    expect(await posts()).toHaveLength(1);
    await page.close();
  });

  it('a POST never answered while the service records the payment only seconds later: one POST, never "not sent" nor "send again", and "sent" once it shows', async () => {
    const { page } = await openLetter({ subject: 'Banken er treg', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    await h.emulator.admin.clearRequests();
    // The service takes the POST and never answers; the payment shows only 6 s later (the worker gives up after 5 s).
    await h.emulator.admin.configure({ bankPaymentDelayMs: 6000 });
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    try {
      const saying = css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click();
      const said = await everythingSaidUntil(page, SENT);
      await saying;
      expect(said).not.toMatch(/did not reach|not sent|Send again|can send it again/i);
      await text(page, 'Sent to DNB', '.invoice-panel').wait();
      expect(await posts()).toHaveLength(1);
    } finally {
      await h.emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
    await page.close();
  });

  it('a gateway 504 after the service took it is not "nothing done": one POST, and sent once the payment shows', async () => {
    const { page } = await openLetter({ subject: 'Bak en portner', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    await h.emulator.admin.clearRequests();
    await h.emulator.admin.configure({ bankPaymentDelayMs: 2000 });
    await h.emulator.admin.failNext(1, '504-after', '/post/api/private/accounts/', 'POST');
    try {
      const saying = css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click();
      const said = await everythingSaidUntil(page, SENT);
      await saying;
      expect(said).not.toMatch(/did not reach|not sent|Send again|service had an error/i);
      expect(await posts()).toHaveLength(1);
    } finally {
      await h.emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
    await page.close();
  });

  it("not confirmed within the while the worker looks: says so, Look again sends nothing, and sending again is the person's explicit choice", async () => {
    const { page } = await openLetter({ subject: 'Ingen bekreftelse', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    await h.emulator.admin.clearRequests();
    // Held by the service for longer than the test runs.
    await h.emulator.admin.configure({ bankPaymentDelayMs: 120_000 });
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    try {
      const saying = css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click();
      const said = await everythingSaidUntil(page, UNCONFIRMED);
      await saying;
      expect(said).not.toMatch(/did not reach|shows it as not sent|You can send it again/i);
      await role(page, 'button', 'Look again').click();
      await shows(page, 'Looking whether Digipost shows the invoice as sent');
      await stopsShowing(page, 'Looking whether Digipost shows the invoice as sent');
      await statusSays(page, UNCONFIRMED);
      expect(await posts()).toHaveLength(1);
      // Send again opens the confirmation first: nothing goes without the person's click there.
      await role(page, 'button', 'Send again…').click();
      await css(page, CONFIRM).wait();
      expect(await posts()).toHaveLength(1);
    } finally {
      await h.emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
    await page.close();
  });

  it('a POST whose answer a gateway lost while it stayed down: not confirmed, then Look again once the payment shows says sent, with one POST', async () => {
    const { page } = await openLetter({ subject: 'Porten nede', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    await h.emulator.admin.clearRequests();
    await h.emulator.admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
    try {
      const saying = css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click();
      const said = await everythingSaidUntil(page, UNCONFIRMED);
      await saying;
      expect(said).not.toMatch(/did not reach|not sent|refused|did not let/i);
      // The bank has it now: Look again reads the evidence before anything else, and never calls it refused.
      await h.emulator.admin.configure({ gatewayDown: false });
      await role(page, 'button', 'Look again').click();
      await statusSays(page, SENT);
    } finally {
      await h.emulator.admin.configure({ gatewayDown: false });
    }
    expect(await posts()).toHaveLength(1);
    expect(await panelText(page)).not.toMatch(/Digipost refused|did not let/i);
    await page.close();
  });

  it('says in words when Digipost refuses it, and sends nothing more', async () => {
    const { page } = await openLetter({ subject: 'Avvist av banken', invoice: { ...INVOICE, sendToBank: true } });
    await role(page, 'button', 'Send to my bank').click();
    // Refused twice: the worker tries once more with a fresh token before it believes a 403.
    await h.emulator.admin.failNext(2, '403', '/post/api/private/accounts/', 'POST');
    await css(page, `${CONFIRM} ${roleSelector('button', 'Send to my bank')}`).click();
    await text(page, 'Digipost did not let this extension send invoices to your bank', '[role="alert"]').wait();
    expect(await panelText(page)).toContain('Not paid');
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

  it('turns an ExternalLink into a link that opens in a new tab, and leaves out one that is not a web address', async () => {
    const { page } = await openLetter({
      subject: 'Svar på innkallingen',
      metadata: [
        { type: 'ExternalLink', url: 'https://example.org/svar', description: 'Svar innen fristen', buttonText: 'Svar på innkallingen' },
        { type: 'ExternalLink', url: 'javascript:alert(1)', buttonText: 'Farlig lenke' },
      ],
    });
    const link = await role(page, 'link', 'Svar på innkallingen').waitHandle();
    expect(await link.evaluate((a) => [a.getAttribute('target'), a.getAttribute('rel'), a.getAttribute('href')])).toEqual(['_blank', 'noopener noreferrer', 'https://example.org/svar']);
    expect(await isThere(page, 'link', 'Farlig lenke')).toBe(false);
    await page.close();
  });
});

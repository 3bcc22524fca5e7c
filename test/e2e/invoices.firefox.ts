import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, navigate, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, control, element, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Firefox: an invoice's copy buttons (read back from the clipboard), Send to my bank (one request
 * for two clicks, the letter then shown sent; no button without send_to_bank), and an appointment
 * card in the browser's time zone whose .ics an independent parser reads with the same moments.
 */

// Far from the emulator's +01:00 and from UTC, so a time in the wrong zone shows. Firefox takes it from its environment.
process.env.TZ = 'America/New_York';

const SCOPES = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPDATE_DOCUMENT'];
const INVOICE = { kid: '1234 5678 90128', accountNumber: '1503 47 00879', amount: 1234.5, dueDate: '2099-12-01' };

let emulator: RunningEmulator;
let firefox: FirefoxWithExtension;
let page: Page;

interface BrowserInPage {
  browser: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 10, quiet: true });
  // Lets a test page read the clipboard back without Firefox's paste prompt (a test-only switch).
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST, { prefs: { 'dom.events.testing.asyncClipboard': true } });
  const popup = await firefox.openPage('src/popup/popup.html');
  await popup.evaluate(
    (config) => (globalThis as unknown as BrowserInPage).browser.storage.local.set({ config }),
    { baseUrl: emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes: SCOPES, pollMinutes: 5 },
  );
  await navigate(popup, firefox.url('src/popup/popup.html'));
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await shows(popup, emulator.user.fullName);
  page = await firefox.nextPage(() => click(popup, 'Inbox'));
  await element(page, '.letter-row', WAIT);
  await popup.close();
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (emulator as RunningEmulator | undefined)?.stop();
});

/** Back to the inbox (read again, so the letter just added is there) and into the letter. */
async function openLetter(subject: string): Promise<void> {
  const inbox = await waitFor(page, () => [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Inbox'), WAIT);
  await (inbox as ElementHandle).click();
  const row = await waitFor(
    page,
    (s: string) => [...document.querySelectorAll('.letter-row')].find((r) => r.textContent.includes(s))?.querySelector('a'),
    WAIT,
    subject,
  );
  await (row as ElementHandle).click();
  await waitFor(page, (s: string) => document.querySelector('h1')?.textContent === s, WAIT, subject);
}

const text = (selector: string) => page.$eval(selector, (el) => el.textContent.replace(/[\u00a0\u202f\u2009]/g, ' '));

describe('Firefox: invoices and appointments', () => {
  it('copies the account number as digits and the amount with a decimal point, and says Copied', async () => {
    await emulator.admin.addLetter({ subject: 'Kopier i Firefox', invoice: INVOICE });
    await openLetter('Kopier i Firefox');
    await click(page, 'Copy the account number', true);
    await shows(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('15034700879');
    await (await control(page, 'Copy the amount', true)).focus();
    await page.keyboard.press('Enter');
    await waitFor(page, () => navigator.clipboard.readText().then((t) => t === '1234.50'), WAIT);
  });

  it('offers no Send to my bank where the invoice does not link it', async () => {
    expect(await page.$$eval('button', (buttons) => buttons.filter((b) => b.textContent.trim() === 'Send to my bank').length)).toBe(0);
  });

  it('sends an invoice to the bank with one request for two clicks, and then shows it sent', async () => {
    const { id } = await emulator.admin.addLetter({ subject: 'Til banken i Firefox', invoice: { ...INVOICE, sendToBank: true } });
    await openLetter('Til banken i Firefox');
    await click(page, 'Send to my bank', true);
    await shows(page, '1234 56 78903');
    await emulator.admin.clearRequests();
    const confirm = await element(page, '.send-to-bank-confirm button.primary', WAIT);
    await confirm.click({ count: 2 });
    await shows(page, 'The invoice was sent to your bank.');
    await shows(page, 'Sent to DNB');
    const posts = (await emulator.admin.requests()).filter((r) => r.method === 'POST').map((r) => r.path.replace(/^.*\/accounts\/[^/]+/, ''));
    expect(posts).toEqual([`/documents/${id}/attachments/${id}-1/invoice/sendtobank`]);
  });

  it('a POST never answered while the service shows the payment only seconds later: one POST, never "not sent", and sent once it shows', async () => {
    await emulator.admin.addLetter({ subject: 'Treg bank i Firefox', invoice: { ...INVOICE, sendToBank: true } });
    await openLetter('Treg bank i Firefox');
    await click(page, 'Send to my bank', true);
    await emulator.admin.clearRequests();
    // The POST is taken and never answered (the worker gives up after 5 s); the payment shows 6 s after it.
    await emulator.admin.configure({ bankPaymentDelayMs: 6000 });
    await emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    try {
      const confirm = await element(page, '.send-to-bank-confirm button.primary', WAIT);
      await confirm.click();
      // Everything the page said on the way, sampled until it says sent.
      const said = new Set<string>();
      const deadline = Date.now() + 40_000;
      for (;;) {
        const now = await text('main');
        said.add(now);
        if (now.includes('The invoice was sent to your bank.')) break;
        if (Date.now() > deadline) throw new Error(`never said sent; it said: ${[...said].join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect([...said].join('\n')).not.toMatch(/did not reach|shows it as not sent|Send again/i);
      await shows(page, 'Sent to DNB');
      expect((await emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
  });

  it('a POST whose answer a gateway lost while it stayed down: not confirmed, then Look again once the payment shows says sent, with one POST', async () => {
    await emulator.admin.addLetter({ subject: 'Porten nede i Firefox', invoice: { ...INVOICE, sendToBank: true } });
    await openLetter('Porten nede i Firefox');
    await click(page, 'Send to my bank', true);
    await emulator.admin.clearRequests();
    await emulator.admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
    try {
      const confirm = await element(page, '.send-to-bank-confirm button.primary', WAIT);
      await confirm.click();
      await shows(page, 'Digipost has not confirmed yet that the invoice reached your bank');
      expect(await text('main')).not.toMatch(/did not reach|refused|did not let/i);
      // The bank has it now: Look again reads the evidence before anything else, and never calls it refused.
      await emulator.admin.configure({ gatewayDown: false });
      await click(page, 'Look again', true);
      await shows(page, 'The invoice was sent to your bank.');
      expect(await text('main')).not.toMatch(/refused|did not let/i);
    } finally {
      await emulator.admin.configure({ gatewayDown: false });
    }
    expect((await emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("shows an appointment in the browser's time zone, and its .ics parses to the same start and end", async () => {
    await emulator.admin.addLetter({
      subject: 'Time i Firefox',
      metadata: [{ type: 'Appointment', title: 'Time hos tannlegen', startTime: '2026-12-03T09:30:00+01:00', endTime: '2026-12-03T10:15:00+01:00', arrivalTime: 'Ti minutter før timen', place: 'Tannhelsesenteret' }],
    });
    await openLetter('Time i Firefox');
    await element(page, '.calendar-card', WAIT);
    // 09:30 in Oslo is 03:30 in New York.
    expect(await text('.metadata-time')).toMatch(/Thursday, December 3, 2026.*3:30\s*–\s*4:15\s*AM/);
    // The very file the link saves: its blob, read in the page.
    const ics = await page.$eval('.calendar-card a[download]', (a) => fetch(a.href).then((r) => r.text()));
    expect(await page.$eval('.calendar-card a[download]', (a) => a.getAttribute('download'))).toBe('calendar.ics');
    const events = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.startDate.toJSDate().getTime(), e.endDate.toJSDate().getTime(), e.summary])).toEqual([
      [Date.parse('2026-12-03T09:30:00+01:00'), Date.parse('2026-12-03T10:15:00+01:00'), 'Time hos tannlegen'],
    ]);
    // The arrival note the card shows, in the calendar's notes too.
    expect(events[0]?.description).toBe('Arrive: Ti minutter før timen');
  });
});

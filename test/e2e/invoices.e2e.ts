import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { NewLetter } from '../emulator/admin-client.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { cachedLink, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * Invoices and appointments on the letter page, in Chromium, against the emulator: the copy
 * buttons put exactly what a bank's form takes on the clipboard (read back from the clipboard
 * itself), Send to my bank sends one request for two clicks and the letter then shows it sent, a
 * letter without send_to_bank offers no such button, and an appointment card shows its time in the
 * browser's time zone while its .ics, read by an independent parser, has the same moments. Each
 * test adds its own letter (the newest, so the first row) through the emulator's admin API.
 */

// A time zone far from the emulator's (+01:00) and from UTC, so a time in the wrong zone shows.
process.env.TZ = 'America/New_York';

const SCOPES: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPDATE_DOCUMENT'];
const INVOICE = { kid: '1234 5678 90128', accountNumber: '1503.47.00879', amount: 1234.5, dueDate: '2099-12-01' };

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { letters: 10 } });
  await signInWith(h, SCOPES);
  // An extension's origin is opaque to grantPermissions: granted without one, it holds for every page.
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});
afterAll(async () => {
  await h.close();
});

/** Adds a letter and opens it from the inbox as a person does. */
async function openLetter(letter: NewLetter & { subject: string }): Promise<{ page: Page; id: string }> {
  const { id } = await h.emulator.admin.addLetter(letter);
  const page = await h.context.newPage();
  await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
  await page.locator('.letter-row', { hasText: letter.subject }).locator('a').click();
  await page.locator('.letter-head').waitFor();
  return { page, id };
}

/**
 * Every text the letter's main area showed, sampled until `end` shows: what the person could have
 * read on the way, so a passing "not sent" is caught too.
 */
async function everythingSaidUntil(page: Page, end: Locator): Promise<string> {
  const said = new Set<string>();
  const deadline = Date.now() + 40_000;
  while (!(await end.isVisible())) {
    if (Date.now() > deadline) throw new Error(`never showed; it said: ${[...said].join(' | ')}`);
    said.add((await page.locator('main').textContent()) ?? '');
    await page.waitForTimeout(150);
  }
  return [...said].join('\n');
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ');

describe('the invoice on the letter page', () => {
  it('shows the amount, due date, account and KID once each, with nothing of them in the header', async () => {
    const { page } = await openLetter({ subject: 'Faktura én gang', invoice: INVOICE });
    const panel = page.getByRole('region', { name: 'Invoice' });
    await panel.waitFor();
    expect(plain(await panel.textContent())).toContain('NOK 1,234.50');
    expect(plain(await panel.textContent())).toContain('1503 47 00879');
    expect(plain(await page.locator('.letter-head').textContent())).not.toContain('1,234.50');
    expect(plain(await page.locator('main').textContent()).split('1,234.50')).toHaveLength(2);
    await page.close();
  });

  it('copies the account number and KID as digits and the amount with a decimal point, by mouse and keyboard, and says Copied', async () => {
    const { page } = await openLetter({ subject: 'Faktura å kopiere', invoice: INVOICE });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    await page.getByRole('button', { name: 'Copy the account number' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).first().waitFor();
    expect(await clipboard()).toBe('15034700879');

    await page.getByRole('button', { name: 'Copy the KID' }).click();
    // The clipboard is written after the click returns; the account number's "Copied" is still shown.
    await expect.poll(clipboard).toBe('1234567890128');

    await page.getByRole('button', { name: 'Copy the amount' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.invoice-fact', { hasText: 'Amount' }).getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await clipboard()).toBe('1234.50');
    await page.close();
  });

  it('says an unpaid invoice past its due date is overdue', async () => {
    const { page } = await openLetter({ subject: 'Forfalt faktura', invoice: { ...INVOICE, dueDate: '2020-01-10' } });
    await page.locator('.invoice-panel.overdue').getByText('Overdue', { exact: true }).waitFor();
    await page.close();
  });
});

describe('Send to my bank', () => {
  it('is not offered where the invoice does not link send_to_bank', async () => {
    const { page } = await openLetter({ subject: 'Uten bankavtale', invoice: INVOICE });
    await page.getByRole('region', { name: 'Invoice' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send to my bank' }).count()).toBe(0);
    await page.close();
  });

  it('confirms with the accounts, sends one request for two clicks, and the letter then shows it sent', async () => {
    const { page, id } = await openLetter({ subject: 'Send meg til banken', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    const confirm = page.getByRole('group', { name: 'Send this invoice to your bank?' });
    // The person's own account, from current_bank_account, and the one it goes to.
    await confirm.getByText('1234 56 78903').waitFor();
    expect(plain(await confirm.textContent())).toContain('1503 47 00879');
    expect(plain(await confirm.textContent())).toContain('NOK 1,234.50');

    await h.emulator.admin.clearRequests();
    await confirm.getByRole('button', { name: 'Send to my bank' }).dblclick();
    await page.getByRole('status').filter({ hasText: 'The invoice was sent to your bank.' }).waitFor();
    const posts = (await h.emulator.admin.requests()).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path.replace(/^.*\/accounts\/[^/]+/, ''))).toEqual([`/documents/${id}/attachments/${id}-1/invoice/sendtobank`]);

    // Read again from the service: sent to DNB, from the person's account, with the bank's website.
    const panel = page.getByRole('region', { name: 'Invoice' });
    await panel.getByText('Sent to DNB').waitFor();
    expect(plain(await panel.textContent())).toContain('To be paid from account 1234 56 78903');
    expect(await panel.getByRole('link', { name: "Open DNB's website" }).getAttribute('href')).toBe('https://www.dnb.no/');
    expect(await page.getByRole('button', { name: 'Send to my bank' }).count()).toBe(0);
    await page.close();
  });

  it('after a POST that arrived but was never answered, reads the letter again and shows it sent, without a second POST', async () => {
    const { page } = await openLetter({ subject: 'Svaret kom aldri', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    await h.emulator.admin.clearRequests();
    // The service records the payment and never answers, until the worker gives up.
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    await page.getByRole('group').getByRole('button', { name: 'Send to my bank' }).click();
    await page.getByRole('status').filter({ hasText: 'The invoice was sent to your bank.' }).waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'Invoice' }).getByText('Sent to DNB').waitFor();
    expect((await h.emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
    await page.close();
  });

  it('a POST never answered while the service records the payment only seconds later: one POST, never "not sent" nor "send again", and "sent" once it shows', async () => {
    const { page } = await openLetter({ subject: 'Banken er treg', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    await h.emulator.admin.clearRequests();
    // The service takes the POST and never answers; the payment shows only 6 s later (the worker gives up after 5 s).
    await h.emulator.admin.configure({ bankPaymentDelayMs: 6000 });
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    try {
      await page.getByRole('group').getByRole('button', { name: 'Send to my bank' }).click();
      const said = await everythingSaidUntil(page, page.getByRole('status').filter({ hasText: 'The invoice was sent to your bank.' }));
      expect(said).not.toMatch(/did not reach|not sent|Send again|can send it again/i);
      await page.getByRole('region', { name: 'Invoice' }).getByText('Sent to DNB').waitFor();
      expect((await h.emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await h.emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
    await page.close();
  });

  it('a gateway 504 after the service took it is not "nothing done": one POST, and sent once the payment shows', async () => {
    const { page } = await openLetter({ subject: 'Bak en portner', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    await h.emulator.admin.clearRequests();
    await h.emulator.admin.configure({ bankPaymentDelayMs: 2000 });
    await h.emulator.admin.failNext(1, '504-after', '/post/api/private/accounts/', 'POST');
    try {
      await page.getByRole('group').getByRole('button', { name: 'Send to my bank' }).click();
      const said = await everythingSaidUntil(page, page.getByRole('status').filter({ hasText: 'The invoice was sent to your bank.' }));
      expect(said).not.toMatch(/did not reach|not sent|Send again|service had an error/i);
      expect((await h.emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await h.emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
    await page.close();
  });

  it('not confirmed within the while the worker looks: says so, Look again sends nothing, and sending again is the person\'s explicit choice', async () => {
    const { page } = await openLetter({ subject: 'Ingen bekreftelse', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    await h.emulator.admin.clearRequests();
    // Held by the service for longer than the test runs.
    await h.emulator.admin.configure({ bankPaymentDelayMs: 120_000 });
    await h.emulator.admin.failNext(1, 'stall', '/post/api/private/accounts/', 'POST');
    try {
      await page.getByRole('group').getByRole('button', { name: 'Send to my bank' }).click();
      const unconfirmed = page.getByRole('status').filter({ hasText: 'Digipost has not confirmed yet that the invoice reached your bank' });
      const said = await everythingSaidUntil(page, unconfirmed);
      expect(said).not.toMatch(/did not reach|shows it as not sent|You can send it again/i);
      await page.getByRole('button', { name: 'Look again' }).click();
      const looking = page.getByText('Looking whether Digipost shows the invoice as sent');
      await looking.waitFor();
      await looking.waitFor({ state: 'hidden', timeout: 60_000 });
      await unconfirmed.waitFor();
      expect((await h.emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
      // Send again opens the confirmation first: nothing goes without the person's click there.
      await page.getByRole('button', { name: 'Send again…' }).click();
      await page.getByRole('group', { name: 'Send this invoice to your bank?' }).waitFor();
      expect((await h.emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await h.emulator.admin.configure({ bankPaymentDelayMs: 0 });
    }
    await page.close();
  });

  it('a POST whose answer a gateway lost while it stayed down: not confirmed, then Look again once the payment shows says sent, with one POST', async () => {
    const { page } = await openLetter({ subject: 'Porten nede', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    await h.emulator.admin.clearRequests();
    await h.emulator.admin.failNext(1, '504-after-down', '/post/api/private/accounts/', 'POST');
    try {
      await page.getByRole('group').getByRole('button', { name: 'Send to my bank' }).click();
      const unconfirmed = page.getByRole('status').filter({ hasText: 'Digipost has not confirmed yet that the invoice reached your bank' });
      const said = await everythingSaidUntil(page, unconfirmed);
      expect(said).not.toMatch(/did not reach|not sent|refused|did not let/i);
      // The bank has it now: Look again reads the evidence before anything else, and never calls it refused.
      await h.emulator.admin.configure({ gatewayDown: false });
      await page.getByRole('button', { name: 'Look again' }).click();
      await page.getByRole('status').filter({ hasText: 'The invoice was sent to your bank.' }).waitFor();
    } finally {
      await h.emulator.admin.configure({ gatewayDown: false });
    }
    expect((await h.emulator.admin.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(plain(await page.getByRole('region', { name: 'Invoice' }).textContent())).not.toMatch(/Digipost refused|did not let/i);
    await page.close();
  });

  it('says in words when Digipost refuses it, and sends nothing more', async () => {
    const { page } = await openLetter({ subject: 'Avvist av banken', invoice: { ...INVOICE, sendToBank: true } });
    await page.getByRole('button', { name: 'Send to my bank' }).click();
    // Refused twice: the worker tries once more with a fresh token before it believes a 403.
    await h.emulator.admin.failNext(2, '403', '/post/api/private/accounts/', 'POST');
    await page.getByRole('group').getByRole('button', { name: 'Send to my bank' }).click();
    await page.getByRole('alert').filter({ hasText: 'Digipost did not let this extension send invoices to your bank' }).waitFor();
    expect(plain(await page.getByRole('region', { name: 'Invoice' }).textContent())).toContain('Not paid');
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
    const card = page.getByRole('region', { name: 'Time hos øyelegen' });
    await card.waitFor();
    // 09:30 in Oslo is 03:30 in New York.
    expect(plain(await card.locator('.metadata-time').textContent())).toMatch(/Thursday, December 3, 2026.*3:30\s*–\s*4:15\s*AM/);
    expect(await page.locator('.calendar-card').count()).toBe(1);

    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('calendar.ics');
    const ics = readFileSync(await file.path(), 'utf8');
    const [event, ...more] = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(more).toEqual([]);
    expect(event?.startDate.toJSDate().getTime()).toBe(Date.parse('2026-12-03T09:30:00+01:00'));
    expect(event?.endDate.toJSDate().getTime()).toBe(Date.parse('2026-12-03T10:15:00+01:00'));
    expect(event?.summary).toBe('Time hos øyelegen');
    expect(event?.location).toBe('Ullevål, bygg 36, Kirkeveien 166, 0450 Oslo');
    // The card's arrival note goes into the calendar too, in the card's words: 09:15 in Oslo, 03:15 in New York.
    expect(plain(await card.locator('.metadata-facts').textContent())).toMatch(/Arrive\s*3:15\s*AM/);
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
    const link = page.getByRole('link', { name: 'Svar på innkallingen' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('href')).toBe('https://example.org/svar');
    expect(await page.getByRole('link', { name: 'Farlig lenke' }).count()).toBe(0);
    await page.close();
  });
});

import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { LinkTarget } from '../../src/api/links.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, letter, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The viewer's thinner pages (issue #20, point 6; issue #35, point 5): the recipient search (under
 * "All links" only, old answers gone with the question), an empty inbox that says so once, a receipt
 * laid out as one, and the mailbox's settings in words where 0 days means never.
 */

const { worker } = extension;
const PAGE_ID = 'BBBBBBBBBBBBBBBBBBBBBB';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;

/** Opens a viewer tab on `target`, with `data` the worker's answer for it. */
async function openViewer(target: LinkTarget, data?: unknown): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: target });
  worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
  if (data !== undefined) worker.answer('getResource', resourceSnapshot(data, target.url));
  await openPage('viewer', `?page=${PAGE_ID}`);
}

/** The text a person reads: closed details show only their summary. */
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const details of copy.querySelectorAll('details:not([open])'))
    for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
  return copy.textContent.replace(/\s+/g, ' ');
}

describe('the recipient search', () => {
  it('is no place beside every page: nothing can be sent from here, so it waits under "All links" only', async () => {
    await openViewer({ url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' }, { document: [], link: [] });
    await screen.findByText('There are no letters here.');
    const side = screen.getAllByRole('navigation').map((nav) => nav.textContent);
    expect(side.join(' ')).toContain('Inbox');
    for (const words of ['Find someone to send to', 'Recipient search', 'Send letters']) expect(side.join(' '), words).not.toContain(words);
  });

  it('says it finds people and businesses, not letters, and clears its answers when the field is emptied', async () => {
    const recipients = { recipient: [{ name: 'Oslo kommune', digipostaddress: 'oslo.kommune#0001', organisationNumber: 974761076 }] };
    await openViewer({ url: `${SERVICE}/post/api/recipients/search`, relation: 'search' });
    worker.answer('getResource', resourceSnapshot(recipients, `${SERVICE}/post/api/recipients/search?recipientId=kommune`));
    const field = await screen.findByLabelText('Name or Digipost address');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recipient search');
    expect(
      screen.getByText(/Finds the people and businesses you can send letters to in Digipost\. It does not search your letters\./),
    ).toBeTruthy();
    fireEvent.input(field, { target: { value: 'kommune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Oslo kommune');
    fireEvent.input(field, { target: { value: '' } });
    expect(screen.queryByText('Oslo kommune')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Results' })).toBeNull();
  });
});

describe('the recipient search, answered late', () => {
  const SEARCH = { url: `${SERVICE}/post/api/recipients/search`, relation: 'search' };
  const found = (name: string) => resourceSnapshot({ recipient: [{ name, digipostaddress: 'x#1' }] }, SEARCH.url);

  // The answer reaches the page through promises alone (the fake worker's, the page's): one turn
  // of the event loop later it has been handled, on any machine.
  const handled = () => new Promise((resolve) => setTimeout(resolve, 0));

  async function ask(words: string): Promise<void> {
    fireEvent.input(await screen.findByLabelText('Name or Digipost address'), { target: { value: words } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  }

  it('shows the answer to the words in the field, not an earlier question answered after it', async () => {
    await openViewer(SEARCH);
    const first = worker.hold('getResource');
    await ask('kommune');
    await first.asked;
    worker.answer('getResource', found('Bergen kommune'));
    // New words, and Enter while the first question is on its way (the button waits; the field does not).
    fireEvent.input(screen.getByLabelText('Name or Digipost address'), { target: { value: 'bergen' } });
    const form = screen.getByLabelText('Name or Digipost address').closest('form');
    if (!form) throw new Error('the field is in no form');
    fireEvent.submit(form);
    await screen.findByText('Bergen kommune');
    first.answer(found('Oslo kommune'));
    await handled();
    expect(screen.queryByText('Oslo kommune')).toBeNull();
    screen.getByText('Bergen kommune');
  });

  it('shows nothing for a question whose field was emptied before its answer came', async () => {
    await openViewer(SEARCH);
    const held = worker.hold('getResource');
    await ask('kommune');
    await held.asked;
    fireEvent.input(screen.getByLabelText('Name or Digipost address'), { target: { value: '' } });
    held.answer(found('Oslo kommune'));
    await handled();
    expect(screen.queryByText('Oslo kommune')).toBeNull();
    expect(screen.queryByText('Searching…')).toBeNull();
  });
});

describe('an empty inbox', () => {
  it('says it is empty once, not twice', async () => {
    await openViewer({ url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' }, { document: [], link: [] });
    await screen.findByText('There are no letters here.');
    const main = screen.getByRole('main');
    expect(within(main).queryByText(/Showing all 0 letters/)).toBeNull();
    expect(within(main).queryAllByRole('status')).toHaveLength(0);
  });
});

describe('a folder with one letter', () => {
  it('says it shows the only letter, never "all 1 letters"', async () => {
    await openViewer(
      { url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' },
      { document: [letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' })], link: [] },
    );
    await screen.findByText('Skattemelding 2026');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('status').textContent).toBe('Showing the only letter.');
    expect(readable(main)).not.toMatch(/\b1 letters\b/);
  });
});

describe('a subject with markup in it', () => {
  it('shows markup in a subject as the characters it is', async () => {
    const SUBJECT = '<b>Viktig</b> & "sitat"';
    const marked = letter(43, { subject: SUBJECT, creatorName: 'Avsender AS' });
    worker.answer('getResource', (request) =>
      resourceSnapshot(new URL(request.url).pathname.endsWith('/documents/inbox') ? { document: [marked], link: [] } : marked, request.url),
    );
    await openViewer({ url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' });
    const row = (await screen.findByText(SUBJECT)).closest('.letter-row');
    expect(row?.querySelector('.subject-text')?.textContent).toBe(SUBJECT);
    expect(document.querySelectorAll('main b')).toHaveLength(0);
    const rowLink = row?.querySelector('a');
    if (!rowLink) throw new Error('the row has no link');
    fireEvent.click(rowLink);
    await screen.findByRole('heading', { level: 1, name: SUBJECT });
    expect(document.querySelectorAll('main b')).toHaveLength(0);
  });
});

describe('a letter the person uploaded themself', () => {
  it('shows it as theirs in the inbox, never "Unknown sender"', async () => {
    const scanned = { ...letter(42, { subject: 'Skannet leiekontrakt', creatorName: '', read: true }), origin: 'UPLOADED' };
    await openViewer({ url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' }, { document: [scanned], link: [] });
    const row = (await screen.findByText('Skannet leiekontrakt')).closest('.letter-row');
    expect(row?.querySelector('.letter-sender')?.textContent).toBe('Uploaded by you');
    expect(document.body.textContent).not.toContain('Unknown sender');
  });
});

describe('invoices in a list', () => {
  /** A letter whose document is an invoice due `days` from now (negative: that many days ago), unpaid. */
  function invoiceLetter(id: number, subject: string, days: number) {
    const base = letter(id, { subject, creatorName: 'Fjordkraft' });
    const dueDate = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    return {
      ...base,
      type: 'INVOICE',
      attachment: base.attachment.map((a) => ({ ...a, invoice: { amount: 1299.5, dueDate, paid: false } })),
    };
  }

  it('sets an overdue invoice apart from one due soon, in words and by a sign, not by colour alone', async () => {
    await openViewer(
      { url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' },
      { document: [invoiceLetter(21, 'Strøm oktober', -5), invoiceLetter(22, 'Strøm november', 6)], link: [] },
    );
    const overdue = (await screen.findByText('Strøm oktober')).closest('li')?.querySelector('.invoice');
    const dueSoon = screen.getByText('Strøm november').closest('li')?.querySelector('.invoice');
    expect(overdue?.textContent).toMatch(/overdue since/);
    expect(dueSoon?.textContent).toMatch(/due /);
    expect(dueSoon?.textContent).not.toMatch(/overdue/);
    // A class of its own, which the stylesheet gives the warning's colours, and the warning's sign.
    expect(overdue?.classList.contains('invoice-overdue')).toBe(true);
    expect(dueSoon?.classList.contains('invoice-overdue')).toBe(false);
    expect(overdue?.querySelector('svg path')?.getAttribute('d')).not.toBe(dueSoon?.querySelector('svg path')?.getAttribute('d'));
  });
});

describe('a receipt', () => {
  it('is laid out as a receipt: store as the heading, time, total to the right, the card paid with; no field names', async () => {
    const receipt = {
      id: '7000',
      storeName: 'Rema 1000 Grünerløkka',
      franchiceName: 'Rema 1000',
      amount: 234.5,
      currency: 'NOK',
      timeOfPurchase: '2026-11-18T14:05:00.000+01:00',
      card: ['************4821'],
      link: [{ rel: `${SERVICE}/post/relations/self`, uri: `${ACCOUNT}/receipts/7000`, 'media-type': 'application/vnd.digipost-v2+json' }],
    };
    await openViewer({ url: `${ACCOUNT}/receipts/7000`, relation: 'receipt' }, receipt);
    await screen.findByRole('heading', { level: 1, name: 'Rema 1000 Grünerløkka' });
    const slip = screen.getByRole('region', { name: 'Receipt' });
    const text = readable(slip);
    // At the top the chain and the time; then the total and the card, in that order.
    expect(text.startsWith('Rema 1000')).toBe(true);
    expect(text).toMatch(/18, 2026.*Total ?NOK 234\.50.*Paid by card ?•••• 4821$/);
    expect(slip.querySelector('.receipt-total dd')?.textContent).toMatch(/^NOK\s234\.50$/);
    const shown = readable(screen.getByRole('main'));
    for (const raw of ['storeName', 'timeOfPurchase', 'franchiceName', 'currency', '************4821', 'Kind'])
      expect(shown, raw).not.toContain(raw);
  });
});

describe("the mailbox's settings", () => {
  it('say that 0 days of automatic archiving means never', async () => {
    const settings = { language: 'nb', sortOrder: 'NEWEST_FIRST', autoArchiveAfterDays: 0, link: [] };
    await openViewer({ url: `${SERVICE}/post/api/private/mailboxes/1/settings`, relation: 'mailbox_settings' }, settings);
    const label = await screen.findByText('Archived automatically');
    expect(label.parentElement?.textContent).toBe('Archived automaticallyNever');
    expect(readable(screen.getByRole('main'))).not.toMatch(/0 days|after 0/i);
  });
});

describe('the storage used, under the places', () => {
  /** The inbox page, with the own mailbox's storage as given. */
  async function inboxWithStorage(storage: { usedStorage?: number; totalAvailableStorage?: number }): Promise<void> {
    const root = fullRoot();
    const [own] = root.mailbox ?? [];
    await extension.storage.session.set({
      [viewerPages.item(PAGE_ID).key]: { url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' },
    });
    worker.answer('getRoot', rootSnapshot({ root: { ...root, mailbox: [{ ...own, link: own?.link ?? [], ...storage }] } }));
    worker.answer('getResource', resourceSnapshot({ document: [], link: [] }, `${ACCOUNT}/documents/inbox`));
    await openPage('viewer', `?page=${PAGE_ID}`);
  }

  it('says in words how much of the mailbox is used', async () => {
    await inboxWithStorage({ usedStorage: 73_400_320, totalAvailableStorage: 1_073_741_824 });
    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(storage.textContent).toBe('70 MB of 1 GB used');
    expect(storage.classList.contains('nearly-full')).toBe(false);
  });

  it('says plainly when it is nearly full', async () => {
    await inboxWithStorage({ usedStorage: 1_000_000_000, totalAvailableStorage: 1_073_741_824 });
    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(storage.textContent).toBe('Nearly full 954 MB of 1 GB used');
    expect(storage.classList.contains('nearly-full')).toBe(true);
  });

  it('says nothing when the service gives no figures', async () => {
    await inboxWithStorage({});
    await screen.findByRole('navigation', { name: 'Mailbox' });
    expect(screen.queryByRole('region', { name: 'Storage' })).toBeNull();
  });
});

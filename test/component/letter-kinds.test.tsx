import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { document, fullRoot, letter, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * What a letter's structured data (contract §6.2) does in the lists and in Find a letter (#46,
 * points 2 and 5): a row says beside its subject what kind of letter it is (a parcel, a debt
 * collection, a receipt, a payslip, …), as an invoice's row says it is one; and a receipt is found
 * by its shop or by a line of what was bought ("kaffe"), the result saying why.
 */

const { worker } = extension;
const PAGE_ID = 'KKKKKKKKKKKKKKKKKKKKKK';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;

/** A letter whose main document carries `metadata`. */
function withData(id: number, subject: string, creatorName: string, metadata: unknown[], extra: Record<string, unknown> = {}) {
  const data = { ...letter(id, { subject, creatorName, attachment: [document(id, 1, { subject })] }), ...extra };
  (data.attachment[0] as Record<string, unknown>).metadata = metadata;
  return data;
}

const PARCEL = withData(41, 'Du har en pakke til henting', 'Posten', [
  { type: 'PickupNotice', pickupPlace: { name: 'Kiwi Majorstuen', code: '4KQ7' }, status: 'READY_FOR_PICKUP' },
]);
const INKASSO = withData(42, 'Inkassovarsel: Faktura 20931', 'Intrum', [{ type: 'Inkasso', dueDate: '2099-12-10', sum: 1187.5 }]);
const PAYSLIP = withData(43, 'Lønnsslipp for november', 'Fjellheim Bygg AS', [{ type: 'Payslip', netAmount: 38421.5 }]);
const SHARE = withData(44, 'DNB ber deg dele lønnsslipper', 'DNB', [
  { type: 'ShareDocumentsRequest', maxShareDurationSeconds: 1209600, purpose: 'Boliglån' },
]);
const PLAIN = letter(45, { subject: 'Strømregning november', creatorName: 'Fjordkraft' });
const ONLY_LINK = withData(46, 'Nytt fra banken', 'DNB', [{ type: 'ExternalLink', url: 'https://www.dnb.no/' }]);
/** The service hides a confidential letter's subject; its row says nothing of its kind either. */
const CONFIDENTIAL = withData(47, '', 'Fjellheim Bygg AS', [{ type: 'Payslip', netAmount: 1 }], { confidential: true });
/** A receipt filed in a folder (Bolig, as the root names it): found by its shop and its lines, though its subject names neither. */
const RECEIPT = withData(51, 'Kvittering', 'Rema 1000', [
  {
    type: 'Receipt',
    merchantName: 'Rema 1000 Torshov',
    totalPrice: 187.5,
    items: [
      { itemName: 'Kaffe Evergood filtermalt', quantity: 1, totalPrice: 79.9 },
      { itemName: 'Lettmelk 1 l', quantity: 2, totalPrice: 47.8 },
    ],
  },
]);

function mailboxResource(request: { url: string }) {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/1234/documents/inbox'))
    return Promise.resolve(
      resourceSnapshot({ document: [PARCEL, INKASSO, PAYSLIP, SHARE, PLAIN, ONLY_LINK, CONFIDENTIAL], link: [] }, request.url),
    );
  if (url.pathname.endsWith('/folders/1'))
    return Promise.resolve(resourceSnapshot({ name: 'Skatt', documents: { document: [] }, link: [] }, request.url));
  if (url.pathname.endsWith('/folders/2'))
    return Promise.resolve(resourceSnapshot({ name: 'Bolig', documents: { document: [RECEIPT] }, link: [] }, request.url));
  if (url.pathname.endsWith('/documents/51')) return Promise.resolve(resourceSnapshot(RECEIPT, request.url));
  return Promise.reject(new Error(`no answer for ${request.url}`));
}

async function openInbox(): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
  worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
  worker.answer('getResource', mailboxResource);
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText('Strømregning november');
}

/** The row of the letter with `subject`, and the kind its subject is marked with (or null). */
function kindOf(subject: string): string | null {
  const row = screen.getByText(subject).closest('.letter-row');
  if (!row) throw new Error(`no row for ${subject}`);
  return row.querySelector('.letter-subject .letter-kind')?.textContent ?? null;
}

describe("a letter's kind in the lists", () => {
  it('marks a parcel, a debt collection, a payslip and a request to share beside the subject, in words with an icon', async () => {
    await openInbox();
    expect(kindOf('Du har en pakke til henting')).toBe('Parcel');
    expect(kindOf('Inkassovarsel: Faktura 20931')).toBe('Debt collection');
    expect(kindOf('Lønnsslipp for november')).toBe('Payslip');
    expect(kindOf('DNB ber deg dele lønnsslipper')).toBe('Request to share');
    const mark = screen.getByText('Du har en pakke til henting').closest('.letter-row')?.querySelector('.letter-kind svg');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a debt collection says its sum and due day beside its kind, as an invoice does, heard as a debt collection', async () => {
    await openInbox();
    const row = screen.getByText('Inkassovarsel: Faktura 20931').closest('.letter-row');
    const amount = row?.querySelector('.letter-amount');
    expect(amount?.textContent).toMatch(/NOK\s?1,187\.50 · due Dec 10/);
    expect(amount?.querySelector('svg')?.getAttribute('aria-label')).toBe('Debt collection');
    // Letters without a sum to pay show none.
    expect(screen.getByText('Lønnsslipp for november').closest('.letter-row')?.querySelector('.letter-amount')?.textContent).toBe('');
  });

  it('marks no kind on a letter without such data, one that only carries a link, or a confidential one', async () => {
    await openInbox();
    expect(kindOf('Strømregning november')).toBeNull();
    expect(kindOf('Nytt fra banken')).toBeNull();
    const rows = [...window.document.querySelectorAll('.letter-row')];
    expect(rows).toHaveLength(7);
    expect(rows.filter((row) => row.querySelector('.letter-kind') !== null)).toHaveLength(4);
  });
});

describe('finding a receipt', () => {
  async function find(query: string): Promise<HTMLElement> {
    await openInbox();
    const field = screen.getByRole('combobox', { name: 'Find a letter by sender or subject' });
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: query } });
    const results = await screen.findByRole('listbox', { name: 'Letters found' });
    return within(results).findByRole('group', { name: 'Bolig' });
  }

  it('by a line of what was bought ("kaffe"), saying which line, and Enter opens its letter', async () => {
    const group = await find('kaffe');
    const option = within(group).getByRole('option');
    expect(option.textContent).toContain('Kvittering');
    expect(option.textContent).toContain('On the receipt: Kaffe Evergood filtermalt');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    await screen.findByRole('heading', { level: 1, name: 'Kvittering' });
  });

  it('by its shop, and by shop and line together', async () => {
    const group = await find('torshov');
    expect(within(group).getByRole('option').textContent).toContain('On the receipt: Rema 1000 Torshov');
    fireEvent.input(screen.getByRole('combobox'), { target: { value: 'rema lettmelk' } });
    await waitFor(() => expect(within(group).getByRole('option').textContent).toContain('On the receipt: Lettmelk 1 l'));
  });

  it('not by a word it does not carry, and a match on the subject says no line', async () => {
    const group = await find('kvittering');
    expect(within(group).getByRole('option').textContent).not.toContain('On the receipt');
    fireEvent.input(screen.getByRole('combobox'), { target: { value: 'kaffe brus' } });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Bolig' })).toBeNull());
  });
});

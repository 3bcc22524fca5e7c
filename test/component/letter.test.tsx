// @vitest-environment jsdom
// jsdom, not happy-dom: the viewer sanitises an HTML letter with DOMPurify, whose whole-document
// sanitising happy-dom cannot run (it refuses to detach the nodes DOMPurify removes).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { viewerPages } from '../../src/storage/page-items.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { extension } from '../support/fake-extension.ts';
import { content, document, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * A letter in the viewer (src/viewer/letter/LetterView.tsx) and each state of its documents: loading,
 * the main document shown at once (PDF, image, HTML in a sandboxed frame), behind an opening
 * receipt, behind a stronger login, too large, failed with Try again; further documents on a click.
 * What needs a real browser (pdf.js drawing, the sandbox's effect, the frame's height, requests
 * reaching the service) stays in test/e2e/mailbox.e2e.ts and letter-privacy.e2e.ts.
 */

vi.mock('../../src/viewer/letter/pdf-pages.ts', () => import('./pdf-stand-in.ts'));
// The renderer as the page sees it, the stand-in: it keeps the bytes of each PDF handed to it.
const { drawn } = (await import('../../src/viewer/letter/pdf-pages.ts')) as unknown as typeof import('./pdf-stand-in.ts');

const { worker } = extension;
const PAGE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const SUBJECT = 'Skattemelding 2026';

type Letter = ReturnType<typeof letter>;

const plainLetter = (fields: Partial<Parameters<typeof document>[2]> = {}) =>
  letter(11, { subject: SUBJECT, creatorName: 'Skatteetaten', attachment: [document(11, 1, { subject: SUBJECT, ...fields })] });

/** Opens the viewer tab on `data`'s letter, as a click in the popup or the inbox does. */
async function openLetter(data: Letter, scopes: Permission[] = READ_SCOPES): Promise<void> {
  const self = data.link[0]?.uri ?? '';
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: self, relation: 'self' } });
  worker.answer('getRoot', rootSnapshot());
  worker.answer('getResource', resourceSnapshot(data, self, scopes));
  await openPage('viewer', `?page=${PAGE_ID}`);
}

/** Where the letter's main document is shown. */
function documentItem(): HTMLElement {
  const main = window.document.querySelector<HTMLElement>('.main-document');
  if (!main) throw new Error('the letter shows no main document');
  return main;
}

/** The entries in the list of the letter's further documents. */
function furtherDocuments(): HTMLElement[] {
  return within(screen.getByRole('region', { name: 'More documents in this letter' })).getAllByRole('listitem');
}

/** The plain letter, its main document an invoice with these facts, as the service sends it. */
function invoiceLetter(invoice: Record<string, unknown>): Letter {
  const data = plainLetter();
  const main = data.attachment[0] as Record<string, unknown>;
  main.type = 'INVOICE';
  main.invoice = invoice;
  return data;
}

function statusRow(): string {
  return screen.getByText('Status').parentElement?.textContent ?? '';
}

describe('a letter and its documents', () => {
  it('loading: a skeleton until the worker has the letter, then who sent it and what it is', async () => {
    const held = worker.hold('getResource');
    await openLetter(plainLetter());
    expect((await screen.findByLabelText('Loading…')).getAttribute('aria-busy')).toBe('true');
    held.answer(resourceSnapshot(plainLetter(), plainLetter().link[0]?.uri ?? ''));
    await screen.findByRole('heading', { level: 1, name: SUBJECT });
    // The sender once in view; the raw data, which names it too, stays folded away.
    expect(screen.getAllByText('Skatteetaten').filter((element) => !element.closest('details'))).toHaveLength(1);
    expect(statusRow()).toBe('StatusUnread');
    expect(screen.queryByLabelText('Loading…')).toBeNull();
  });

  it('a PDF: shown at once with no click ("Opening…" meanwhile), drawn from the bytes fetched, with Download; the letter is read', async () => {
    const held = worker.hold('getContent');
    await openLetter(plainLetter());
    await screen.findByRole('heading', { level: 1, name: SUBJECT });
    expect((await within(documentItem()).findByRole('status')).textContent).toBe('Opening…');
    expect(within(documentItem()).queryByRole('button', { name: `Open ${SUBJECT}` })).toBeNull();
    const request = await held.asked;
    expect(request).toEqual({
      type: 'getContent',
      url: `${SERVICE}/post/api/private/accounts/1234/documents/11/attachments/1/content`,
      mediaType: 'application/octet-stream',
      relation: 'get_document_content',
    });
    held.answer(content('application/pdf', '%PDF-1.4 a letter'));
    const pages = await within(documentItem()).findByRole('document', { name: `Content: ${SUBJECT}` });
    await waitFor(() => expect(pages.getAttribute('data-pages')).toBe('1'));
    expect(new TextDecoder().decode(drawn.at(-1))).toBe('%PDF-1.4 a letter');
    expect(pages.getAttribute('aria-busy')).toBe('false');
    const download = await within(documentItem()).findByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe(`${SUBJECT}.pdf`);
    expect(statusRow()).toBe('StatusRead');
    // The facts are there for who asks, folded away.
    expect(screen.getByText('Status').closest('details')?.open).toBe(false);
    // The main document is the letter: nothing to close it to.
    expect(within(documentItem()).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('"All details and links" says the letter is read once its content was shown: the letter is read again from the service', async () => {
    const unread = plainLetter();
    const read = plainLetter({ read: true });
    read.read = true;
    await openLetter(unread);
    // After the content, the service holds the letter as read: its next answer says so.
    worker.answer('getContent', content('application/pdf', '%PDF-1.4 a letter'));
    await screen.findByRole('heading', { level: 1, name: SUBJECT });
    worker.answer('getResource', resourceSnapshot(read, read.link[0]?.uri ?? ''));
    await within(documentItem()).findByRole('link', { name: 'Download' });
    const details = screen.getByText('All details and links').closest('details');
    if (!details) throw new Error('no "All details and links"');
    details.open = true;
    await waitFor(() => expect(/Read\s*No/.test(details.textContent)).toBe(false));
    expect(details.textContent).toMatch(/Read\s*Yes/);
    expect(worker.asked('getResource').filter((r) => r.url === read.link[0]?.uri)).toHaveLength(2);
  });

  it('an invoice: its amount, due date, account and KID once, in its panel, and not again in the header', async () => {
    const data = plainLetter();
    const main = data.attachment[0] as Record<string, unknown>;
    main.type = 'INVOICE';
    main.invoice = { amount: 1250, dueDate: '2099-12-12', kid: '123456789', accountNumber: '12345678903' };
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    await screen.findByRole('heading', { level: 1, name: SUBJECT });
    const panel = await screen.findByRole('region', { name: 'Invoice' });
    expect(panel.textContent).toMatch(/1,250\.00.*Dec 12, 2099.*123456789/);
    expect(window.document.querySelector('.letter-head')?.textContent).not.toMatch(/1,250/);
    expect(window.document.body.textContent.split('1,250.00')).toHaveLength(2);
    within(panel).getByRole('button', { name: 'Copy the amount' });
    within(panel).getByRole('button', { name: 'Copy the KID' });
    // The account the invoice is paid to, as a bank's form writes it.
    expect(panel.textContent).toContain('1234 56 78903');
  });

  it('Send to my bank is not offered where the invoice does not link send_to_bank', async () => {
    const data = invoiceLetter({ amount: 1250, dueDate: '2099-12-12', kid: '123456789', accountNumber: '12345678903' });
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data, [...READ_SCOPES, 'UPDATE_DOCUMENT']);
    const panel = await screen.findByRole('region', { name: 'Invoice' });
    within(panel).getByRole('button', { name: 'Copy the amount' });
    expect(screen.queryByRole('button', { name: 'Send to my bank' })).toBeNull();
  });

  it('says an unpaid invoice past its due date is overdue', async () => {
    const data = invoiceLetter({ amount: 1250, dueDate: '2020-01-10', kid: '123456789', accountNumber: '12345678903' });
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    const panel = await screen.findByRole('region', { name: 'Invoice' });
    within(panel).getByText('Overdue');
    expect(panel.classList.contains('overdue')).toBe(true);
  });

  it('Send to my bank: says in words when Digipost refuses it, and sends nothing more', async () => {
    const sendToBank = {
      rel: `${SERVICE}/post/relations/send_to_bank`,
      uri: `${SERVICE}/post/api/private/accounts/1234/documents/11/attachments/1/invoice/sendtobank`,
      'media-type': 'application/vnd.digipost-v2+json',
    };
    const data = invoiceLetter({
      amount: 1250,
      dueDate: '2099-12-12',
      kid: '123456789',
      accountNumber: '12345678903',
      canBePaidByUser: true,
      link: [sendToBank],
    });
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    // What the worker answers once Digipost refused it twice (a 403, and again with a fresh token).
    worker.fail('write', { code: 'write_forbidden', status: 403 });
    await openLetter(data, [...READ_SCOPES, 'UPDATE_DOCUMENT']);
    fireEvent.click(await screen.findByRole('button', { name: 'Send to my bank' }));
    const confirm = await screen.findByRole('group', { name: 'Send this invoice to your bank?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send to my bank' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Digipost did not let this extension send invoices to your bank');
    expect(screen.getByRole('region', { name: 'Invoice' }).textContent).toContain('Not paid');
    expect(worker.asked('write')).toHaveLength(1);
    // Nothing more to send from here: the refusal is the end of it.
    expect(screen.queryByRole('button', { name: 'Send to my bank' })).toBeNull();
  });

  it('an ExternalLink: a link that opens in a new tab; one that is not a web address is left out', async () => {
    const data = plainLetter();
    (data.attachment[0] as Record<string, unknown>).metadata = [
      { type: 'ExternalLink', url: 'https://example.org/svar', description: 'Svar innen fristen', buttonText: 'Svar på innkallingen' },
      { type: 'ExternalLink', url: 'javascript:alert(1)', buttonText: 'Farlig lenke' },
    ];
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    const link = await screen.findByRole('link', { name: 'Svar på innkallingen' });
    expect([link.getAttribute('target'), link.getAttribute('rel'), link.getAttribute('href')]).toEqual([
      '_blank',
      'noopener noreferrer',
      'https://example.org/svar',
    ]);
    expect(screen.queryByRole('link', { name: 'Farlig lenke' })).toBeNull();
  });

  it('an invoice sent to the bank and not yet paid: "Sent to DNB", to be paid from the account, never "Paid"', async () => {
    const data = plainLetter();
    const main = data.attachment[0] as Record<string, unknown>;
    main.type = 'INVOICE';
    main.invoice = {
      amount: 1250,
      dueDate: '2099-12-12',
      kid: '123456789',
      account: '12345678903',
      payment: { bank: 'DNB', debitorBankAccount: '12345678903' },
    };
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    const panel = await screen.findByRole('region', { name: 'Invoice' });
    within(panel).getByText('Sent to DNB');
    within(panel).getByText('To be paid from account 1234 56 78903');
    expect(panel.textContent).not.toMatch(/\bPaid\b/);
  });

  it('an invoice the bank has paid: paid, from the account', async () => {
    const data = plainLetter();
    const main = data.attachment[0] as Record<string, unknown>;
    main.type = 'INVOICE';
    main.invoice = {
      amount: 1250,
      dueDate: '2099-12-12',
      kid: '123456789',
      account: '12345678903',
      payment: { bank: 'DNB', debitorBankAccount: '12345678903', timePaid: '2026-11-20T10:00:00.000+01:00' },
    };
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    const panel = await screen.findByRole('region', { name: 'Invoice' });
    within(panel).getByText(/^Paid Nov 20, 2026/);
    within(panel).getByText('Paid from account 1234 56 78903');
  });

  it('further documents: listed after the main one, each opened on a click', async () => {
    const data = letter(11, {
      subject: SUBJECT,
      creatorName: 'Skatteetaten',
      attachment: [document(11, 1, { subject: SUBJECT }), document(11, 2, { subject: 'Vedlegg' })],
    });
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    await within(await waitForDocument()).findByRole('document', { name: `Content: ${SUBJECT}` });
    expect(worker.asked('getContent')).toHaveLength(1);
    const [further] = furtherDocuments();
    if (!further) throw new Error('no further document');
    within(further).getByRole('heading', { name: 'Vedlegg' });
    fireEvent.click(within(further).getByRole('button', { name: 'Open Vedlegg' }));
    await within(further).findByRole('document', { name: 'Content: Vedlegg' });
    expect(worker.asked('getContent')).toHaveLength(2);
    fireEvent.click(within(further).getByRole('button', { name: 'Close' }));
    await within(further).findByRole('button', { name: 'Open Vedlegg' });
  });

  it('two further documents: each Open button names its document, so a screen reader tells them apart', async () => {
    const data = letter(11, {
      subject: SUBJECT,
      creatorName: 'Skatteetaten',
      attachment: [
        document(11, 1, { subject: SUBJECT }),
        document(11, 2, { subject: 'Vedlegg A' }),
        document(11, 3, { subject: 'Vedlegg B' }),
      ],
    });
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    await openLetter(data);
    await waitForDocument();
    const [first, second] = furtherDocuments();
    if (!first || !second) throw new Error('not two further documents');
    within(first).getByRole('button', { name: 'Open Vedlegg A' });
    within(second).getByRole('button', { name: 'Open Vedlegg B' });
    // Still "Open" on screen: the name begins with what a person sees, as voice control needs.
    expect(within(first).getByRole('button', { name: 'Open Vedlegg A' }).textContent).toBe('Open');
  });

  it('a confidential letter whose subject is hidden: named as the list names it, not "(no subject)"', async () => {
    const data = {
      ...letter(11, { subject: '', creatorName: 'Skatteetaten', attachment: [document(11, 1, { subject: '' })] }),
      confidential: true,
    };
    await openLetter(data);
    await screen.findByRole('heading', { level: 1, name: 'Confidential letter' });
    expect(screen.queryByText('(no subject)')).toBeNull();
  });

  it('an image: shown as a picture from a blob: address', async () => {
    worker.answer('getContent', content('image/png', 'not really a png'));
    await openLetter(plainLetter({ fileType: 'png' }));
    await waitForDocument();
    const image = await within(documentItem()).findByRole('img', { name: `Content: ${SUBJECT}` });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
  });

  it('an HTML letter: only in a sandboxed frame that runs no script', async () => {
    worker.answer('getContent', content('text/html; charset=utf-8', '<p>Dette er et eksempelbrev.</p><script>parent.alert(1)</script>'));
    await openLetter(plainLetter({ fileType: 'html' }));
    await waitForDocument();
    const frame = await within(documentItem()).findByTitle(`Content: ${SUBJECT}`);
    const sandbox = frame.getAttribute('sandbox');
    expect(sandbox).not.toBeNull();
    expect(sandbox?.split(' ')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('Dette er et eksempelbrev.');
    expect(frame.getAttribute('src')).toBeNull();
  });

  it('a kind of file the browser cannot show: says so and offers Download, as a .bin whatever the sender called it', async () => {
    worker.answer('getContent', content('application/zip', 'PK'));
    await openLetter(plainLetter({ fileType: 'zip' }));
    await waitForDocument();
    await within(documentItem()).findByText(/^This kind of file cannot be shown here\. “Download” saves it as a \.bin file/);
    expect((await within(documentItem()).findByRole('link', { name: 'Download' })).getAttribute('download')).toBe(`${SUBJECT}.bin`);
    expect(within(documentItem()).queryByTitle(`Content: ${SUBJECT}`)).toBeNull();
  });

  it('an opening receipt: explained, and sent only when the person presses the button', async () => {
    await openLetter(plainLetter({ openingReceipt: true }));
    const item = await waitForDocument();
    within(item).getByText('The sender asks for an opening receipt');
    expect(within(item).queryByRole('button', { name: `Open ${SUBJECT}` })).toBeNull();
    expect(worker.asked('sendOpeningReceipt')).toEqual([]);
    expect(worker.asked('getContent')).toEqual([]);

    const receipt = worker.hold('sendOpeningReceipt');
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    fireEvent.click(within(item).getByRole('button', { name: 'Send opening receipt and open' }));
    expect((await within(documentItem()).findByRole('status')).textContent).toBe('Sending the opening receipt…');
    // The page names the letter and which of its documents; the worker reads the receipt link from the letter itself.
    expect(await receipt.asked).toMatchObject({ letter: { url: plainLetter().link[0]?.uri }, attachment: 0 });
    // The service answers with the document, which now has its content link.
    receipt.answer({ data: document(11, 1, { subject: SUBJECT }) });
    await within(documentItem()).findByRole('document', { name: `Content: ${SUBJECT}` });
    expect(worker.asked('sendOpeningReceipt')).toHaveLength(1);
    expect(worker.asked('getContent')).toHaveLength(1);
  });

  it('an opening receipt whose outcome the worker could not tell: Look again asks once more (the worker only looks); Send again is the explicit resend', async () => {
    await openLetter(plainLetter({ openingReceipt: true }));
    const item = await waitForDocument();
    worker.fail('sendOpeningReceipt', { code: 'write_outcome_unknown' });
    fireEvent.click(within(item).getByRole('button', { name: 'Send opening receipt and open' }));
    const alert = await within(documentItem()).findByRole('alert');
    within(alert).getByText(/Digipost did not say whether the change was made/);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Look again' }));
    await waitFor(() => expect(worker.asked('sendOpeningReceipt').length).toBe(2));
    expect(worker.asked('sendOpeningReceipt')[1]).not.toHaveProperty('resend');
    worker.answer('sendOpeningReceipt', { data: document(11, 1, { subject: SUBJECT }) });
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    fireEvent.click(
      within(await within(documentItem()).findByRole('alert')).getByRole('button', { name: 'Send again, though it may have arrived' }),
    );
    await within(documentItem()).findByRole('document', { name: `Content: ${SUBJECT}` });
    expect(worker.asked('sendOpeningReceipt')).toHaveLength(3);
    expect(worker.asked('sendOpeningReceipt')[2]).toMatchObject({ resend: true });
  });

  it('a letter that needs a stronger login: says why, opens nothing, and offers the website', async () => {
    await openLetter(plainLetter({ authLevel: 'IDPORTEN_4' }));
    await screen.findByRole('heading', { level: 1, name: SUBJECT });
    const notice = screen.getByRole('note');
    within(notice).getByText('Needs a stronger login');
    within(notice).getByText(/^This letter needs a stronger login \(such as BankID through ID-porten\)/);
    // Said once: not again under the notice, by the document that cannot be opened.
    expect(screen.getAllByText('Needs a stronger login')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: `Open ${SUBJECT}` })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Open on Digipost’s website' }));
    await waitFor(() => expect(extension.openedTabs.map((tab) => tab.url)).toEqual([`${SERVICE}/app/`]));
    expect(worker.asked('getContent')).toEqual([]);
  });

  it('a document the service refuses for the login level: the same explanation and the website', async () => {
    worker.fail('getContent', { code: 'auth_level_too_low' });
    await openLetter(plainLetter());
    await waitForDocument();
    const notice = await within(documentItem()).findByRole('note');
    within(notice).getByText('This letter needs a stronger login than this extension can have. Open it on Digipost’s website.');
    within(notice).getByRole('button', { name: 'Open on Digipost’s website' });
    expect(within(documentItem()).queryByRole('alert')).toBeNull();
  });

  it('a document too large to show: says so, shows nothing', async () => {
    worker.fail('getContent', { code: 'content_too_large', detail: 'more than 20 MiB' });
    await openLetter(plainLetter());
    await waitForDocument();
    const alert = await within(documentItem()).findByRole('alert');
    expect(alert.querySelector('.alert-message')?.textContent).toBe(
      'This document is too large to show here. Open it on Digipost’s website.',
    );
    expect(within(documentItem()).queryByTitle(`Content: ${SUBJECT}`)).toBeNull();
  });

  it('content that could not be fetched: the reason, and Try again fetches it', async () => {
    worker.fail('getContent', { code: 'content_host_refused', status: 403 });
    await openLetter(plainLetter());
    await waitForDocument();
    const alert = await within(documentItem()).findByRole('alert');
    within(alert).getByText('The letter’s content could not be fetched from the service’s content server. Try again.');
    expect(within(alert).getByText('Details').closest('details')?.open).toBe(false);
    worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(documentItem()).findByRole('document', { name: `Content: ${SUBJECT}` });
    expect(within(documentItem()).queryByRole('alert')).toBeNull();
    expect(worker.asked('getContent')).toHaveLength(2);
  });

  it('without the permission to read content: says which permission is missing, and offers no Open', async () => {
    await openLetter(plainLetter(), ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
    const item = await waitForDocument();
    within(item).getByText(/^Reading letters needs the permission “Open your letters”/);
    expect(within(item).queryByRole('button', { name: `Open ${SUBJECT}` })).toBeNull();
  });
});

/** The letter's document entry, once the letter is on the page. */
async function waitForDocument(): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 1, name: SUBJECT });
  return documentItem();
}

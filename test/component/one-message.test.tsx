import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * One message at a time (issue #35, point 6): on a page of the viewer, what the person did last
 * says how it went, and nothing older stays beside it, wherever on the page that was said.
 */

const { worker } = extension;
const PAGE_ID = 'DDDDDDDDDDDDDDDDDDDDDD';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = { url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' };
const MEDIA = 'application/vnd.digipost-v2+json';
const WRITES: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];

/** The full root, its inbox taking uploads. */
function uploadableRoot() {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  if (!mailbox) throw new Error('the fixture root has a mailbox');
  mailbox.link = [
    ...mailbox.link,
    { rel: `${SERVICE}/post/relations/upload_document_to_inbox`, uri: `${ACCOUNT}/documents/inbox/upload`, 'media-type': MEDIA },
  ];
  return root;
}

const LETTER = letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' });

async function openInbox(): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: INBOX });
  worker.answer('getRoot', rootSnapshot({ root: uploadableRoot(), scopes: WRITES }));
  worker.answer('getResource', resourceSnapshot({ document: [LETTER], link: [] }, INBOX.url, WRITES));
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText('Skattemelding 2026');
}

/** Chooses a file in Upload a file's file chooser, as a person does. */
function choose(name: string, text: string, type: string): void {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file chooser');
  Object.defineProperty(input, 'files', { value: [new File([text], name, { type })], configurable: true });
  fireEvent.change(input);
}

/** Uploads a small PDF into the inbox, and waits until the page says it is in. */
async function uploadOne(): Promise<void> {
  worker.answer('upload', {});
  choose('payslip.pdf', '%PDF-1.7\n%%EOF\n', 'application/pdf');
  fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
  await screen.findByText('“payslip” was uploaded.');
}

/** Every outcome the page says now: its statuses and alerts with words in them, less the list's own count of letters. */
function messages(): string[] {
  return [...document.querySelectorAll('[role="status"], [role="alert"]')]
    .map((el) => el.textContent.trim())
    .filter((text) => text !== '' && !text.startsWith('Showing '));
}

describe('one message at a time in the viewer', () => {
  it('a file refused after an upload: the refusal alone, not beside "was uploaded"', async () => {
    await openInbox();
    await uploadOne();
    choose('terms.html', '<!doctype html><title>Terms</title>', 'text/html');
    await screen.findByText(/This is a web page, not a file\./);
    expect(screen.queryByText('“payslip” was uploaded.')).toBeNull();
    expect(messages()).toHaveLength(1);
  });

  it('after an upload, a refused file and then a failed upload each say only their own outcome', async () => {
    await openInbox();
    await uploadOne();
    choose('side.html', '<!doctype html><p>hei</p>', 'text/html');
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('This is a web page, not a file.');
    expect(screen.getByRole('main').textContent).not.toContain('was uploaded');
    // The next file goes, and its answer is lost at a gateway: the failure alone, not the refusal before it.
    choose('Gassregning.pdf', '%PDF-1.7\n%%EOF\n', 'application/pdf');
    await waitFor(() => expect(document.body.textContent).not.toContain('This is a web page'));
    worker.fail('upload', { code: 'write_outcome_unknown', status: 502 });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Digipost did not say whether the change was made'));
    const shown = screen.getByRole('main').textContent;
    for (const earlier of ['was uploaded', 'This is a web page']) expect(shown, earlier).not.toContain(earlier);
    expect(screen.getByRole('main').querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('a letter moved after an upload: "Moved to", and the upload\'s words are gone', async () => {
    await openInbox();
    await uploadOne();
    worker.answer('write', { data: null });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Skattemelding 2026” (M)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Skatt' }));
    await screen.findByText('Moved to Skatt.');
    expect(screen.queryByText('“payslip” was uploaded.')).toBeNull();
    expect(messages()).toEqual(['Moved to Skatt.Undo']);
  });

  it("an upload that fails after a move: the failure alone, the move's toast gone", async () => {
    await openInbox();
    worker.answer('write', { data: null });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Skattemelding 2026” (M)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Skatt' }));
    await screen.findByText('Moved to Skatt.');
    worker.fail('upload', { code: 'upload_place_missing' });
    choose('payslip.pdf', '%PDF-1.7\n%%EOF\n', 'application/pdf');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await screen.findByText(/Digipost no longer offers to save files to that place/);
    await waitFor(() => expect(screen.queryByText('Moved to Skatt.')).toBeNull());
    expect(messages()).toHaveLength(1);
  });
});

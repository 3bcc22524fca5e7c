import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Upload in the viewer (src/viewer/upload/UploadPanel.tsx): a file dropped anywhere on a list that
 * takes uploads is checked before anything is sent, waits for its subject, and goes in on Upload;
 * the list is read again and shows it. The file chooser and the file's way to the worker in a real
 * browser are test/e2e/upload.e2e.ts's.
 */

const { worker } = extension;
const PAGE_ID = 'UUUUUUUUUUUUUUUUUUUUUU';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;
const MEDIA = 'application/vnd.digipost-v2+json';
const SCOPES: Permission[] = [...READ_SCOPES, 'UPLOAD_DOCUMENT'];

const OLA_INBOX = `${SERVICE}/post/api/private/accounts/2047/documents/inbox`;
const link = (relation: string, uri: string) => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

/**
 * The inbox, taking uploads; what it lists grows by each letter the worker says was uploaded. With
 * `shared`, the inbox of the mailbox Ola Nordmann shares with the person, which takes uploads too.
 */
async function openInbox(shared = false): Promise<void> {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  if (!mailbox) throw new Error('the fixture root has a mailbox');
  mailbox.link = [...mailbox.link, link('upload_document_to_inbox', `${INBOX}/upload`)];
  if (shared)
    root.mailbox?.push({
      name: 'Ola Nordmann',
      owner: false,
      digipostaddress: 'ola.nordmann#2OLA',
      unreadItemsInInbox: 1,
      link: [link('document_inbox', OLA_INBOX), link('upload_document_to_inbox', `${OLA_INBOX}/upload`)],
    });
  const letters = [letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' })];
  const target = shared ? { url: OLA_INBOX, relation: 'document_inbox', mailbox: OLA_INBOX } : { url: INBOX, relation: 'document_inbox' };
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: target });
  worker.answer('getRoot', rootSnapshot({ root, scopes: SCOPES }));
  worker.answer('getResource', (request) => resourceSnapshot({ document: letters, link: [] }, request.url, SCOPES));
  worker.answer('upload', (request) => {
    const made = letter(12, { subject: request.subject, creatorName: 'Kari Nordmann' });
    letters.unshift(made);
    return { letter: { url: made.link[0]?.uri ?? '', relation: 'self' } };
  });
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText('Skattemelding 2026');
}

/**
 * Drops one file on the list, as dragging it from the desktop does; answers whether the page took
 * the drag and the drop (without that, the browser opens the file in the tab instead). The drag as
 * the browser hands it over: its types say "Files" (happy-dom's DataTransfer names a file by its
 * media type instead, and its DragEvent carries none).
 */
function drop(name: string, type: string, text: string): { over: boolean; dropped: boolean } {
  const file = new File([text], name, { type });
  const list = document.querySelector('.letters') ?? document.body;
  const [over, dropped] = ['dragover', 'drop'].map((kind) => {
    const event = new Event(kind, { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files: [file] } });
    list.dispatchEvent(event);
    return event.defaultPrevented;
  });
  return { over: over ?? false, dropped: dropped ?? false };
}

const rowsWith = (subject: string) =>
  [...document.querySelectorAll('main .subject-text')].filter((el) => el.textContent === subject).length;

describe('Upload in the viewer', () => {
  it('drag and drop: a PDF dropped on the inbox goes into it; an HTML file dropped is refused before any upload', async () => {
    await openInbox();
    expect(drop('side.html', 'text/html', '<!doctype html><p>hei</p>')).toEqual({ over: true, dropped: true });
    await screen.findByText(/This is a web page, not a file\./);
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(worker.asked('upload')).toHaveLength(0);

    expect(drop('Fjernvarme.pdf', 'application/pdf', '%PDF-1.7\n%%EOF\n')).toEqual({ over: true, dropped: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await screen.findByText('“Fjernvarme” was uploaded.');
    await waitFor(() => expect(rowsWith('Fjernvarme')).toBe(1));
    expect(worker.asked('upload').map((r) => [r.subject, r.name, r.place])).toEqual([['Fjernvarme', 'Fjernvarme.pdf', { kind: 'inbox' }]]);
  });

  it('in a mailbox shared with the person, a file dropped on its inbox goes into that inbox, not the person’s', async () => {
    await openInbox(true);
    await screen.findByRole('heading', { level: 1, name: 'Ola Nordmann’s inbox' });
    expect(drop('Avtale.pdf', 'application/pdf', '%PDF-1.7\n%%EOF\n')).toEqual({ over: true, dropped: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await screen.findByText('“Avtale” was uploaded.');
    await waitFor(() => expect(rowsWith('Avtale')).toBe(1));
    expect(worker.asked('upload').map((r) => [r.subject, r.name, r.place])).toEqual([
      ['Avtale', 'Avtale.pdf', { kind: 'inbox', mailbox: OLA_INBOX }],
    ]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { ResourceSnapshot } from '../../src/protocol/messages.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE, RECEIPT } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The service down, reached from the side list (issue #49 point 1): "Couldn't open Inbox – The
 * service had an error" with Upload a file still offered, while Back to the same place showed the
 * remembered list with "Can't reach Digipost". Every place already seen shows as it was seen, one
 * wording says the same failure everywhere (the popup's: "Digipost isn't answering right now"),
 * and no write is offered while the service does not answer.
 */

const { worker } = extension;
const PAGE_ID = 'SSSSSSSSSSSSSSSSSSSSSS';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;
const MEDIA = 'application/vnd.digipost-v2+json';
const WRITES: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];
const NO_ANSWER = 'Digipost isn’t answering right now';

const upload = (relation: string, uri: string) => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

/** The root, with uploads offered to the inbox and to each folder. */
function rootWithUploads() {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  if (!mailbox?.folders?.folder) throw new Error('the fixture root has a mailbox with folders');
  mailbox.link = [...mailbox.link, upload('upload_document_to_inbox', `${INBOX}/upload`)];
  for (const folder of mailbox.folders.folder)
    folder.link = [...folder.link, upload('upload_document', `${folder.link[0]?.uri ?? ''}/upload`)];
  return root;
}

const INBOX_LETTERS = [
  letter(21, { subject: 'Strømregning desember', creatorName: 'Fjordkraft' }),
  letter(22, { subject: 'Time hos tannlegen', creatorName: 'Tannhelse AS' }),
];
const SKATT_LETTERS = [letter(31, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' })];

/** The service, answering: the inbox and Skatt by their addresses. */
function answering(url: string): ResourceSnapshot {
  const path = new URL(url).pathname;
  if (path.endsWith('/documents/inbox')) return resourceSnapshot({ document: INBOX_LETTERS, link: [] }, url, WRITES);
  if (path.endsWith('/folders/1')) return resourceSnapshot({ name: 'Skatt', document: SKATT_LETTERS, link: [] }, url, WRITES);
  if (path.endsWith('/receipts')) return resourceSnapshot({ receipt: [RECEIPT], link: [] }, url, WRITES);
  if (path.endsWith('/folders/2')) return resourceSnapshot({ name: 'Bolig', document: [], link: [] }, url, WRITES);
  throw new Error(`the test's service has nothing at ${url}`);
}

const sideList = () => within(screen.getByRole('navigation', { name: 'Mailbox' }));
const main = () => screen.getByRole('main');
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
/** The note above a list shown from memory. */
const memoryNote = () => screen.getByText(/showing the list as you last saw it/).closest('[role="status"]')?.textContent;

/** Takes a place of the side list, as a person does. */
function openFromSideList(name: RegExp): void {
  fireEvent.click(sideList().getByRole('link', { name }));
}

/** A viewer tab on the inbox, with the service answering; then Skatt opened from the side list. */
async function seeInboxThenSkatt(): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
  worker.answer('getRoot', rootSnapshot({ root: rootWithUploads(), scopes: WRITES }));
  worker.answer('getResource', (request) => Promise.resolve(answering(request.url)));
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText('Strømregning desember');
  await screen.findByRole('button', { name: 'Upload a file' });
  openFromSideList(/Skatt/);
  await screen.findByText('Skattemelding 2026');
  expect(heading()).toBe('Skatt');
}

describe('the service down, reached from the side list', () => {
  it('the inbox seen a moment ago shows as it was seen, said in the popup’s words, with no upload, filing or delete', async () => {
    await seeInboxThenSkatt();
    // The gateway in front of the service answers with its own error page.
    worker.fail('getResource', { code: 'http_server', status: 502 });

    openFromSideList(/Inbox/);
    await screen.findByText(/showing the list as you last saw it/);
    expect(memoryNote()).toContain(NO_ANSWER);
    expect(heading()).toBe('Inbox');
    expect(within(main()).getByText('Strømregning desember')).toBeTruthy();
    expect(within(main()).getByText('Time hos tannlegen')).toBeTruthy();
    expect(within(main()).queryByText(/Couldn.t open/)).toBeNull();
    expect(within(main()).queryByText(/The service had an error/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();
    expect(main().querySelectorAll('.letter-row input[type="checkbox"], .letter-row button')).toHaveLength(0);
    expect(within(main()).queryByRole('button', { name: /New folder/ })).toBeNull();

    // Skatt, seen too, shows as it was seen as well, in the same words.
    openFromSideList(/Skatt/);
    await screen.findByText('Skattemelding 2026');
    expect(heading()).toBe('Skatt');
    expect(memoryNote()).toContain(NO_ANSWER);
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();
    expect(within(main()).queryByRole('button', { name: /Rename|Delete folder/ })).toBeNull();

    // Back to the inbox: the same list, the same words.
    history.back();
    await waitFor(() => expect(heading()).toBe('Inbox'));
    await screen.findByText('Strømregning desember');
    expect(memoryNote()).toContain(NO_ANSWER);

    // The service answers again: Try again brings the list up to date, with the writes back.
    worker.answer('getResource', (request) => Promise.resolve(answering(request.url)));
    fireEvent.click(within(main()).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Upload a file' });
    expect(screen.queryByText(/showing the list as you last saw it/)).toBeNull();
  });

  it('the receipts seen before show as they were seen, said so', async () => {
    await seeInboxThenSkatt();
    openFromSideList(/Receipts/);
    await screen.findAllByText('Rema 1000');
    worker.fail('getResource', { code: 'timeout' });
    openFromSideList(/Inbox/);
    await screen.findByText('Strømregning desember');
    openFromSideList(/Receipts/);
    await waitFor(() => expect(memoryNote()).toContain(NO_ANSWER));
    expect(heading()).toBe('Receipts');
    expect(within(main()).getAllByText('Rema 1000').length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a place not seen yet says the same words, with Try again and nothing to write', async () => {
    await seeInboxThenSkatt();
    worker.fail('getResource', { code: 'http_server', status: 502 });

    openFromSideList(/Bolig/);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NO_ANSWER);
    expect(alert.textContent).not.toContain('The service had an error');
    expect(heading()).toBe('Bolig');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();

    // No connection at all reads the same.
    worker.fail('getResource', { code: 'network' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(worker.asked('getResource').length).toBeGreaterThan(3));
    expect((await screen.findByRole('alert')).textContent).toContain(NO_ANSWER);
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();
  });

  it('another failure still says what it is, and offers no upload beside a place it could not open', async () => {
    await seeInboxThenSkatt();
    worker.fail('getResource', { code: 'response_malformed' });
    openFromSideList(/Bolig/);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain(NO_ANSWER);
    expect(heading()).toBe('Couldn’t open Bolig');
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();
  });
});

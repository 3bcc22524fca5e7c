import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { LinkTarget } from '../../src/api/links.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { content, document, fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * A viewer tab that stays true while it is open (issue #29, point 6): it learns of a new grant
 * and of a sign-out from the worker, without a reload, and a folder emptied here says it is empty.
 */

const { worker } = extension;
const PAGE_ID = 'CCCCCCCCCCCCCCCCCCCCCC';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = { url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' };
const FOLDER = `${ACCOUNT}/folders/1`;
const MEDIA = 'application/vnd.digipost-v2+json';
const WRITES: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];

const relation = (name: string) => `${SERVICE}/post/relations/${name}`;

/** The full root, its inbox taking uploads and its first folder (Skatt) open to deleting. */
function rootWithActions() {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  const first = mailbox?.folders?.folder[0];
  if (!mailbox || !first) throw new Error('the fixture root has a mailbox with folders');
  mailbox.link = [
    ...mailbox.link,
    { rel: relation('upload_document_to_inbox'), uri: `${ACCOUNT}/documents/inbox/upload`, 'media-type': MEDIA },
  ];
  first.link = [...first.link, { rel: relation('delete_folder'), uri: FOLDER, 'media-type': MEDIA }];
  return root;
}

async function openViewer(target: LinkTarget, data: unknown, scopes: Permission[]): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: target });
  worker.answer('getRoot', rootSnapshot({ root: rootWithActions(), scopes }));
  worker.answer('getResource', resourceSnapshot(data, target.url, scopes));
  await openPage('viewer', `?page=${PAGE_ID}`);
}

describe('an open viewer tab when Upload is granted in the options', () => {
  it('shows Upload a file without a reload', async () => {
    await openViewer(INBOX, { document: [], link: [] }, READ_SCOPES);
    await screen.findByText('There are no letters here.');
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();
    // The consent window approved: the worker now answers with the new permissions, and says so.
    worker.answer('getRoot', rootSnapshot({ root: rootWithActions(), scopes: WRITES }));
    worker.answer('getResource', resourceSnapshot({ document: [], link: [] }, INBOX.url, WRITES));
    extension.tellPages({ event: 'sessionChanged', scopes: WRITES });
    await screen.findByRole('button', { name: 'Upload a file' });
  });
});

describe('an open viewer tab when the person signs out elsewhere', () => {
  it('says they signed out, with Connect, and nothing failed: no "Couldn’t open", no Try again', async () => {
    await openViewer(
      INBOX,
      { document: [letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' })], link: [] },
      READ_SCOPES,
    );
    await screen.findByText('Skattemelding 2026');
    extension.tellPages({ event: 'sessionEnded', reason: 'user' });
    await screen.findByText('You signed out');
    const main = screen.getByRole('main');
    expect(within(main).queryByText('Skattemelding 2026')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inbox');
    expect(within(main).queryByText(/Couldn.t open/)).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(main).queryByRole('alert')).toBeNull();
    within(main).getByRole('button', { name: 'Connect' });
  });

  it('Digipost ending the connection: says so, with Connect as the one step', async () => {
    await openViewer(
      INBOX,
      { document: [letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' })], link: [] },
      READ_SCOPES,
    );
    await screen.findByText('Skattemelding 2026');
    extension.tellPages({ event: 'sessionEnded', reason: 'ended' });
    const main = screen.getByRole('main');
    await within(main).findByText('Digipost ended the connection');
    within(main).getByText(/withdrawn on Digipost’s website, or after a long time without use\. Connect again/);
    expect(within(main).queryByText('Skattemelding 2026')).toBeNull();
    expect(
      within(main)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Connect']);
  });

  it('a page read after Digipost ended the connection (a tab reloaded, a link taken): why, and Connect alone, not a failure with Try again', async () => {
    await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: INBOX });
    // What the worker answers while the end is on record (until the person connects again or dismisses it).
    worker.fail('getRoot', { code: 'session_ended' });
    worker.fail('getResource', { code: 'session_ended' });
    await openPage('viewer', `?page=${PAGE_ID}`);
    await screen.findByText('Digipost ended the connection');
    const main = screen.getByRole('main');
    within(main).getByText(/withdrawn on Digipost’s website, or after a long time without use\. Connect again/);
    expect(within(main).queryByRole('alert')).toBeNull();
    expect(
      within(main)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Connect']);
  });

  it('a tab whose page was forgotten when Digipost ended the connection: why, and Connect and open the inbox', async () => {
    // The end of the session forgot what the tab's page id stood for; the root says why nobody is signed in.
    worker.fail('getRoot', { code: 'session_ended' });
    await openPage('viewer', `?page=${PAGE_ID}`);
    await screen.findByText('Digipost ended the connection');
    const main = screen.getByRole('main');
    within(main).getByText(/withdrawn on Digipost’s website, or after a long time without use\. Connect again/);
    expect(
      within(main)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Connect and open the inbox']);
  });

  it('drops a letter whose content comes after the sign-out: no blob: address is made for it', async () => {
    const held = worker.hold('getContent');
    const made = vi.spyOn(URL, 'createObjectURL');
    const data = letter(11, {
      subject: 'Lønnsslipp',
      creatorName: 'Arbeidsgiver AS',
      attachment: [document(11, 1, { subject: 'Lønnsslipp', fileType: 'txt' })],
    });
    await openViewer({ url: data.link[0]?.uri ?? '', relation: 'self' }, data, READ_SCOPES);
    await held.asked;
    extension.tellPages({ event: 'sessionEnded', reason: 'user' });
    await screen.findByText('You signed out');
    held.answer(content('text/plain', 'Lønn for november'));
    // The answer reaches the page through promises alone (the fake worker's, the page's): one turn
    // of the event loop later it has been handled, on any machine.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).not.toHaveBeenCalled();
    expect(screen.queryByText('Lønnsslipp')).toBeNull();
    made.mockRestore();
  });

  it('says so of an ended access too, in its own words', async () => {
    await openViewer(INBOX, { document: [], link: [] }, READ_SCOPES);
    await screen.findByText('There are no letters here.');
    extension.tellPages({ event: 'sessionEnded', reason: 'ended' });
    await screen.findByText('Digipost ended the connection');
    within(screen.getByRole('main')).getByRole('button', { name: 'Connect' });
  });
});

describe('a folder emptied in the viewer', () => {
  it('drops its "still holds letters" and says it is empty, not "Showing the only letter."', async () => {
    const only = { ...letter(21, { subject: 'Skattemelding 2025', creatorName: 'Skatteetaten' }), location: 'FOLDER', folderId: 1 };
    await openViewer({ url: FOLDER, relation: 'self' }, { document: [only], link: [] }, WRITES);
    await screen.findByText('Skattemelding 2025');
    screen.getByText('Showing the only letter.');
    worker.fail('write', { code: 'folder_not_empty' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder' }));
    await screen.findByText('The folder still holds letters. Move or delete them first, then delete the folder.');

    worker.answer('write', { data: null });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Skattemelding 2025” (M)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Inbox' }));
    await screen.findByText('There are no letters here.');
    expect(screen.queryByText(/Showing (all|the only)/)).toBeNull();
    await waitFor(() => expect(screen.queryByText(/The folder still holds letters/)).toBeNull());
    expect(worker.asked('write').map((w) => w.rel)).toEqual(['delete_folder', 'update_document']);
  });
});

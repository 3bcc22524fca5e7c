import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Link } from '../../src/api/schemas.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Filing in the viewer's inbox (src/viewer/filing): offered only to a session that may change
 * letters, and a refusal leaves the list as it was, in words. Moving, Undo, renaming and deleting
 * against the service, and a change whose answer never comes, are test/e2e/files.e2e.ts's.
 */

const { worker } = extension;
const PAGE_ID = 'FFFFFFFFFFFFFFFFFFFFFF';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;
const MEDIA = 'application/vnd.digipost-v2+json';
const MANAGING: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];

const link = (relation: string, uri: string): Link => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

/** A letter of the inbox as the service lists it: it may be moved, renamed and deleted. */
function fileable(id: number, subject: string) {
  const base = letter(id, { subject, creatorName: 'Avsender AS' });
  const self = `${ACCOUNT}/documents/${id}`;
  return { ...base, link: [link('self', self), link('update_document', `${self}/update`), link('delete_document', self)] };
}

/** The root with folders that may be changed, and the inbox's folder list that may make one. */
function managedRoot() {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  if (!mailbox?.folders) throw new Error('the fixture root has a mailbox with folders');
  mailbox.folders.link = [link('create_folder', `${SERVICE}/post/api/private/mailboxes/1/folders`)];
  for (const folder of mailbox.folders.folder) {
    const self = folder.link[0]?.uri ?? '';
    folder.link = [...folder.link, link('change_folder', self), link('delete_folder', self)];
  }
  return root;
}

/** The inbox in a viewer tab, for a session holding `scopes`. */
async function openInbox(scopes: Permission[], letters: unknown[]): Promise<HTMLElement> {
  const root = managedRoot();
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
  worker.answer('getRoot', rootSnapshot({ root, scopes }));
  worker.answer('getResource', (request) =>
    new URL(request.url).pathname === new URL(INBOX).pathname
      ? resourceSnapshot({ document: letters, link: [] }, request.url, scopes)
      : resourceSnapshot(
          letters.find((l) => (l as { link: Link[] }).link[0]?.uri === request.url),
          request.url,
          scopes,
        ),
  );
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText((letters[0] as { subject: string }).subject);
  return screen.getByRole('main');
}

const rowsWith = (words: string) =>
  [...document.querySelectorAll('main .letter-row')].filter((row) => row.textContent.includes(words)).length;

describe('moving letters', () => {
  it('a 403 leaves the list as it was and says the permission was withdrawn', async () => {
    await openInbox(MANAGING, [fileable(51, 'Nektet flytting')]);
    // What the worker answers once Digipost refused it twice (a 403, and again with a fresh token).
    worker.fail('write', { code: 'write_forbidden', status: 403, permission: 'UPDATE_DOCUMENT' });
    fireEvent.click(await screen.findByRole('button', { name: /^Actions for .*Nektet flytting/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Skatt' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('has been withdrawn. Nothing was changed.'));
    expect(worker.asked('write')).toHaveLength(1);
    expect(rowsWith('Nektet flytting')).toBe(1);
  });
});

describe('without the permissions', () => {
  it('shows no filing action at all', async () => {
    const main = await openInbox(READ_SCOPES, [fileable(52, 'Bare lesing')]);
    const rowMenus = [...document.querySelectorAll('button')].filter((b) => b.getAttribute('aria-label')?.startsWith('Actions for')).length;
    expect(rowMenus).toBe(0);
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(document.querySelectorAll('.row-menu-button, .row-select, .folder-tools')).toHaveLength(0);
    fireEvent.click(within(main).getByText('Bare lesing'));
    await screen.findByRole('heading', { level: 1, name: 'Bare lesing' });
    for (const name of ['Move to…', 'Rename', 'Delete…']) expect(screen.queryByRole('button', { name }), name).toBeNull();
    expect(document.querySelectorAll('.letter-filing')).toHaveLength(0);
  });

  it('with them, the same inbox offers filing (so the test above would see it)', async () => {
    await openInbox(MANAGING, [fileable(53, 'Kan flyttes')]);
    await screen.findByRole('button', { name: /^Actions for .*Kan flyttes/ });
    expect(screen.queryAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Link, RootResource } from '../../src/api/schemas.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { needsItem, viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { letter, nothingDue, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { closePage, openPage } from './page.ts';

/*
 * Which mailbox a page lies in is named by the mailbox's own inbox link, never by its Digipost
 * address (issue #44, points 7 and 8): a mailbox shared with the person may be listed with the
 * person's own address, and first. Then a click within the person's own mailbox must not land in
 * the shared one (its side list, its folders, New folder made there), and the shared mailbox's
 * places, opened from the switcher or the popup, stay the shared one's.
 */

const { worker } = extension;
const MEDIA = 'application/vnd.digipost-v2+json';
const KARI = `${SERVICE}/post/api/private/accounts/1234`;
const OLA = `${SERVICE}/post/api/private/accounts/2047`;
const OWN_INBOX = `${KARI}/documents/inbox`;
const OLA_INBOX = `${OLA}/documents/inbox`;
const ROOT = `${SERVICE}/post/api/private`;
/** The person's own Digipost address, which the shared mailbox is listed with too. */
const SAME_ADDRESS = 'kari.nordmann#1ABC';
// With READ_RECEIPTS: the side list's Receipts are not marked locked (#49 point 2).
const SCOPES: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT', 'READ_RECEIPTS'];

const link = (relation: string, uri: string): Link => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

const IN_SKATT = { ...letter(21, { subject: 'Skattekort for 2027', creatorName: 'Skatteetaten' }), location: 'FOLDER' };
const IN_OLA = { ...letter(71, { subject: 'Vedtak om alderspensjon', creatorName: 'NAV' }), link: [link('self', `${OLA}/documents/71`)] };
const IN_PENSJON = {
  ...letter(72, { subject: 'Pensjonsavtale', creatorName: 'KLP' }),
  location: 'FOLDER',
  link: [link('self', `${OLA}/documents/72`)],
};

/** Ola Nordmann's mailbox, shared with Kari, listed first and with Kari's own Digipost address. */
function root(): RootResource {
  return {
    authenticationlevel: 2,
    primaryAccount: {
      fullName: 'Kari Nordmann',
      digipostaddress: SAME_ADDRESS,
      unreadItemsInInbox: 2,
      link: [link('document_inbox', OWN_INBOX), link('receipts', `${KARI}/receipts`)],
    },
    mailbox: [
      {
        name: 'Ola Nordmann',
        owner: false,
        digipostaddress: SAME_ADDRESS,
        unreadItemsInInbox: 1,
        folders: {
          folder: [{ name: 'Pensjon', id: 101, link: [link('self', `${OLA}/folders/101`)] }],
          link: [link('create_folder', `${OLA}/folders`)],
        },
        link: [link('document_inbox', OLA_INBOX), link('receipts', `${OLA}/receipts`)],
      },
      {
        name: 'Kari Nordmann',
        owner: true,
        digipostaddress: SAME_ADDRESS,
        unreadItemsInInbox: 2,
        folders: {
          folder: [
            { name: 'Skatt', id: 1, link: [link('self', `${KARI}/folders/1`)] },
            { name: 'Bolig', id: 2, link: [link('self', `${KARI}/folders/2`)] },
          ],
          link: [link('create_folder', `${KARI}/folders`)],
        },
        link: [link('document_inbox', OWN_INBOX), link('receipts', `${KARI}/receipts`)],
      },
    ],
    link: [link('self', ROOT)],
  };
}

function answerWorker(): void {
  worker.answer('getRoot', rootSnapshot({ root: root(), scopes: SCOPES, inbox: { uri: OWN_INBOX, fetchedAt: Date.now(), documents: [] } }));
  worker.answer('write', { data: null });
  worker.answer('getResource', (request) => {
    const path = new URL(request.url).pathname;
    const answer = (data: unknown) => Promise.resolve(resourceSnapshot(data, request.url, SCOPES));
    if (path.endsWith('/1234/documents/inbox')) return answer({ document: [], link: [] });
    if (path.endsWith('/1234/folders/1'))
      return answer({ name: 'Skatt', id: 1, documents: { document: [IN_SKATT] }, link: [link('self', `${KARI}/folders/1`)] });
    if (path.endsWith('/1234/documents/21')) return answer(IN_SKATT);
    if (path.endsWith('/2047/documents/inbox')) return answer({ document: [IN_OLA], link: [] });
    if (path.endsWith('/2047/folders/101'))
      return answer({ name: 'Pensjon', id: 101, documents: { document: [IN_PENSJON] }, link: [link('self', `${OLA}/folders/101`)] });
    if (path.endsWith('/2047/documents/71')) return answer(IN_OLA);
    if (path.endsWith('/2047/documents/72')) return answer(IN_PENSJON);
    return Promise.reject(new Error(`no answer for ${request.url}`));
  });
}

async function openViewerAt(target: Record<string, string>, id = 'MMMMMMMMMMMMMMMMMMMMMM'): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(id).key]: target });
  answerWorker();
  await openPage('viewer', `?page=${id}`);
}

/** The folders the side list shows, by name. */
const sideFolders = () =>
  within(screen.getByRole('navigation', { name: 'Mailbox' }))
    .getAllByRole('link')
    .map((a) => a.textContent.trim());
/** The mailbox the switcher marks as the one the page lies in. */
const markedMailbox = () =>
  within(screen.getByRole('navigation', { name: 'Mailboxes' }))
    .getAllByRole('link', { current: 'location' })
    .map((a) => a.textContent);
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** New folder `name` on the page on show: the mailbox the write names, by its folder list's link. */
async function newFolder(name: string): Promise<unknown> {
  fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
  fireEvent.input(screen.getByLabelText('Folder name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Create folder' }));
  await waitFor(() => expect(worker.asked('write').map((write) => write.body)).toContainEqual({ name, icon: 'FOLDER' }));
  return worker.asked('write').find((write) => (write.body as { name?: string }).name === name)?.mailboxLink;
}

describe('a mailbox shared with the person, listed first with their own Digipost address', () => {
  it('the own inbox, a click into a folder and into a letter: the side list, the switcher and New folder stay the own mailbox’s', async () => {
    await openViewerAt({ url: OWN_INBOX, relation: 'document_inbox' });
    await waitFor(() => expect(sideFolders()).toEqual(['Inbox', 'Skatt', 'Bolig', 'Receipts']));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailbox' })).getByRole('link', { name: 'Skatt' }));
    await screen.findByText('Skattekort for 2027');
    expect(sideFolders()).toEqual(['Inbox', 'Skatt', 'Bolig', 'Receipts']);
    expect(markedMailbox()).toEqual([expect.stringContaining('Kari Nordmann')]);
    expect(await newFolder('Hytta')).toBe(`${KARI}/folders`);
    fireEvent.click(screen.getByRole('link', { name: /Skattekort for 2027/ }));
    await heading('Skattekort for 2027');
    expect(sideFolders()).toEqual(['Inbox', 'Skatt', 'Bolig', 'Receipts']);
    expect(markedMailbox()).toEqual([expect.stringContaining('Kari Nordmann')]);
  });

  it('the shared mailbox opened from the switcher stays the shared one’s through its folder and a letter, and New folder is made there', async () => {
    await openViewerAt({ url: OWN_INBOX, relation: 'document_inbox' });
    await waitFor(() => expect(sideFolders()).toContain('Skatt'));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailboxes' })).getByRole('link', { name: /Ola Nordmann/ }));
    await screen.findByText('Vedtak om alderspensjon');
    await waitFor(() => expect(sideFolders()).toEqual(['Inbox', 'Pensjon', 'Receipts']));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailbox' })).getByRole('link', { name: 'Pensjon' }));
    await screen.findByText('Pensjonsavtale');
    expect(sideFolders()).toEqual(['Inbox', 'Pensjon', 'Receipts']);
    expect(markedMailbox()).toEqual([expect.stringContaining('Ola Nordmann')]);
    expect(await newFolder('Arv')).toBe(`${OLA}/folders`);
    fireEvent.click(screen.getByRole('link', { name: /Pensjonsavtale/ }));
    await heading('Pensjonsavtale');
    expect(sideFolders()).toEqual(['Inbox', 'Pensjon', 'Receipts']);
  });

  it('a page remembered with a mailbox in the old form, a Digipost address, is the person’s own, never the shared one that has it', async () => {
    await openViewerAt({ url: `${KARI}/folders/1`, relation: 'folder', mailbox: SAME_ADDRESS });
    await screen.findByText('Skattekort for 2027');
    await waitFor(() => expect(sideFolders()).toEqual(['Inbox', 'Skatt', 'Bolig', 'Receipts']));
    expect(await newFolder('Hytta')).toBe(`${KARI}/folders`);
  });

  it('the popup opens the shared mailbox’s inbox in that mailbox, and the viewer shows it as the shared one’s', async () => {
    const snapshot = rootSnapshot({ root: root(), scopes: SCOPES, inbox: { uri: OWN_INBOX, fetchedAt: Date.now(), documents: [] } });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(snapshot) });
    worker.answer('getRoot', snapshot);
    await openPage('popup');
    const places = await screen.findByRole('region', { name: 'Mailbox' });
    fireEvent.click(await within(places).findByRole('button', { name: /Ola Nordmann’s inbox/ }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    const pageId = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
    const target = extension.storage.session.data[viewerPages.item(pageId).key] as Record<string, string>;
    expect(target).toMatchObject({ url: OLA_INBOX, relation: 'document_inbox' });
    expect(target.mailbox).not.toBe(SAME_ADDRESS);
    closePage();
    await openViewerAt(target, pageId);
    await screen.findByText('Vedtak om alderspensjon');
    await waitFor(() => expect(sideFolders()).toEqual(['Inbox', 'Pensjon', 'Receipts']));
    expect(markedMailbox()).toEqual([expect.stringContaining('Ola Nordmann')]);
  });

  it('a letter of the shared mailbox says in its head whose mailbox it lies in; one of the person’s own says nothing of it (#49 point 6)', async () => {
    await openViewerAt({ url: OWN_INBOX, relation: 'document_inbox' });
    await waitFor(() => expect(sideFolders()).toContain('Skatt'));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailboxes' })).getByRole('link', { name: /Ola Nordmann/ }));
    fireEvent.click(await screen.findByRole('link', { name: /Vedtak om alderspensjon/ }));
    await heading('Vedtak om alderspensjon');
    const head = () => document.querySelector('main .letter-head');
    await waitFor(() => expect(head()?.textContent).toContain('NAV'));
    expect(head()?.textContent).toContain('In Ola Nordmann’s mailbox');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailboxes' })).getByRole('link', { name: /Kari Nordmann/ }));
    fireEvent.click(await within(screen.getByRole('navigation', { name: 'Mailbox' })).findByRole('link', { name: 'Skatt' }));
    fireEvent.click(await screen.findByRole('link', { name: /Skattekort for 2027/ }));
    await heading('Skattekort for 2027');
    await waitFor(() => expect(head()?.textContent).toContain('Skatteetaten'));
    expect(head()?.textContent).not.toMatch(/mailbox/i);
  });
});

import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Link, RootResource } from '../../src/api/schemas.ts';
import type { RootSnapshot } from '../../src/protocol/messages.ts';
import { needsItem, rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { nothingDue, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * One count everywhere (issue #48 point 1). The badge, the popup's header and every mailbox's count
 * in the popup and the viewer come from the one root the worker caches, and follow it as it
 * changes: a letter read here (the worker reads the root again before the letter is shown) or
 * elsewhere (the next check). Reported: the viewer's side list still said 14 after a letter was
 * opened while its list showed 13, and the popup's header said 6 while the badge said 8, since the
 * badge adds the mailbox shared with the person.
 */

const { worker } = extension;
const MEDIA = 'application/vnd.digipost-v2+json';
const KARI = `${SERVICE}/post/api/private/accounts/1234`;
const OLA = `${SERVICE}/post/api/private/accounts/2047`;
const OWN_INBOX = `${KARI}/documents/inbox`;
const OLA_INBOX = `${OLA}/documents/inbox`;

const link = (relation: string, uri: string): Link => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

/** Kari's root, with her father Ola's mailbox shared with her. */
function root(own: number, shared: number): RootResource {
  return {
    authenticationlevel: 2,
    primaryAccount: {
      fullName: 'Kari Nordmann',
      digipostaddress: 'kari.nordmann#1ABC',
      unreadItemsInInbox: own,
      link: [link('document_inbox', OWN_INBOX)],
    },
    mailbox: [
      { name: 'Kari Nordmann', owner: true, unreadItemsInInbox: own, link: [link('document_inbox', OWN_INBOX)] },
      { name: 'Ola Nordmann', owner: false, unreadItemsInInbox: shared, link: [link('document_inbox', OLA_INBOX)] },
    ],
    link: [link('self', `${SERVICE}/post/api/private`)],
  };
}

function snapshot(own: number, shared: number, fetchedAt = Date.now()): RootSnapshot {
  return rootSnapshot({ root: root(own, shared), fetchedAt, inbox: { uri: OWN_INBOX, fetchedAt, documents: [] } });
}

/** What the worker does once it has read the root again: caches it, where every page looks. */
async function workerCaches(fresh: RootSnapshot): Promise<void> {
  await extension.storage.session.set({ [rootCacheItem.key]: fresh });
}

/** The mailbox switcher's words for one mailbox: its name and count ("Kari Nordmann 14 unread"). */
function switcherSays(name: string): string {
  const nav = screen.getByRole('navigation', { name: 'Mailboxes' });
  const entry = within(nav)
    .getAllByRole('link')
    .find((a) => a.textContent.includes(name));
  return [entry?.querySelector('.nav-label'), entry?.querySelector('.nav-count')].map((part) => part?.textContent.trim() ?? '').join(' ');
}

/** Once the page has drawn its first frame, it listens to storage (its effects run after the paint). */
async function pageListens(): Promise<void> {
  await waitFor(() => expect(extension.storageListeners).toBeGreaterThan(0));
  await new Promise((settle) => setTimeout(settle, 50));
}

describe('one count everywhere', () => {
  it('the viewer’s side list follows the worker’s count within a second of a letter being read', async () => {
    const first = snapshot(14, 2, Date.now() - 5000);
    await extension.storage.session.set({
      [viewerPages.item('MMMMMMMMMMMMMMMMMMMMMM').key]: { url: OWN_INBOX, relation: 'document_inbox' },
    });
    await workerCaches(first);
    worker.answer('getRoot', first);
    worker.answer('getResource', (request) => Promise.resolve(resourceSnapshot({ document: [], link: [] }, request.url)));
    await openPage('viewer', '?page=MMMMMMMMMMMMMMMMMMMMMM');
    await waitFor(() => expect(switcherSays('Kari Nordmann')).toBe('Kari Nordmann 14 unread'));
    expect(switcherSays('Ola Nordmann')).toBe('Ola Nordmann 2 unread');

    await pageListens();
    await workerCaches(snapshot(13, 2));
    await waitFor(() => expect(switcherSays('Kari Nordmann')).toBe('Kari Nordmann 13 unread'), { timeout: 1000 });
    expect(switcherSays('Ola Nordmann')).toBe('Ola Nordmann 2 unread');
  });

  it('the viewer takes no count of another session, nor an older one than it shows', async () => {
    const shown = snapshot(14, 2);
    await extension.storage.session.set({
      [viewerPages.item('MMMMMMMMMMMMMMMMMMMMMM').key]: { url: OWN_INBOX, relation: 'document_inbox' },
    });
    await workerCaches(shown);
    worker.answer('getRoot', shown);
    worker.answer('getResource', (request) => Promise.resolve(resourceSnapshot({ document: [], link: [] }, request.url)));
    await openPage('viewer', '?page=MMMMMMMMMMMMMMMMMMMMMM');
    await waitFor(() => expect(switcherSays('Kari Nordmann')).toBe('Kari Nordmann 14 unread'));
    await pageListens();
    await workerCaches({ ...snapshot(3, 2), generation: 7 });
    await workerCaches(snapshot(9, 2, shown.fetchedAt - 60_000));
    await new Promise((settle) => setTimeout(settle, 100));
    expect(switcherSays('Kari Nordmann')).toBe('Kari Nordmann 14 unread');
  });

  it('the popup’s header counts what the badge counts, and says it is every mailbox; each inbox has its own beside it', async () => {
    const first = snapshot(6, 2);
    await extension.storage.session.set({ [rootCacheItem.key]: first, [needsItem.key]: nothingDue(first) });
    worker.answer('getRoot', first);
    await openPage('popup');
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header.querySelector('.unread-count')?.textContent).toBe('8 unread letters in all mailboxes'));
    const places = await screen.findByRole('region', { name: 'Mailbox' });
    expect(within(places).getByRole('button', { name: /^Inbox/ }).textContent).toBe('Inbox6 unread');
    expect(within(places).getByRole('button', { name: /Ola Nordmann’s inbox/ }).textContent).toBe('Ola Nordmann’s inbox2 unread');

    await pageListens();
    // A letter read in a viewer tab while the popup is open: the worker caches the root it read again.
    await workerCaches(snapshot(5, 2, first.fetchedAt + 1000));
    await waitFor(() => expect(header.querySelector('.unread-count')?.textContent).toBe('7 unread letters in all mailboxes'), {
      timeout: 1000,
    });
    expect(within(places).getByRole('button', { name: /^Inbox/ }).textContent).toBe('Inbox5 unread');
  });

  it('with only their own mailbox, the header’s count is that inbox’s, said without “in all”', async () => {
    const own: RootSnapshot = rootSnapshot({ fetchedAt: Date.now() });
    await extension.storage.session.set({ [rootCacheItem.key]: own, [needsItem.key]: nothingDue(own) });
    worker.answer('getRoot', own);
    await openPage('popup');
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header.querySelector('.unread-count')?.textContent).toBe('2 unread letters'));
  });
});

import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { rootCacheItem, viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * What the viewer draws in its first frame (issue #35, point 8): nothing drawn later may push what
 * is already there. The root's places and the letter finder come from the cached root before the
 * worker answers; without one, the finder's room is kept in the top bar.
 */

const { worker } = extension;
const PAGE_ID = 'CCCCCCCCCCCCCCCCCCCCCC';
const INBOX = { url: `${SERVICE}/post/api/private/accounts/1234/documents/inbox`, relation: 'document_inbox' };

async function openWhileWorkerIsSilent(): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: INBOX });
  // Neither the root nor the page is answered: what shows comes from the cache alone.
  worker.hold('getRoot');
  worker.hold('getResource');
  await openPage('viewer', `?page=${PAGE_ID}`);
}

describe("the viewer's first frame", () => {
  it('with the root cached: the side list of places and the letter finder, before the worker has answered anything', async () => {
    await extension.storage.session.set({ [rootCacheItem.key]: rootSnapshot({ root: fullRoot() }) });
    await openWhileWorkerIsSilent();
    const places = screen.getByRole('navigation', { name: 'Mailbox' });
    expect(places.textContent).toContain('Inbox');
    expect(places.textContent).toContain('Skatt');
    screen.getByRole('combobox', { name: 'Find a letter by sender or subject' });
  });

  it('without a cached root: an unusable field of the finder’s size keeps its room, out of reach of keyboard and screen reader', async () => {
    await openWhileWorkerIsSilent();
    expect(screen.queryByRole('search')).toBeNull();
    const room = document.querySelector('.topbar .letter-finder');
    expect(room?.getAttribute('aria-hidden')).toBe('true');
    const field = room?.querySelector('input');
    expect(field?.disabled).toBe(true);
    expect(field?.tabIndex).toBe(-1);
  });
});

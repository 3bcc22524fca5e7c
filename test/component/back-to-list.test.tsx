import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/shared/permissions.ts';
import type { ResourceSnapshot } from '../../src/protocol/messages.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { content, document as attachment, fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Back to a list returns to it as it was left (issue #35, point 3): as deep as "Load more" took it,
 * with focus on the letter opened from it; and, when the service does not answer, the same list
 * from the tab's memory, said so, with nothing offered that would change anything.
 */

const { worker } = extension;
const PAGE_ID = 'DDDDDDDDDDDDDDDDDDDDDD';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;
const MEDIA = 'application/vnd.digipost-v2+json';
const PAGE = 50;
const WRITES: Permission[] = [...READ_SCOPES, 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];

const subjectAt = (position: number) => `Brev nummer ${position + 1}`;

/** The inbox's page `n` (0 = the newest 50), with a `next` link while there are more. */
function inboxPage(n: number) {
  const letters = Array.from({ length: PAGE }, (_, i) => {
    const position = n * PAGE + i;
    const id = 5000 + position;
    return letter(id, {
      subject: subjectAt(position),
      creatorName: 'Avsender AS',
      created: new Date(Date.UTC(2026, 10, 20) - position * 3_600_000).toISOString(),
      attachment: [attachment(id, 1, { subject: subjectAt(position), fileType: 'txt' })],
    });
  });
  return {
    document: letters,
    link: n < 9 ? [{ rel: `${SERVICE}/post/relations/next`, uri: `${INBOX}?page=${n + 1}`, 'media-type': MEDIA }] : [],
  };
}

/** The worker as the service answers it: the inbox's pages by their address, a letter by its own. */
function serviceAnswers(url: string): ResourceSnapshot {
  const path = new URL(url);
  if (path.pathname.endsWith('/documents/inbox'))
    return resourceSnapshot(inboxPage(Number(path.searchParams.get('page') ?? 0)), url, WRITES);
  const id = Number(path.pathname.split('/').pop());
  const position = id - 5000;
  const found = inboxPage(Math.floor(position / PAGE)).document[position % PAGE];
  if (!found) throw new Error(`no letter at ${url}`);
  return resourceSnapshot(found, url, WRITES);
}

/** The inbox with uploads offered, opened in a viewer tab; Load more pressed three times. */
async function openInboxFourPagesDeep(): Promise<void> {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  if (!mailbox) throw new Error('the fixture root has a mailbox');
  mailbox.link = [
    ...mailbox.link,
    { rel: `${SERVICE}/post/relations/upload_document_to_inbox`, uri: `${INBOX}/upload`, 'media-type': MEDIA },
  ];
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
  worker.answer('getRoot', rootSnapshot({ root, scopes: WRITES }));
  worker.answer('getResource', (request) => Promise.resolve(serviceAnswers(request.url)));
  worker.answer('getContent', content('text/plain', 'Hei'));
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText(subjectAt(0));
  for (let pages = 2; pages <= 4; pages++) {
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(subjectAt(pages * PAGE - 1));
  }
}

const rows = () => [...document.querySelectorAll('main .letter-row')];

/** Opens the letter at a place in the list by its row, as a person does, and waits for its page. */
async function openLetterAt(position: number): Promise<void> {
  const link = rows()[position]?.querySelector('a');
  if (!link) throw new Error(`no row ${position}`);
  fireEvent.click(link);
  await screen.findByRole('heading', { level: 1, name: subjectAt(position) });
}

describe('Back to a list', () => {
  it('shows it as deep as Load more took it, with focus on the letter opened from it', async () => {
    await openInboxFourPagesDeep();
    expect(rows()).toHaveLength(4 * PAGE);
    await openLetterAt(170);

    history.back();
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });
    await waitFor(() => expect(rows()).toHaveLength(4 * PAGE));
    await waitFor(() => expect(document.activeElement?.textContent).toContain(subjectAt(170)));
    expect(document.querySelector('.paging [role="status"]')?.textContent).toBe('Showing the newest 200 letters.');
    // Read afresh while the service answers: no note that it is from memory.
    expect(screen.queryByText(/showing the list as you last saw it/)).toBeNull();
  });

  it('shows it from memory when the service does not answer: said so, with no upload, move or delete', async () => {
    await openInboxFourPagesDeep();
    // While the list is read afresh, the writes are offered.
    await screen.findByRole('button', { name: 'Upload a file' });
    expect(within(rows()[0] as HTMLElement).queryByRole('checkbox')).not.toBeNull();
    await openLetterAt(170);

    worker.fail('getResource', { code: 'network' });
    history.back();
    await screen.findByText(
      'Digipost isn’t answering right now — showing the list as you last saw it. Nothing can be changed until it answers.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inbox');
    expect(rows()).toHaveLength(4 * PAGE);
    await waitFor(() => expect(document.activeElement?.textContent).toContain(subjectAt(170)));
    const main = screen.getByRole('main');
    expect(within(main).queryByText(/Couldn.t open/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();
    expect(main.querySelectorAll('.letter-row input[type="checkbox"], .letter-row button')).toHaveLength(0);

    // The service answers again: Try again brings the list up to date, with the writes back.
    worker.answer('getResource', (request) => Promise.resolve(serviceAnswers(request.url)));
    fireEvent.click(within(main).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Upload a file' });
    expect(screen.queryByText(/showing the list as you last saw it/)).toBeNull();
    expect(rows()).toHaveLength(4 * PAGE);
    expect(within(rows()[0] as HTMLElement).queryByRole('checkbox')).not.toBeNull();
  });

  it('a list reached afresh by a link starts at its newest letters, however deep it was left', async () => {
    await openInboxFourPagesDeep();
    await openLetterAt(170);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailbox' })).getByRole('link', { name: /Inbox/ }));
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });
    await waitFor(() => expect(rows()).toHaveLength(PAGE));
  });
});

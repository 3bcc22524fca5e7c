import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, LETTERS, letter, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Finding a letter (issue #29, point 3): one field in the viewer's top bar finds letters by sender
 * or subject in the inbox and every folder as one types, grouped by place; the arrows move through
 * the results and Enter opens one; `/` puts focus in the field.
 */

const { worker } = extension;
const PAGE_ID = 'DDDDDDDDDDDDDDDDDDDDDD';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;
const IN_BOLIG = letter(31, { subject: 'Husleie for desember', creatorName: 'Utleiegården AS', created: '2026-11-01T08:00:00.000+01:00' });
const IN_SKATT = letter(21, { subject: 'Skattekort for 2027', creatorName: 'Skatteetaten', created: '2026-10-01T08:00:00.000+01:00' });

/** The own mailbox's resources: the inbox, Skatt, Bolig, and a letter by its own address. */
function ownMailboxResource(request: { url: string }) {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/1234/documents/inbox'))
    return Promise.resolve(resourceSnapshot({ document: LETTERS, link: [] }, request.url));
  if (url.pathname.endsWith('/folders/1'))
    return Promise.resolve(resourceSnapshot({ name: 'Skatt', documents: { document: [IN_SKATT] }, link: [] }, request.url));
  if (url.pathname.endsWith('/folders/2'))
    return Promise.resolve(resourceSnapshot({ name: 'Bolig', documents: { document: [IN_BOLIG] }, link: [] }, request.url));
  if (url.pathname.endsWith('/documents/31')) return Promise.resolve(resourceSnapshot(IN_BOLIG, request.url));
  return Promise.reject(new Error(`no answer for ${request.url}`));
}

/** The worker's answers: the root and the own mailbox's resources. */
function answerMailbox(): void {
  worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
  worker.answer('getResource', ownMailboxResource);
}

/** What the finder's live region says (the list below has a status of its own). */
const finderStatus = () => within(screen.getByRole('search', { name: 'Find a letter' })).getByRole('status').textContent;

async function openInbox(): Promise<HTMLElement> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
  answerMailbox();
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText('Skattemelding 2026');
  return screen.getByRole('combobox', { name: 'Find a letter by sender or subject' });
}

describe('finding a letter', () => {
  it("finds a letter that lives only in a folder by part of its subject, under the folder's name, and Enter opens it", async () => {
    const field = await openInbox();
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'HUSLEIE' } });
    const results = await screen.findByRole('listbox', { name: 'Letters found' });
    const group = await within(results).findByRole('group', { name: 'Bolig' });
    expect(within(group).getByRole('option').textContent).toContain('Husleie for desember');
    expect(within(results).getAllByRole('group')).toHaveLength(1);
    expect(finderStatus()).toBe('1 letter found.');
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByRole('heading', { level: 1, name: 'Husleie for desember' });
  });

  it('finds by sender in the inbox and the folders at once, grouped inbox first, and the arrows choose', async () => {
    const field = await openInbox();
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'skatteetaten' } });
    const results = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('group')
          .map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
      ).toEqual(['Inbox', 'Skatt']),
    );
    const options = within(results).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(within(results).getAllByRole('option')[1]?.id);
    // Once the last place has answered (the places' letters show as each arrives).
    await waitFor(() => expect(finderStatus()).toBe('2 letters found.'));
  });

  it('finds by the sender too, and a click opens a result', async () => {
    const field = await openInbox();
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'utleiegården' } });
    const results = await screen.findByRole('listbox', { name: 'Letters found' });
    fireEvent.click(await within(results).findByRole('option', { name: /Husleie for desember/ }));
    await screen.findByRole('heading', { level: 1, name: 'Husleie for desember' });
  });

  it('reads each place once however much one types, and says so when nothing matches', async () => {
    const field = await openInbox();
    worker.requests.length = 0;
    fireEvent.focus(field);
    for (const text of ['z', 'zz', 'zzz']) fireEvent.input(field, { target: { value: text } });
    await waitFor(() => expect(finderStatus()).toBe('No letter matches.'));
    expect(
      worker
        .asked('getResource')
        .map((r) => new URL(r.url).pathname)
        .sort(),
    ).toEqual([
      '/post/api/private/accounts/1234/documents/inbox',
      '/post/api/private/accounts/1234/folders/1',
      '/post/api/private/accounts/1234/folders/2',
    ]);
  });

  it('takes focus on /, but not from a text field, and leaves j and k to the list', async () => {
    const field = await openInbox();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(field);
    field.blur();
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(document.activeElement).not.toBe(field);
  });
});

describe('finding a letter when the letters cannot be read', () => {
  it('says which places could not be read, not that no letter matches, and reads them again on the next focus', async () => {
    const field = await openInbox();
    worker.fail('getResource', { code: 'network' });
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'husleie' } });
    await waitFor(() => expect(finderStatus()).toBe('Could not read Inbox, Skatt, Bolig: letters there are not found now.'));
    answerMailbox();
    fireEvent.blur(field);
    fireEvent.focus(field);
    await waitFor(() => expect(finderStatus()).toBe('1 letter found.'));
  });
});

describe('reading the places for finding', () => {
  /** The full mailbox with four more folders, F3 to F6: seven places in all. */
  function sevenPlaces() {
    const root = fullRoot();
    const folders = root.mailbox?.[0]?.folders;
    for (const id of [3, 4, 5, 6])
      folders?.folder.push({ name: `F${id}`, id, link: [{ rel: `${SERVICE}/post/relations/self`, uri: `${ACCOUNT}/folders/${id}` }] });
    return root;
  }

  it('reads the places three at a time, each as another is answered, until every place is read', async () => {
    await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: INBOX, relation: 'document_inbox' } });
    answerMailbox();
    worker.answer('getRoot', rootSnapshot({ root: sevenPlaces() }));
    await openPage('viewer', `?page=${PAGE_ID}`);
    await screen.findByText('Skattemelding 2026');
    const seven = screen.getByRole('combobox', { name: 'Find a letter by sender or subject' });
    // The page's own reads are done: from now on each read waits until the test answers it.
    const waiting: (() => void)[] = [];
    let out = 0;
    let most = 0;
    worker.requests.length = 0;
    worker.answer('getResource', (request) => {
      out++;
      most = Math.max(most, out);
      const path = new URL(request.url).pathname;
      const data = path.endsWith('/documents/inbox')
        ? { document: LETTERS, link: [] }
        : { name: 'F', documents: { document: path.endsWith('/folders/2') ? [IN_BOLIG] : [] }, link: [] };
      return new Promise((resolve) =>
        waiting.push(() => {
          out--;
          resolve(resourceSnapshot(data, request.url));
        }),
      );
    });
    fireEvent.focus(seven);
    fireEvent.input(seven, { target: { value: 'husleie' } });
    await waitFor(() => expect(worker.asked('getResource')).toHaveLength(3));
    for (let answered = 1; answered <= 7; answered++) {
      waiting.shift()?.();
      await waitFor(() => expect(worker.asked('getResource')).toHaveLength(Math.min(7, 3 + answered)));
    }
    await waitFor(() => expect(finderStatus()).toBe('1 letter found.'));
    expect(most).toBe(3);
    expect(new Set(worker.asked('getResource').map((r) => new URL(r.url).pathname)).size).toBe(7);
  });

  it('shows the letters of each place as it arrives, saying where it is still looking, before the last place answers', async () => {
    const field = await openInbox();
    worker.requests.length = 0;
    // Bolig answers only when the test says; the inbox and Skatt at once.
    const bolig: (() => void)[] = [];
    const answerBolig = () => bolig.shift()?.();
    worker.answer('getResource', (request) => {
      if (!new URL(request.url).pathname.endsWith('/folders/2')) return ownMailboxResource(request);
      return new Promise((resolve) => {
        bolig.push(() => void ownMailboxResource(request).then(resolve));
      });
    });
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'skatt' } });
    // The inbox's and Skatt's letters are found while Bolig is on its way.
    const results = await screen.findByRole('listbox', { name: 'Letters found' });
    await waitFor(() => expect(within(results).getAllByRole('group').length).toBeGreaterThan(0));
    await waitFor(() => expect(finderStatus()).toMatch(/^\d+ letters? found\. Still looking in 1\u00a0place…$/));
    answerBolig();
    await waitFor(() => expect(finderStatus()).toMatch(/^\d+ letters? found\.$/));
  });

  it('keeps what it read of the places that answered, and the next focus reads only the place that failed', async () => {
    const field = await openInbox();
    worker.answer('getResource', (request) => {
      if (new URL(request.url).pathname.endsWith('/folders/1')) return Promise.reject(new AppError('network'));
      const path = new URL(request.url).pathname;
      if (path.endsWith('/documents/inbox')) return Promise.resolve(resourceSnapshot({ document: LETTERS, link: [] }, request.url));
      return Promise.resolve(resourceSnapshot({ name: 'Bolig', documents: { document: [IN_BOLIG] }, link: [] }, request.url));
    });
    worker.requests.length = 0;
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'skatt' } });
    // What Bolig and the inbox hold is found; Skatt, which failed, is named.
    await waitFor(() => expect(screen.getByText('Could not read Skatt: letters there are not found now.')).toBeTruthy());
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('group')
        .map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
    ).toEqual(['Inbox']);
    answerMailbox();
    worker.requests.length = 0;
    fireEvent.blur(field);
    fireEvent.focus(field);
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('group')).toHaveLength(2));
    expect(screen.queryByText(/Could not read/)).toBeNull();
    expect(worker.asked('getResource').map((r) => new URL(r.url).pathname)).toEqual(['/post/api/private/accounts/1234/folders/1']);
  });
});

describe('finding a letter in every mailbox the person may read', () => {
  const OLA = `${SERVICE}/post/api/private/accounts/2047`;
  const IN_OLA = letter(71, { subject: 'Vedtak om alderspensjon', creatorName: 'NAV', created: '2026-11-02T08:00:00.000+01:00' });
  const SHARED_PAGE = 'EEEEEEEEEEEEEEEEEEEEEE';

  /** The own mailbox as above, and Ola Nordmann's, shared with the person, whose inbox holds a letter from NAV. */
  function answerTwoMailboxes(): void {
    const own = fullRoot();
    const [kari] = own.mailbox ?? [];
    const shared = {
      name: 'Ola Nordmann',
      owner: false,
      digipostaddress: 'ola#2',
      unreadItemsInInbox: 1,
      link: [
        {
          rel: `${SERVICE}/post/relations/document_inbox`,
          uri: `${OLA}/documents/inbox`,
          'media-type': 'application/vnd.digipost-v2+json',
        },
      ],
    };
    worker.answer(
      'getRoot',
      rootSnapshot({ root: { ...own, mailbox: [{ ...kari, owner: true, digipostaddress: 'kari#1', link: kari?.link ?? [] }, shared] } }),
    );
    worker.answer('getResource', (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/2047/documents/inbox'))
        return Promise.resolve(resourceSnapshot({ document: [IN_OLA], link: [] }, request.url));
      if (url.pathname.endsWith('/documents/71')) return Promise.resolve(resourceSnapshot(IN_OLA, request.url));
      return ownMailboxResource(request);
    });
  }

  it('finds a letter of the shared mailbox from the own inbox, under whose it is, and opens it in that mailbox', async () => {
    await extension.storage.session.set({ [viewerPages.item(SHARED_PAGE).key]: { url: INBOX, relation: 'document_inbox' } });
    answerTwoMailboxes();
    await openPage('viewer', `?page=${SHARED_PAGE}`);
    await screen.findByText('Skattemelding 2026');
    const field = screen.getByRole('combobox', { name: 'Find a letter by sender or subject' });
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: 'alderspensjon' } });
    const results = await screen.findByRole('listbox', { name: 'Letters found' });
    const group = await within(results).findByRole('group', { name: 'Ola Nordmann · Inbox' });
    expect(within(group).getByRole('option').textContent).toContain('Vedtak om alderspensjon');
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByRole('heading', { level: 1, name: 'Vedtak om alderspensjon' });
    // Opened in Ola's mailbox: the list of mailboxes marks his as the one the page is in.
    const mailboxes = screen.getByRole('navigation', { name: 'Mailboxes' });
    await waitFor(() => expect(within(mailboxes).getByRole('link', { current: 'location' }).textContent).toContain('Ola Nordmann'));
  });
});

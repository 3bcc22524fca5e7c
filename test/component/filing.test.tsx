import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Link } from '../../src/api/schemas.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import type { Request } from '../../src/protocol/messages.ts';
import { AppError } from '../../src/shared/errors.ts';
import { extension } from '../support/fake-extension.ts';
import { content, document as attachment, fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Filing in the viewer (src/viewer/filing): offered only to a session that may change letters; a
 * move from a row or the keyboard, with Undo; several letters moved at once, never deleted at once;
 * a rename inline; a delete only after its question; a refusal leaves the list as it was, in words.
 * What the page asks the worker is what is counted here ("one request" is one `write` ask): the
 * worker's own part (once per intent, the lane, a lost answer) is test/unit/background/writes.test.ts's.
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

/** The root with folders that may be changed (Skatt, Bolig and Arkiv), and the inbox's folder list that may make one. */
function managedRoot() {
  const root = fullRoot();
  const mailbox = root.mailbox?.[0];
  if (!mailbox?.folders) throw new Error('the fixture root has a mailbox with folders');
  mailbox.folders.folder.push({ name: 'Arkiv', id: 3, icon: 'ARCHIVE', link: [link('self', `${ACCOUNT}/folders/3`)] });
  mailbox.folders.link = [link('create_folder', `${SERVICE}/post/api/private/mailboxes/1/folders`)];
  for (const folder of mailbox.folders.folder) {
    const self = folder.link[0]?.uri ?? '';
    folder.link = [...folder.link, link('change_folder', self), link('delete_folder', self)];
  }
  return root;
}

const rowsWith = (words: string) =>
  [...document.querySelectorAll('main .letter-row')].filter((row) => row.textContent.includes(words)).length;

describe('moving letters', () => {
  it('a 403 leaves the list as it was and says the permission was withdrawn', async () => {
    await openServedInbox([fileable(51, 'Nektet flytting')]);
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
    await openServedInbox([fileable(52, 'Bare lesing')], { scopes: READ_SCOPES });
    const main = screen.getByRole('main');
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
    await openServedInbox([fileable(53, 'Kan flyttes')]);
    await screen.findByRole('button', { name: /^Actions for .*Kan flyttes/ });
    expect(screen.queryAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});

type Write = Extract<Request, { type: 'write' }>;

/** A letter the person may move, rename and delete, with a short text for its page (no PDF to draw). */
function ownLetter(id: number, subject: string, creatorName = 'Strømselskapet AS') {
  const base = fileable(id, subject);
  return { ...base, creatorName, attachment: [attachment(id, 1, { subject, fileType: 'txt' })] };
}

/** A letter of the served mailbox: one that may be filed, with or without a text of its own. */
type Letter = ReturnType<typeof fileable>;

/** The service's side of a served mailbox: `apply` changes it as the service does a write (one made elsewhere, or one the test held). */
interface Served {
  apply: (request: Pick<Write, 'rel' | 'target' | 'body'>) => { data: null };
}

/**
 * The mailbox as the worker answers for it, changed by each `write` the page sends as the service
 * changes it (the worker's part, once per intent and in turn, is writes.test.ts's): what the page
 * reads after a change is the letter, or the list, as it now is.
 */
function serveMailbox(letters: Letter[], scopes: Permission[]): Served {
  const mailbox: Record<string, unknown>[] = structuredClone(letters);
  const addressOf = (item: Record<string, unknown>) => (item.link as Link[])[0]?.uri ?? '';
  worker.answer('getResource', (request) => {
    const address = new URL(request.url);
    const path = address.pathname;
    const folder = /\/folders\/(\d+)$/.exec(path)?.[1];
    // An inbox lists its own account's letters that lie in no folder.
    const inbox = /^(.*)\/documents\/inbox$/.exec(`${address.origin}${path}`)?.[1];
    const data =
      inbox !== undefined
        ? { document: mailbox.filter((l) => l.location === 'INBOX' && addressOf(l).startsWith(`${inbox}/`)), link: [] }
        : folder !== undefined
          ? {
              name: 'Folder',
              id: Number(folder),
              documents: { document: mailbox.filter((l) => l.location === 'FOLDER' && String(l.folderId) === folder) },
              link: [link('self', request.url)],
            }
          : mailbox.find((l) => addressOf(l) === request.url);
    if (data === undefined) return Promise.reject(new Error(`no answer for ${request.url}`));
    return resourceSnapshot(structuredClone(data), request.url, scopes);
  });
  worker.answer('getContent', content('text/plain', 'Hei'));
  const apply: Served['apply'] = (request) => {
    const at = mailbox.findIndex((l) => addressOf(l) === request.target.url);
    if (at === -1) throw new AppError('write_target_gone', { status: 404 });
    if (request.rel === 'delete_document') mailbox.splice(at, 1);
    else Object.assign(mailbox[at] ?? {}, request.body);
    return { data: null };
  };
  worker.answer('write', (request: Write) => apply(request));
  return { apply };
}

/**
 * A place in a viewer tab, over the mailbox above: the person's own inbox, in the root with
 * folders that may be changed, for a session that may manage letters, unless told otherwise.
 */
async function openServedInbox(
  letters: Letter[],
  {
    root = managedRoot(),
    target = { url: INBOX, relation: 'document_inbox' },
    scopes = MANAGING,
  }: { root?: ReturnType<typeof managedRoot>; target?: Record<string, string>; scopes?: Permission[] } = {},
): Promise<Served> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: target });
  worker.answer('getRoot', rootSnapshot({ root, scopes }));
  const served = serveMailbox(letters, scopes);
  await openPage('viewer', `?page=${PAGE_ID}`);
  await screen.findByText(letters[0]?.subject ?? '');
  return served;
}

const selfOf = (l: Letter) => l.link[0]?.uri;
const headingIs = (name: string) => screen.findByRole('heading', { level: 1, name });
/** What the page asked the worker to change, as the emulator's log would say it. */
const writes = () => worker.asked('write').map((w) => ({ rel: w.rel, url: w.target.url, body: w.body, expect: w.expect }));
const rowOf = (subject: string) =>
  [...document.querySelectorAll<HTMLElement>('main .letter-row')].find(
    (row) => row.querySelector('.subject-text')?.textContent === subject,
  );

/** Opens a letter from its row in the list, as a person clicks its subject. */
async function openFromRow(subject: string): Promise<void> {
  const link = rowOf(subject)?.querySelector('a');
  if (!link) throw new Error(`no row "${subject}"`);
  fireEvent.click(link);
  await headingIs(subject);
  // Its actions come with the letter as the worker reads it (the heading may show first, from the row).
  await screen.findByRole('toolbar', { name: 'Actions on this letter' });
}

/** Opens the letter page's inline rename and types a new subject; Save is the test's to press. */
function typeNewSubject(subject: string): void {
  fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
  fireEvent.input(screen.getByRole('textbox', { name: 'New subject' }), { target: { value: subject } });
}

/** The Undo of the status line that says these words. */
function undoOf(words: string): HTMLElement {
  const status = screen.getByText(words).closest<HTMLElement>('[role="status"]');
  if (!status) throw new Error(`"${words}" is not said in a status`);
  return within(status).getByRole('button', { name: 'Undo' });
}

describe('moving letters from the list', () => {
  it('M on a row opens its menu; the moved row leaves with the focus on the row that took its place; Undo moves it back with a request of its own', async () => {
    const moved = ownLetter(61, 'Angre flyttingen');
    const next = ownLetter(62, 'Strøm oktober');
    await openServedInbox([moved, next]);
    const link = rowOf('Angre flyttingen')?.querySelector<HTMLElement>('a');
    link?.focus();
    fireEvent.keyDown(link ?? document.body, { key: 'm' });
    // Enter on the focused item is the browser's own click.
    const bolig = await screen.findByRole('menuitem', { name: 'Bolig' });
    bolig.focus();
    fireEvent.click(bolig);
    await screen.findByText('Moved to Bolig.');
    await waitFor(() => expect(rowsWith('Angre flyttingen')).toBe(0));
    // The focus is not lost with the row: it is on the row that took its place.
    await waitFor(() => expect(document.activeElement?.closest('.letter-row')?.textContent).toContain('Strøm oktober'));
    expect(writes()).toEqual([
      { rel: 'update_document', url: selfOf(moved), body: { location: 'FOLDER', folderId: '2' }, expect: undefined },
    ]);

    fireEvent.click(undoOf('Moved to Bolig.'));
    await screen.findByText('Undone.');
    await waitFor(() => expect(rowsWith('Angre flyttingen')).toBe(1));
    // Its own request, back to the inbox, and only while the letter still lies where the move put it.
    expect(writes()).toHaveLength(2);
    expect(writes()[1]).toEqual({
      rel: 'update_document',
      url: selfOf(moved),
      body: { location: 'INBOX' },
      expect: { location: 'FOLDER', folderId: '2' },
    });
  });

  it('moves several selected letters at once, one request each, and offers no bulk delete', async () => {
    const first = ownLetter(63, 'Første av to');
    const second = ownLetter(64, 'Andre av to');
    await openServedInbox([second, first, ownLetter(65, 'Blir liggende')]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Første av to”' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Andre av to”' }));
    const bar = await screen.findByRole('region', { name: '2 selected' });
    const offered = within(bar)
      .getAllByRole('button')
      .map((b) => `${b.getAttribute('aria-label') ?? ''} ${b.textContent}`);
    expect(offered.filter((name) => /delete/i.test(name))).toEqual([]);
    // Not for want of the permission: each row's own menu offers Delete.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Første av to” (M)' }));
    await screen.findByRole('menuitem', { name: 'Delete…' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    fireEvent.click(within(bar).getByRole('button', { name: 'Move the selected letters to…' }));
    fireEvent.click(await within(bar).findByRole('menuitem', { name: 'Arkiv' }));
    await screen.findByText('2 letters moved to Arkiv.');
    expect(rowsWith('av to')).toBe(0);
    expect(rowsWith('Blir liggende')).toBe(1);
    expect(writes().map((w) => [w.url, w.body])).toEqual(
      expect.arrayContaining([
        [selfOf(first), { location: 'FOLDER', folderId: '3' }],
        [selfOf(second), { location: 'FOLDER', folderId: '3' }],
      ]),
    );
    expect(writes()).toHaveLength(2);
  });
});

describe('the letter page', () => {
  it('renames a letter inline: a double click on Save sends one request; the heading and, after Back, the inbox show the new subject; Undo gives the old one back', async () => {
    const renamed = ownLetter(66, 'Gammelt emne');
    await openServedInbox([renamed]);
    await openFromRow('Gammelt emne');
    typeNewSubject('Strøm mars');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await headingIs('Strøm mars');
    expect(writes()).toEqual([{ rel: 'update_document', url: selfOf(renamed), body: { subject: 'Strøm mars' }, expect: undefined }]);
    // The browser's Back: the inbox again, with the new subject.
    history.back();
    await headingIs('Inbox');
    await waitFor(() => expect(rowOf('Strøm mars')).toBeDefined());

    // Undo gives the letter the subject it had before, with a request of its own.
    await openFromRow('Strøm mars');
    typeNewSubject('Strøm april');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await headingIs('Strøm april');
    fireEvent.click(undoOf('Renamed.'));
    await headingIs('Strøm mars');
    expect(writes()).toHaveLength(3);
    expect(writes()[2]).toEqual({
      rel: 'update_document',
      url: selfOf(renamed),
      body: { subject: 'Strøm mars' },
      expect: { subject: 'Strøm april' },
    });
  });

  it('Undo after a rename made elsewhere in the meantime says what changed and offers no Try again; the heading follows the subject the letter has now', async () => {
    const renamed = ownLetter(69, 'Før endringen');
    const served = await openServedInbox([renamed]);
    await openFromRow('Før endringen');
    typeNewSubject('Etter endringen');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await headingIs('Etter endringen');
    // Renamed on the phone meanwhile; the worker, finding the letter not as the rename left it, sends no undo.
    served.apply({
      rel: 'update_document',
      target: { url: selfOf(renamed) ?? '', relation: 'self' },
      body: { subject: 'Endret på mobilen' },
    });
    worker.fail('write', { code: 'write_target_changed' });
    fireEvent.click(undoOf('Renamed.'));
    const said = await screen.findByText('Not undone: the letter was renamed elsewhere to “Endret på mobilen”.');
    expect(said.closest('[role="status"]')).not.toBeNull();
    await headingIs('Endret på mobilen');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The undo was asked only on condition that the letter is still as the rename left it.
    expect(writes()).toHaveLength(2);
    expect(writes()[1]).toEqual({
      rel: 'update_document',
      url: selfOf(renamed),
      body: { subject: 'Før endringen' },
      expect: { subject: 'Etter endringen' },
    });
  });

  it('a rename asked while a move of the letter is unanswered is not dropped: both are asked, and the letter page ends with its new name, in the folder', async () => {
    const filed = ownLetter(70, 'Flytt og gi nytt navn');
    const served = await openServedInbox([filed]);
    await openFromRow('Flytt og gi nytt navn');
    const moving = worker.hold('write');
    const renaming = worker.hold('write');
    fireEvent.click(screen.getByRole('button', { name: 'Move to…' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Skatt' }));
    const move = await moving.asked;
    typeNewSubject('Nytt navn i Skatt');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Asked while the move is still unanswered.
    await waitFor(() => expect(writes()).toHaveLength(2));
    const rename = await renaming.asked;
    expect(writes()).toEqual([
      { rel: 'update_document', url: selfOf(filed), body: { location: 'FOLDER', folderId: '1' }, expect: undefined },
      { rel: 'update_document', url: selfOf(filed), body: { subject: 'Nytt navn i Skatt' }, expect: undefined },
    ]);
    // The worker carries them out in turn: the move's answer comes first, then the rename's.
    moving.answer(served.apply(move));
    await screen.findByText('Moved to Skatt.');
    renaming.answer(served.apply(rename));
    await headingIs('Nytt navn i Skatt');
    await screen.findByText('In Skatt');
    expect(writes()).toHaveLength(2);
  });

  it('deletes a letter only after the confirmation; declining sends nothing; a double click sends one request, and the inbox shows without it', async () => {
    const doomed = ownLetter(67, 'Slett meg');
    await openServedInbox([doomed, ownLetter(68, 'Ulest nabo')]);
    await openFromRow('Slett meg');

    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this letter?' });
    within(dialog).getByText('“Slett meg” from Strømselskapet AS will be deleted from your Digipost mailbox. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('dialog[open]')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this letter?' });
    const confirm = within(again).getByRole('button', { name: 'Delete the letter' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    // Back in the inbox, without the letter.
    await headingIs('Inbox');
    await waitFor(() => expect(rowsWith('Ulest nabo')).toBe(1));
    expect(rowsWith('Slett meg')).toBe(0);
    expect(writes()).toEqual([{ rel: 'delete_document', url: selfOf(doomed), body: undefined, expect: undefined }]);
  });
});

describe('in a mailbox shared with the person', () => {
  const OLA = `${SERVICE}/post/api/private/accounts/2047`;
  const OLA_INBOX = `${OLA}/documents/inbox`;

  /** The person's own mailbox (Skatt, Bolig, Arkiv) and her father's, shared with her, with its folders Pensjon and Helse. */
  function withShared() {
    const root = managedRoot();
    root.mailbox?.push({
      name: 'Ola Nordmann',
      owner: false,
      digipostaddress: 'ola.nordmann#2OLA',
      unreadItemsInInbox: 1,
      folders: {
        folder: [
          { name: 'Pensjon', id: 101, link: [link('self', `${OLA}/folders/101`)] },
          { name: 'Helse', id: 102, link: [link('self', `${OLA}/folders/102`)] },
        ],
        link: [],
      },
      link: [link('document_inbox', OLA_INBOX)],
    });
    return root;
  }

  /** A letter of the shared mailbox: it may be filed, and (as the service offers none there) not deleted. */
  function sharedLetter(id: number, subject: string): Letter {
    const base = ownLetter(id, subject, 'Hafslund');
    const self = `${OLA}/documents/${id}`;
    return { ...base, link: [link('self', self), link('update_document', `${self}/update`)] };
  }

  it('its rows offer moving into its own folders and no Delete (the person’s own rows do: the bulk move above)', async () => {
    const bill = sharedLetter(2002, 'Fakturakopi');
    await openServedInbox([bill], { root: withShared(), target: { url: OLA_INBOX, relation: 'document_inbox', mailbox: OLA_INBOX } });
    await headingIs('Ola Nordmann’s inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for “Fakturakopi” (M)' }));
    const offered = (await screen.findAllByRole('menuitem')).map((item) => item.textContent.trim());
    expect(offered).toEqual(expect.arrayContaining(['Pensjon', 'Helse']));
    expect(offered).not.toContain('Delete…');
  });

  it('files a letter of it into its own folder, and offers none of the person’s folders', async () => {
    const bill = sharedLetter(2001, 'Strømregning');
    await openServedInbox([bill], { root: withShared(), target: { url: OLA_INBOX, relation: 'document_inbox', mailbox: OLA_INBOX } });
    await headingIs('Ola Nordmann’s inbox');
    await openFromRow('Strømregning');
    // No Delete, though the session may delete: the shared mailbox's letters offer none (the person may file, not delete).
    expect(screen.queryByRole('button', { name: 'Delete…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move to…' }));
    const offered = (await screen.findAllByRole('menuitem')).map((item) => item.textContent.trim());
    expect(offered).toEqual(expect.arrayContaining(['Pensjon', 'Helse']));
    for (const own of ['Skatt', 'Bolig', 'Arkiv']) expect(offered, own).not.toContain(own);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pensjon' }));
    await screen.findByText('Moved to Pensjon.');
    expect(writes()).toEqual([
      { rel: 'update_document', url: selfOf(bill), body: { location: 'FOLDER', folderId: '101' }, expect: undefined },
    ]);
    // It lies in Pensjon now, and the side list (still the shared mailbox's) leads there.
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mailbox' })).getByRole('link', { name: 'Pensjon' }));
    await headingIs('Pensjon');
    await waitFor(() => expect(rowOf('Strømregning')).toBeDefined());
  });
});

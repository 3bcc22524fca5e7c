import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from '../../src/shared/errors.ts';
import { documentSchema } from '../../src/api/schemas.ts';
import { needRowsOf } from '../../src/background/needs-rows.ts';
import { needsItem, rootCacheItem, viewerPages, type NeedRow, type Needs } from '../../src/storage/page-items.ts';
import { dataTypeLetters } from '../emulator/data-types.ts';
import { extension } from '../support/fake-extension.ts';
import { config, fullRoot, letter, LETTERS, nothingDue, READ_SCOPES, rootSnapshot, SERVICE } from './fixtures.ts';
import { LATE_PARTS_GRACE_MS } from '../../src/popup/late-parts.tsx';
import { closePage, openPage, pageClosedItself } from './page.ts';

/*
 * The popup's states (src/popup/Popup.tsx), each as a person sees it and with its next step. The
 * worker answers getRoot as each state needs; what needs a real browser (the consent window, the
 * toolbar, layout, the cache in a real session) stays in test/e2e/popup*.e2e.ts.
 */

const { worker } = extension;

/** Digipost not answering, as the worker says it: each failure, and its detail as Details shows it. */
const NO_ANSWER: [string, ErrorInfo, string][] = [
  [
    'a 5xx',
    { code: 'http_server', status: 500, detail: 'INTERNAL_SERVER_ERROR: the database is away' },
    'INTERNAL_SERVER_ERROR: the database is away · HTTP 500',
  ],
  ['no answer in time', { code: 'timeout', detail: 'no answer within 20 s' }, 'no answer within 20 s'],
  ['no connection', { code: 'network', detail: 'Failed to fetch' }, 'Failed to fetch'],
];

describe('the popup', () => {
  it('not set up: says so, and "Open settings" opens the options page', async () => {
    worker.fail('getRoot', { code: 'not_configured' });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Set up the extension' });
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(extension.optionsPagesOpened).toBe(1);
  });

  it('signed out: explains the extension, lists what Digipost will ask for, and offers Connect', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_CONTENT'] });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Not connected' });
    screen.getByText(/right from the browser’s toolbar/);
    await screen.findByText('Digipost will ask you to allow:');
    // In the settings page's words ("What the extension may do"), not the service's list.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['See your account details', 'Open your letters']);
    screen.getByRole('button', { name: 'Connect' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out, with the managing permissions stored: names their one switch, once', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: ['READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'] });
    await openPage('popup');
    await screen.findByText('Digipost will ask you to allow:');
    // The settings' one switch for its three permissions, said once.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['See your letters', 'Manage your letters']);
  });

  it('connecting: waits for the consent window, then shows the mailbox', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    const connect = worker.hold('connect');
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Waiting for Digipost' });
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    screen.getByText('Finish in the Digipost window that opened. If you close it, nothing changes.');
    worker.answer('getRoot', rootSnapshot());
    connect.answer({ state: 'signed_in', scopes: ['READ_ACCOUNT_INFO'] });
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
  });

  it('approved in the consent window: says so at once, "Approved — opening your mailbox…", while the sign-in is finished; a skeleton for the mailbox still unknown', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    const connect = worker.hold('connect');
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await screen.findByText('Finish in the Digipost window that opened. If you close it, nothing changes.');
    // The window came back approved; on a slow network the worker exchanges the code and reads the mailbox for many seconds.
    extension.tellPages({ event: 'signInApproved' });
    await screen.findByRole('heading', { level: 1, name: 'Approved — opening your mailbox…' });
    expect(screen.queryByText(/Finish in the Digipost window/)).toBeNull();
    expect(screen.getByLabelText('Loading…').getAttribute('aria-busy')).toBe('true');
    // The sign-in done, and no root cached yet: still said, until the mailbox shows.
    const root = worker.hold('getRoot');
    connect.answer({ state: 'signed_in', scopes: ['READ_ACCOUNT_INFO'] });
    await root.asked;
    screen.getByRole('heading', { level: 1, name: 'Approved — opening your mailbox…' });
    root.answer(rootSnapshot());
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
  });

  it('approval told while not connecting here (another page signed in): the popup does not claim it', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Not connected' });
    extension.tellPages({ event: 'signInApproved' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Approved/)).toBeNull();
    screen.getByRole('heading', { level: 1, name: 'Not connected' });
  });

  it('a failed sign-in: back to Connect, with the reason', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    worker.fail('connect', { code: 'oauth_access_denied' });
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You declined access, so the extension is not connected.');
    screen.getByRole('heading', { level: 1, name: 'Not connected' });
    screen.getByRole('button', { name: 'Connect' });
    // Declining is mended by connecting again, not in settings.
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('a sign-in that settings can mend: the reason, and "Open settings" as the one next step', async () => {
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    worker.fail('connect', { code: 'oauth_invalid_client' });
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('The service did not accept the client ID or client secret. Check them in settings.');
    // Connecting again would meet the same refusal: the settings are the way, and the only one offered.
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    const settings = within(alert).getByRole('button', { name: 'Open settings' });
    expect(settings.className).toBe('primary');
    fireEvent.click(settings);
    expect(extension.optionsPagesOpened).toBe(1);
  });

  it('Digipost ended the connection: says so, as news and not as a failure, with Connect, also when opened again later', async () => {
    // What the worker answers from the moment it recorded the end (a withdrawn grant, an expired sign-in).
    worker.fail('getRoot', { code: 'session_ended' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Digipost ended the connection' });
    screen.getByText(
      'This happens when the extension’s access is withdrawn on Digipost’s website, or after a long time without use. Connect again to see your mailbox.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Not connected')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Connect']);
    worker.answer('connect', { state: 'signed_in', scopes: config().scopes });
    worker.answer('getRoot', rootSnapshot());
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
  });

  it('Digipost ending the connection while the popup is open: the mailbox goes, and why is said', async () => {
    worker.answer('getRoot', rootSnapshot());
    worker.answer('getPageConfig', { scopes: config().scopes });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    extension.tellPages({ event: 'sessionEnded', reason: 'ended' });
    await screen.findByRole('heading', { level: 1, name: 'Digipost ended the connection' });
    expect(screen.queryByText('Kari Nordmann')).toBeNull();
    screen.getByRole('button', { name: 'Connect' });
  });

  it('loading: a skeleton until the root arrives, the header before the letters', async () => {
    const root = worker.hold('getRoot');
    await openPage('popup');
    const skeleton = await screen.findByLabelText('Loading…');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    await root.asked;
    // The worker caches the root before it fetches the letters, and the popup, once it listens (to the root
    // and to the open invoices beside it), paints it from there.
    await waitFor(() => expect(extension.storageListeners).toBe(2));
    const withoutLetters = rootSnapshot();
    delete withoutLetters.inbox;
    await extension.storage.session.set({ [rootCacheItem.key]: withoutLetters });
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    // The letters are still unknown: a skeleton, and no heading yet (its place is known once the list above it is).
    expect(screen.getByLabelText('Loading…').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Newest letters' })).toBeNull();
    await extension.storage.session.set({ [needsItem.key]: nothingDue(withoutLetters) });
    root.answer(rootSnapshot());
    const letters = await screen.findByRole('region', { name: 'Newest letters' });
    await waitFor(() => within(letters).getByText('Skattemelding 2026'));
    expect(screen.queryByLabelText('Loading…')).toBeNull();
  });

  describe('what needs the person: whole, or saying where it is still looking', () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const INBOX = `${SERVICE}/post/api/private/accounts/1234/documents/inbox`;
    const folder = (id: number) => `${SERVICE}/post/api/private/accounts/1234/folders/${id}`;
    /** A letter as the service lists it (its invoice and metadata on its main document), its rows as the worker decides them. */
    const rowsOf = (id: number, fields: { creatorName: string; invoice?: object; metadata?: object[] }): NeedRow[] =>
      needRowsOf(
        documentSchema.parse({
          creatorName: fields.creatorName,
          attachment: [{ mainDocument: true, invoice: fields.invoice, metadata: fields.metadata }],
          link: [{ rel: `${SERVICE}/post/relations/self`, uri: `${SERVICE}/post/api/private/accounts/1234/documents/${id}` }],
        }),
        Date.now(),
        `x${id}`,
      );
    const bill = (id: number, sender: string, days: number) =>
      rowsOf(id, { creatorName: sender, invoice: { amount: 4817, dueDate: inDays(days) } });
    /** One of the emulator's letters with structured data (test/emulator/data-types.ts), its rows as the worker decides them. */
    const dataType = (id: number, kind: string) => {
      const spec = dataTypeLetters(Date.now()).find((one) => one.kind === kind);
      return rowsOf(id, { creatorName: spec?.creatorName ?? '', metadata: spec?.metadata ?? [] });
    };
    type Place = Needs['places'][string];
    const read = (...rows: NeedRow[][]): Place => ({ state: 'read', fetchedAt: Date.now(), rows: rows.flat() });
    const record = (places: Record<string, Place>, generation = 3): Needs => ({ generation, places });
    /** The inbox and the fixture's two folders, as the worker reads them. */
    const everyPlace = (f1: Place, f2: Place = read()): Needs => record({ [INBOX]: read(), [folder(1)]: f1, [folder(2)]: f2 });
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
    const rows = (region: HTMLElement) =>
      within(region)
        .queryAllByRole('listitem')
        .map((row) => plain(row.textContent))
        .filter((text) => text !== '');
    /** Every row's room, a row's or one it keeps: what the list takes on screen. */
    const slots = (region: HTMLElement) => region.querySelectorAll('li').length;
    const noteOf = (region: HTMLElement) => within(region).getByRole('status').textContent;

    async function popupWith(due: Needs | undefined): Promise<HTMLElement> {
      if (due) await extension.storage.session.set({ [needsItem.key]: due });
      worker.answer(
        'getRoot',
        rootSnapshot({ generation: 3, root: fullRoot(), inbox: { uri: INBOX, fetchedAt: Date.now(), documents: [] } }),
      );
      await openPage('popup');
      return screen.findByRole('region', { name: 'Needs you' });
    }

    it('whole: every place read, the invoices due within two weeks, soonest first, each as sender, amount and when, with nothing more to say', async () => {
      const region = await popupWith(everyPlace(read(bill(31, 'Skatteetaten', 9)), read(bill(33, 'Lånekassen', 2))));
      expect(rows(region)).toEqual(['Lånekassen NOK 4,817.00 due in 2 days', 'Skatteetaten NOK 4,817.00 due in 9 days']);
      expect(noteOf(region)).toBe('');
      // The sender, the amount and the words are their own parts, so a long sender gives way rather than the due words.
      expect(region.querySelector('.due-sender')?.textContent).toBe('Lånekassen');
      expect(region.querySelector('.due-when')?.textContent).toBe('due in 2\u00a0days');
    });

    it('whole and empty: says nothing needs the person, rather than showing nothing', async () => {
      const region = await popupWith(everyPlace(read()));
      expect(rows(region)).toEqual([]);
      expect(noteOf(region)).toBe('Nothing needs you in the next two weeks.');
    });

    it('every kind in one shape: a parcel, a debt collection, an appointment, a link with a deadline, a request to share; each with its icon, opening its letter', async () => {
      const soon = new Date(Date.now() + 2 * 86_400_000);
      soon.setHours(9, 30, 0, 0);
      const appointment = rowsOf(51, {
        creatorName: 'Storgata legesenter',
        metadata: [{ type: 'Appointment', title: 'Legetime', startTime: soon.toISOString(), place: 'Storgata 1' }],
      });
      const link = rowsOf(52, {
        creatorName: 'NAV',
        metadata: [{ type: 'ExternalLink', url: 'https://www.nav.no/svar', buttonText: 'Svar NAV', deadline: inDays(5) }],
      });
      const region = await popupWith(
        everyPlace(read(dataType(41, 'parcel-waiting'), dataType(42, 'inkasso'), appointment), read(link, dataType(43, 'share-documents'))),
      );
      fireEvent.click(within(region).getByRole('button', { name: /Show 2 more/ }));
      await waitFor(() => expect(rows(region)).toHaveLength(5));
      const items = within(region).getAllByRole('listitem');
      // Most urgent first: the appointment in two days, the link's deadline in five, the debt collection in twelve, the parcel's last day in fourteen, the request (no day) last.
      expect(items.map((item) => item.querySelector('use')?.getAttribute('href'))).toEqual([
        '#i-calendar',
        '#i-link',
        '#i-invoice',
        '#i-parcel',
        '#i-share',
      ]);
      expect(rows(region)[0]).toMatch(/^Legetime \w{3}, \w{3} \d+, 09:30 AM · Storgata 1$/);
      expect(rows(region)[1]).toMatch(/^NAV Deadline \w+, \w+ \d+ · Svar NAV$/);
      // Twelve days after the letter came, as the sender's day (Oslo's): twelve or thirteen where the test runs.
      expect(rows(region)[2]).toMatch(/^Intrum NOK 1,187\.50 Debt collection · due in 1[23] days$/);
      expect(rows(region)[3]).toMatch(/^Parcel ready at Kiwi Majorstuen Fetch by \w+, \w+ \d+ · code 4KQ7$/);
      expect(rows(region)[4]).toBe('DNB Asks you to share documents');
      const parcel = items[3];
      if (!parcel) throw new Error('no parcel row');
      fireEvent.click(within(parcel).getByRole('button'));
      await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
      const pageId = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
      expect(extension.storage.session.data[viewerPages.item(pageId).key]).toMatchObject({
        url: `${SERVICE}/post/api/private/accounts/1234/documents/41`,
        relation: 'self',
      });
    });

    it('gone once past: an appointment over since the worker read it is not drawn', async () => {
      const row = rowsOf(61, {
        creatorName: 'Tannlegen',
        metadata: [
          {
            type: 'Appointment',
            startTime: new Date(Date.now() + 60_000).toISOString(),
            endTime: new Date(Date.now() + 120_000).toISOString(),
          },
        ],
      });
      const over = row.map((one) => ({ ...one, until: Date.now() - 1 }));
      const region = await popupWith(everyPlace(read(over, bill(31, 'Skatteetaten', 9))));
      expect(rows(region)).toEqual(['Skatteetaten NOK 4,817.00 due in 9 days']);
    });

    /** The list as it is on screen now: held, it is the stand-in's, shown, the list's own. */
    const dueNow = () => screen.getByRole('region', { name: 'Needs you' });
    const lettersShown = () => screen.queryByRole('region', { name: 'Newest letters' }) !== null;
    const stillLooking = () =>
      record({ [INBOX]: read(), [folder(1)]: read(bill(31, 'Skatteetaten', 9)), [folder(2)]: { state: 'pending', rows: [] } });

    it('still looking, the letters known: names how many places are unread, stands in with a row for each row it knows, then shows the whole list and the letters together', async () => {
      const region = await popupWith(stillLooking());
      expect(noteOf(region)).toBe('Still looking in 1\u00a0place…');
      expect(rows(region)).toEqual([]);
      // The stand-in keeps the room of the one row the cache knows: the letters' skeleton below it stays put.
      expect(slots(region)).toBe(1);
      expect(lettersShown()).toBe(false);
      // The round ends: the whole list and the letters, in one change.
      await extension.storage.session.set({
        [needsItem.key]: everyPlace(read(bill(31, 'Skatteetaten', 9)), read(bill(33, 'Lånekassen', 2))),
      });
      await waitFor(() =>
        expect(rows(dueNow())).toEqual(['Lånekassen NOK 4,817.00 due in 2 days', 'Skatteetaten NOK 4,817.00 due in 9 days']),
      );
      expect(noteOf(dueNow())).toBe('');
      expect(lettersShown()).toBe(true);
    });

    it('the stand-in and the rows it stands for take the same row slots', async () => {
      const known = everyPlace(read(bill(31, 'Skatteetaten', 9), bill(32, 'Telenor', 4)), {
        state: 'pending',
        rows: bill(33, 'Lånekassen', 2),
      });
      const region = await popupWith(known);
      expect(slots(region)).toBe(3);
      await waitFor(() => expect(lettersShown()).toBe(true), { timeout: LATE_PARTS_GRACE_MS + 30_000 });
      expect(rows(dueNow())).toEqual([
        'Lånekassen NOK 4,817.00 due in 2 days',
        'Telenor NOK 4,817.00 due in 4 days',
        'Skatteetaten NOK 4,817.00 due in 9 days',
      ]);
      expect(slots(dueNow())).toBe(3);
    });

    it(`a place read slowly: after ${LATE_PARTS_GRACE_MS / 1000} s the letters show with what was found so far; what comes later changes the list in its room, never moving what is below`, async () => {
      await popupWith(stillLooking());
      await waitFor(() => expect(lettersShown()).toBe(true), { timeout: LATE_PARTS_GRACE_MS + 30_000 });
      const region = dueNow();
      expect(rows(region)).toEqual(['Skatteetaten NOK 4,817.00 due in 9 days']);
      expect(noteOf(region)).toBe('Still looking in 1\u00a0place…');
      // A place the record does not know yet (the worker has not started its round) is still looked in too; the row it gave keeps its room.
      await extension.storage.session.set({ [needsItem.key]: record({ [INBOX]: read() }) });
      await waitFor(() => expect(noteOf(region)).toBe('Still looking in 2\u00a0places…'));
      expect(rows(region)).toEqual([]);
      expect(slots(region)).toBe(1);
      // Whole: the most urgent in the room there is, the rest counted in "Show 1 more" on the line kept for it.
      await extension.storage.session.set({
        [needsItem.key]: everyPlace(read(bill(31, 'Skatteetaten', 9)), read(bill(33, 'Lånekassen', 2))),
      });
      await waitFor(() => expect(rows(region)).toEqual(['Lånekassen NOK 4,817.00 due in 2 days']));
      expect(slots(region)).toBe(1);
      expect(noteOf(region)).toBe('');
      fireEvent.click(within(region).getByRole('button', { name: 'Show 1 more' }));
      await waitFor(() => expect(rows(region)).toHaveLength(2));
      expect(dueNow()).toBe(region);
    });

    it("before any record, and with one of another session or an earlier layout: still looking everywhere, showing nobody's rows", async () => {
      await popupWith(undefined);
      expect(noteOf(dueNow())).toBe('Still looking in 3\u00a0places…');
      await extension.storage.session.set({ [needsItem.key]: { ...everyPlace(read(bill(31, 'Skatteetaten', 9))), generation: 2 } });
      await waitFor(() => expect(noteOf(dueNow())).toBe('Still looking in 3\u00a0places…'));
      expect(rows(dueNow())).toEqual([]);
      // The invoices-only record of earlier versions is another item: never read as this one.
      await extension.storage.session.set({ dueInvoices: everyPlace(read(bill(31, 'Skatteetaten', 9))) });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rows(dueNow())).toEqual([]);
      expect(noteOf(dueNow())).toBe('Still looking in 3\u00a0places…');
    });

    it('a place that could not be read: says so in words, with what it had before, and never claims the list is whole', async () => {
      const region = await popupWith(
        everyPlace(read(), { state: 'failed', fetchedAt: Date.now() - 60_000, rows: bill(33, 'Lånekassen', 2) }),
      );
      expect(rows(region)).toEqual(['Lånekassen NOK 4,817.00 due in 2 days']);
      expect(noteOf(region)).toBe('Couldn’t check 1\u00a0place, so some may be missing.');
      expect(noteOf(region)).not.toMatch(/http|folder\/|\d{3}/i);
    });

    it('with a mailbox shared with the person: its inbox among the places with its unread letters, and its rows saying whose they are, opening in that mailbox', async () => {
      const OLA_INBOX = `${SERVICE}/post/api/private/accounts/2047/documents/inbox`;
      const own = fullRoot();
      const shared = {
        name: 'Ola Nordmann',
        owner: false,
        digipostaddress: 'ola#2',
        unreadItemsInInbox: 3,
        link: [{ rel: `${SERVICE}/post/relations/document_inbox`, uri: OLA_INBOX }],
      };
      const olaRows = [...bill(71, 'Hafslund', 9), ...dataType(72, 'parcel-waiting')].map((row) => ({
        ...row,
        shared: { mailbox: 'ola#2', whose: 'Ola Nordmann' },
      }));
      await extension.storage.session.set({
        [needsItem.key]: record({ [INBOX]: read(), [folder(1)]: read(), [folder(2)]: read(), [OLA_INBOX]: read(olaRows) }),
      });
      worker.answer(
        'getRoot',
        rootSnapshot({
          generation: 3,
          root: { ...own, mailbox: [...(own.mailbox ?? []), shared] },
          inbox: { uri: INBOX, fetchedAt: Date.now(), documents: [] },
        }),
      );
      await openPage('popup');
      const places = await screen.findByRole('region', { name: 'Mailbox' });
      await within(places).findByRole('button', { name: 'Ola Nordmann’s inbox 3 unread' });
      const region = await screen.findByRole('region', { name: 'Needs you' });
      await waitFor(() => expect(rows(region)[0]).toBe('Hafslund NOK 4,817.00 due in 9 days Ola Nordmann'));
      expect(rows(region)[1]).toMatch(/^Parcel ready at Kiwi Majorstuen .* Ola Nordmann$/);
      fireEvent.click(within(region).getByRole('button', { name: /Hafslund/ }));
      await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
      const pageId = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
      expect(extension.storage.session.data[viewerPages.item(pageId).key]).toMatchObject({
        url: `${SERVICE}/post/api/private/accounts/1234/documents/71`,
        relation: 'self',
        mailbox: 'ola#2',
      });
    });

    it('overdue: in words ("was due yesterday", "overdue by 3 days") and marked apart from due soon; a long list shows three and "Show N more"', async () => {
      const region = await popupWith(
        everyPlace(
          read(bill(31, 'Skatteetaten', -3), bill(32, 'Fjordkraft', -1), bill(33, 'Lånekassen', 0)),
          read(bill(34, 'Telenor', 4), bill(35, 'Elvia', 5), bill(36, 'Tryg', 6)),
        ),
      );
      expect(rows(region)).toEqual([
        'Skatteetaten NOK 4,817.00 overdue by 3 days',
        'Fjordkraft NOK 4,817.00 was due yesterday',
        'Lånekassen NOK 4,817.00 due today',
      ]);
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((row) => row.classList.contains('overdue')),
      ).toEqual([true, true, false]);
      fireEvent.click(within(region).getByRole('button', { name: 'Show 3 more' }));
      await waitFor(() => expect(rows(region)).toHaveLength(6));
      expect(within(region).queryByRole('button', { name: /more/ })).toBeNull();
    });
  });

  it('ready: the name, the unread count and the newest letters; a letter opens in the viewer and the popup closes', async () => {
    await extension.storage.session.set({ [needsItem.key]: nothingDue(rootSnapshot()) });
    worker.answer('getRoot', rootSnapshot());
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    expect(screen.getByText('unread letters').textContent).toBe('2 unread letters');
    const letters = screen.getByRole('region', { name: 'Newest letters' });
    // Newest first, each with its sender and subject, the unread one marked.
    expect(
      within(letters)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^UnreadSkatteetaten.*Skattemelding 2026$/),
      expect.stringMatching(/^Fjordkraft.*Strømregning november$/),
    ]);
    fireEvent.click(within(letters).getByRole('button', { name: /Skattemelding 2026/ }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    // The viewer's address names only a page id; the letter it stands for is in session storage.
    const [viewer, query] = (extension.openedTabs[0]?.url ?? '').split('?');
    expect(viewer).toBe(extension.api.runtime.getURL('src/viewer/viewer.html'));
    const pageId = new URLSearchParams(query).get('page') ?? '';
    expect(extension.storage.session.data[viewerPages.item(pageId).key]).toEqual({
      url: LETTERS[0]?.link[0]?.uri,
      mediaType: 'application/vnd.digipost-v2+json',
      relation: 'self',
    });
    await waitFor(() => expect(pageClosedItself()).toBe(true));
  });

  it('calls out an unpaid invoice due within 14 days, with amount and due date, in its row and among what needs the person', async () => {
    // Three calendar days from today where the page runs, in its time zone.
    const day = new Date(Date.now() + 3 * 86_400_000);
    const due = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const bill = letter(41, { subject: 'Strømregning november', creatorName: 'Fjordkraft' });
    const main = bill.attachment[0] as Record<string, unknown>;
    main.type = 'INVOICE';
    main.invoice = { kid: '12345678901', accountNumber: '15031234567', amount: 1299.5, dueDate: due };
    const snapshot = rootSnapshot({
      inbox: { uri: `${SERVICE}/post/api/private/accounts/1234/documents/inbox`, fetchedAt: Date.now(), documents: [bill, ...LETTERS] },
    });
    // As the worker records it once its round has read the inbox (background/due-invoices.ts).
    const record = nothingDue(snapshot);
    const inboxPlace = Object.keys(record.places)[0] ?? '';
    record.places[inboxPlace] = { state: 'read', fetchedAt: Date.now(), rows: needRowsOf(documentSchema.parse(bill), Date.now(), 'x') };
    await extension.storage.session.set({ [needsItem.key]: record });
    worker.answer('getRoot', snapshot);
    await openPage('popup');
    const region = await screen.findByRole('region', { name: 'Needs you' });
    await waitFor(() => expect(region.textContent).toContain('1,299.50'));
    const said = region.textContent;
    expect(plain(said)).toMatch(/Fjordkraft NOK 1,299\.50 due in 3 days/);
    const row = within(screen.getByRole('region', { name: 'Newest letters' }))
      .getAllByRole('listitem')
      .find((item) => item.textContent.includes('Strømregning'));
    expect(plain(row?.querySelector('.letter-invoice')?.textContent ?? '')).toContain('NOK 1,299.50 · due in 3 days');
    // A no-break space holds the number to its unit, so a narrow line never ends with "3".
    expect(said).toContain('due in 3\u00a0days');
  });

  it('shows a letter the person uploaded themself as theirs', async () => {
    const scanned = { ...letter(42, { subject: 'Skannet leiekontrakt', creatorName: '', read: true }), origin: 'UPLOADED' };
    const snapshot = rootSnapshot({
      inbox: { uri: `${SERVICE}/post/api/private/accounts/1234/documents/inbox`, fetchedAt: Date.now(), documents: [scanned, ...LETTERS] },
    });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(snapshot) });
    worker.answer('getRoot', snapshot);
    await openPage('popup');
    const row = (await screen.findByText('Skannet leiekontrakt')).closest('li');
    expect(row?.querySelector('.letter-sender')?.textContent).toBe('Uploaded by you');
    expect(document.body.textContent).not.toContain('Unknown sender');
  });

  it('with a mailbox shared with the person: its newest letters among the person’s own by date, each saying whose, opening in that mailbox; one it could not read says so', async () => {
    const own = fullRoot();
    const shared = (digipostaddress: string, name: string) => ({ name, owner: false, digipostaddress, unreadItemsInInbox: 1, link: [] });
    const olaLetter = letter(71, { subject: 'Pensjonsutbetaling', creatorName: 'KLP', created: '2026-11-19T08:00:00.000+01:00' });
    const snapshot = rootSnapshot({
      root: { ...own, mailbox: [...(own.mailbox ?? []), shared('ola#2', 'Ola Nordmann'), shared('per#3', 'Per Nordmann')] },
      inbox: {
        uri: `${SERVICE}/post/api/private/accounts/1234/documents/inbox`,
        fetchedAt: Date.now(),
        documents: LETTERS,
        others: [
          { shared: { mailbox: 'ola#2', whose: 'Ola Nordmann' }, documents: [olaLetter] },
          { shared: { mailbox: 'per#3', whose: 'Per Nordmann' }, error: { code: 'network' } },
        ],
      },
    });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(snapshot) });
    worker.answer('getRoot', snapshot);
    await openPage('popup');
    const letters = await screen.findByRole('region', { name: 'Newest letters' });
    // Ola's letter of the 19th between the person's own of the 20th and the 18th, and it says whose.
    expect(
      within(letters)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/Skattemelding 2026$/),
      expect.stringMatching(/^UnreadKLP.*Pensjonsutbetaling.*Ola Nordmann’s inbox$/),
      expect.stringMatching(/Strømregning november$/),
    ]);
    expect(within(letters).getByText(/^Couldn’t get Per Nordmann’s newest letters\./).textContent).not.toMatch(/network|http/i);
    fireEvent.click(within(letters).getByRole('button', { name: /Pensjonsutbetaling/ }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    const pageId = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
    expect(extension.storage.session.data[viewerPages.item(pageId).key]).toMatchObject({
      url: olaLetter.link[0]?.uri,
      relation: 'self',
      mailbox: 'ola#2',
    });
  });

  it('the person’s own inbox not read: the shared mailbox’s newest letters still show, with why the person’s own do not, said once', async () => {
    const own = fullRoot();
    const olaLetter = letter(71, { subject: 'Pensjonsutbetaling', creatorName: 'KLP' });
    const snapshot = rootSnapshot({
      root: {
        ...own,
        mailbox: [
          ...(own.mailbox ?? []),
          { name: 'Ola Nordmann', owner: false, digipostaddress: 'ola#2', unreadItemsInInbox: 1, link: [] },
        ],
      },
      inbox: {
        uri: `${SERVICE}/post/api/private/accounts/1234/documents/inbox`,
        fetchedAt: Date.now(),
        error: { code: 'network' },
        others: [{ shared: { mailbox: 'ola#2', whose: 'Ola Nordmann' }, documents: [olaLetter] }],
      },
    });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(snapshot) });
    worker.answer('getRoot', snapshot);
    await openPage('popup');
    const letters = await screen.findByRole('region', { name: 'Newest letters' });
    expect(
      within(letters)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringMatching(/Pensjonsutbetaling.*Ola Nordmann’s inbox$/)]);
    expect(letters.querySelectorAll('.letters-note')).toHaveLength(1);
  });

  it('says plainly when the mailbox is nearly full, and nothing when it is not', async () => {
    const root = fullRoot();
    const [own] = root.mailbox ?? [];
    const withStorage = (usedStorage: number) =>
      rootSnapshot({ root: { ...root, mailbox: [{ ...own, link: own?.link ?? [], usedStorage, totalAvailableStorage: 1_073_741_824 }] } });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(withStorage(1_000_000_000)) });
    worker.answer('getRoot', withStorage(1_000_000_000));
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    expect(screen.getByRole('note').textContent).toBe('Your mailbox is nearly full: 93% of its storage is used.');
    closePage();
    worker.answer('getRoot', withStorage(73_400_320));
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    expect(screen.queryByText(/nearly full/)).toBeNull();
  });

  it('ready at once from the cache, saying it is updating until the worker answers', async () => {
    await extension.storage.session.set({ [rootCacheItem.key]: rootSnapshot({ fetchedAt: Date.now() - 5 * 60_000 }) });
    const root = worker.hold('getRoot');
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    await screen.findByText('updating…', { exact: false });
    root.answer(rootSnapshot());
    await waitFor(() => expect(screen.queryByText('updating…', { exact: false })).toBeNull());
  });

  it('offline: the last data, marked as not up to date, and Try again fetches afresh', async () => {
    await extension.storage.session.set({ [rootCacheItem.key]: rootSnapshot({ fetchedAt: Date.now() - 5 * 60_000 }) });
    worker.fail('getRoot', { code: 'network', detail: 'Failed to fetch' });
    await openPage('popup');
    const notice = await screen.findByText('Digipost isn’t answering right now. This is what was fetched last; it may be out of date.');
    screen.getByRole('heading', { level: 1, name: 'Kari Nordmann' });
    screen.getByText(/— not up to date$/);
    worker.answer('getRoot', rootSnapshot());
    expect(notice.closest('[role="status"]')?.textContent).toContain('Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText(/^Fetched at/).textContent).not.toContain('not up to date'));
    expect(screen.queryByText(/isn’t answering/)).toBeNull();
    expect(worker.asked('getRoot').at(-1)).toEqual({ type: 'getRoot', force: true, inbox: true });
  });

  it.each(NO_ANSWER)(
    'Digipost not answering (%s) with the last view kept: it stays readable, marked as not up to date',
    async (_, error) => {
      await extension.storage.session.set({ [rootCacheItem.key]: rootSnapshot({ fetchedAt: Date.now() - 5 * 60_000 }) });
      worker.fail('getRoot', error);
      await openPage('popup');
      await screen.findByText('Digipost isn’t answering right now. This is what was fetched last; it may be out of date.');
      screen.getByRole('heading', { level: 1, name: 'Kari Nordmann' });
      screen.getByRole('button', { name: 'Sign out' });
    },
  );

  it.each(NO_ANSWER)(
    'Digipost not answering (%s) and no view kept (after a browser start): why in words, Try again, and Settings and Sign out',
    async (_, error, detail) => {
      worker.fail('getRoot', error);
      await openPage('popup');
      await screen.findByRole('heading', { level: 1, name: 'Digipost isn’t answering right now' });
      const alert = screen.getByRole('alert');
      within(alert).getByText(
        'Your mailbox will show here as soon as Digipost answers. If other websites don’t load either, check your internet connection.',
      );
      // The service's and the browser's words, folded under Details; none in the main text.
      const details = within(alert).getByText('Details').closest('details');
      expect(details?.open).toBe(false);
      expect(details?.textContent).toContain(detail);
      expect(alert.textContent.replace(details?.textContent ?? '', '')).not.toMatch(/HTTP|500|Failed to fetch|20 s/);
      // One next step, and the ways out the mailbox view offers too.
      expect(screen.getAllByRole('button').map((button) => [button.textContent, button.className])).toEqual([
        ['Try again', 'primary'],
        ['Settings', 'quiet'],
        ['Sign out', 'quiet'],
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
      expect(extension.optionsPagesOpened).toBe(1);
      worker.answer('getRoot', rootSnapshot());
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
    },
  );

  it('Sign out while Digipost is not answering: signed out here at once', async () => {
    worker.fail('getRoot', { code: 'network', detail: 'Failed to fetch' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    worker.answer('signOut', { state: 'signed_out' });
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Not connected' });
    expect(worker.asked('signOut')).toHaveLength(1);
  });

  it('shows a specific error with "Try again" when the service fails', async () => {
    worker.fail('getRoot', { code: 'response_not_json', detail: 'not JSON: text/html' });
    await openPage('popup');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('not JSON');
    worker.answer('getRoot', rootSnapshot());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' });
  });

  it('another failure: its sentence in view, under "Could not show your mailbox", with Try again, Settings and Sign out', async () => {
    worker.fail('getRoot', { code: 'worker_no_answer' });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Could not show your mailbox' });
    within(screen.getByRole('alert')).getByText('The extension’s background did not answer. Try again.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again', 'Settings', 'Sign out']);
  });

  it("below the letters, the person's settings pages, the account's and the mailbox's, open in the viewer", async () => {
    const granted = rootSnapshot({ root: fullRoot(), scopes: [...READ_SCOPES, 'READ_SETTINGS'] });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(granted) });
    worker.answer('getRoot', granted);
    await openPage('popup');
    await screen.findByRole('region', { name: 'Mailbox' });
    expect(
      screen
        .getByRole('button', { name: 'Mailbox settings' })
        .compareDocumentPosition(screen.getByRole('region', { name: 'Newest letters' })),
    ).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    fireEvent.click(screen.getByRole('button', { name: 'Account settings' }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    const page = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
    expect(extension.storage.session.data[viewerPages.item(page).key]).toMatchObject({
      url: `${SERVICE}/post/api/private/accounts/1234/settings`,
      relation: 'account_settings',
    });
    // The mailbox's settings too.
    fireEvent.click(screen.getByRole('button', { name: 'Mailbox settings' }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(2));
    const mailboxPage = new URLSearchParams((extension.openedTabs[1]?.url ?? '').split('?')[1]).get('page') ?? '';
    expect(extension.storage.session.data[viewerPages.item(mailboxPage).key]).toMatchObject({
      url: `${SERVICE}/post/api/private/mailboxes/1/settings`,
      relation: 'mailbox_settings',
    });
  });

  it("places: the inbox with its unread count, each folder, receipts and the website; the API's resources behind All links", async () => {
    worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
    await openPage('popup');
    const places = await screen.findByRole('region', { name: 'Mailbox' });
    within(places).getByRole('button', { name: 'Inbox 9 unread' });
    expect(
      within(places)
        .getAllByRole('button')
        .map((b) => b.textContent),
      // Receipts need READ_RECEIPTS, which this sign-in was not granted (#49 point 2).
    ).toEqual(['Inbox9 unread', 'Skatt', 'Bolig', 'Receipts (locked)', 'Digipost’s website', 'All links from the service']);
    // Nothing in the main view names a resource of the session or the API, nor repeats the inbox.
    const main = document.body.textContent;
    for (const internal of [
      'Service overview',
      'This resource',
      'Sign-in session',
      'suggestions',
      'Event log',
      'Connected applications',
      'Open inbox',
      'event_log',
    ]) {
      expect(main, internal).not.toContain(internal);
    }
    // The person's own settings are no place of the mailbox: they are below the letters.
    for (const settings of ['Account settings', 'Mailbox settings']) expect(places.textContent, settings).not.toContain(settings);
    // They stay reachable: "All links" opens the root, which lists them, in the viewer.
    fireEvent.click(within(places).getByRole('button', { name: 'All links from the service' }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    const rootPage = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
    expect(extension.storage.session.data[viewerPages.item(rootPage).key]).toMatchObject({
      url: `${SERVICE}/post/api/private`,
      relation: 'self',
    });
  });

  it('a folder opens in the viewer, and the popup closes', async () => {
    worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
    await openPage('popup');
    const places = await screen.findByRole('region', { name: 'Mailbox' });
    fireEvent.click(within(places).getByRole('button', { name: 'Bolig' }));
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    const pageId = new URLSearchParams((extension.openedTabs[0]?.url ?? '').split('?')[1]).get('page') ?? '';
    expect(extension.storage.session.data[viewerPages.item(pageId).key]).toMatchObject({
      url: `${SERVICE}/post/api/private/accounts/1234/folders/2`,
      relation: 'folder',
    });
    await waitFor(() => expect(pageClosedItself()).toBe(true));
  });

  it("the website place opens the service's own web app in a tab", async () => {
    worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Digipost’s website' }));
    await waitFor(() => expect(extension.openedTabs.map((tab) => tab.url)).toEqual([`${SERVICE}/app/`]));
  });

  it('speaks Norwegian Bokmål when the browser chose it', async () => {
    extension.language = 'nb';
    worker.fail('getRoot', { code: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    await openPage('popup');
    await screen.findByRole('heading', { level: 1, name: 'Ikke tilkoblet' });
    screen.getByRole('button', { name: 'Koble til' });
    expect(document.documentElement.lang).toBe('nb');
  });

  it('signs out from the ready view', async () => {
    worker.answer('getRoot', rootSnapshot());
    worker.answer('signOut', { state: 'signed_out' });
    worker.answer('getPageConfig', { scopes: config().scopes });
    await openPage('popup');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Not connected' });
    expect(worker.asked('signOut')).toHaveLength(1);
  });

  it('places the permissions cannot open are marked locked, and open in the viewer, which asks (#49 point 2)', async () => {
    const without = rootSnapshot({ root: fullRoot() });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(without) });
    worker.answer('getRoot', without);
    await openPage('popup');
    const places = await screen.findByRole('region', { name: 'Mailbox' });
    const receipts = within(places).getByRole('button', { name: 'Receipts (locked)' });
    expect(receipts.querySelector('.place-lock use')?.getAttribute('href')).toBe('#i-lock');
    expect(within(places).getByRole('button', { name: 'Skatt' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mailbox settings (locked)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account settings (locked)' })).toBeTruthy();
    // The popup asks nothing itself: a click opens the place's viewer page, where "Allow…" is.
    fireEvent.click(receipts);
    await waitFor(() => expect(extension.openedTabs).toHaveLength(1));
    expect(worker.asked('changePermissions')).toEqual([]);
    closePage();

    // Granted, nothing is marked.
    const granted = rootSnapshot({ root: fullRoot(), scopes: [...READ_SCOPES, 'READ_RECEIPTS', 'READ_SETTINGS'] });
    await extension.storage.session.set({ [needsItem.key]: nothingDue(granted) });
    worker.answer('getRoot', granted);
    await openPage('popup');
    const open = await screen.findByRole('region', { name: 'Mailbox' });
    expect(within(open).getByRole('button', { name: 'Receipts' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mailbox settings' })).toBeTruthy();
    expect(document.querySelector('.place-lock')).toBeNull();
  });
});

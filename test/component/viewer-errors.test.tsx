import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from '../../src/shared/errors.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { config, fullRoot, LETTERS, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The viewer names each failure in words (src/viewer/ErrorView.tsx), as the worker reports it
 * for a page the tab shows: not signed in, a permission not granted, nothing there, the
 * service's error, an answer that could not be read, and a page the tab no longer knows. How
 * the service's answers become these failures is the worker's (test/unit/api/http.test.ts);
 * every failure's words are error-words.test.tsx's; a real sign-in is test/e2e/sign-in.e2e.ts's.
 */

const { worker } = extension;
const PAGE_ID = 'EEEEEEEEEEEEEEEEEEEEEE';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;

/** The inbox as the service lists it. */
const inbox = () => resourceSnapshot({ document: LETTERS, link: [] }, INBOX);

/** A viewer tab on `url`, as a click in the popup opens it, whose first read fails so. */
async function openFailing(url: string, relation: string, error: ErrorInfo): Promise<HTMLElement> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url, relation } });
  worker.answer('getRoot', rootSnapshot());
  worker.fail('getResource', error);
  await openPage('viewer', `?page=${PAGE_ID}`);
  return screen.findByRole('alert');
}

/** The text a person reads: closed details show only their summary. */
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const details of copy.querySelectorAll('details:not([open])'))
    for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
  return copy.textContent;
}

/** Opens the alert's Details, as a person does. */
function openDetails(alert: HTMLElement): void {
  const details = within(alert).getByText('Details').closest('details');
  if (!details) throw new Error('the alert has no Details');
  details.open = true;
}

/** The page's locked panel, once it shows. */
async function lockedPanel(): Promise<HTMLElement> {
  const panel = (await screen.findByText('Locked')).closest<HTMLElement>('.info-panel');
  if (!panel) throw new Error('the page shows no locked panel');
  return panel;
}

describe('the viewer names each failure', () => {
  it('not signed in: says so and offers "Connect", which signs in and shows the resource', async () => {
    const alert = await openFailing(`${SERVICE}/post/api`, 'self', { code: 'signed_out' });
    expect(alert.textContent).toContain('You are not connected');
    worker.answer('connect', { state: 'signed_in', scopes: config().scopes });
    worker.answer('getResource', resourceSnapshot(rootSnapshot().root, `${SERVICE}/post/api`));
    fireEvent.click(within(alert).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(worker.asked('connect')).toHaveLength(1));
    await screen.findAllByText('Kari Nordmann');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refused for lack of a permission the settings offer: locked, naming the permission in words, with Allow… (#49 point 2)', async () => {
    await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: `${ACCOUNT}/receipts`, relation: 'receipts' } });
    worker.answer('getRoot', rootSnapshot());
    worker.fail('getResource', {
      code: 'http_forbidden_permission',
      status: 403,
      permission: 'READ_RECEIPTS',
      detail: 'FORBIDDEN: READ_RECEIPTS required',
    });
    await openPage('viewer', `?page=${PAGE_ID}`);
    const locked = await lockedPanel();
    expect(locked.textContent).toContain('“See your receipts”');
    expect(locked.textContent).toContain('which was not given');
    within(locked).getByRole('button', { name: 'Allow…' });
    // The permission's code is not on the screen.
    expect(readable(document.querySelector('main') ?? document.body)).not.toContain('READ_RECEIPTS');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Receipts');
  });

  it('without the permission to see settings, the mailbox settings say which permission to grant', async () => {
    await extension.storage.session.set({
      [viewerPages.item(PAGE_ID).key]: { url: `${SERVICE}/post/api/private/mailboxes/1/settings`, relation: 'mailbox_settings' },
    });
    worker.answer('getRoot', rootSnapshot());
    worker.fail('getResource', { code: 'http_forbidden_permission', status: 403, permission: 'READ_SETTINGS' });
    await openPage('viewer', `?page=${PAGE_ID}`);
    const locked = await lockedPanel();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mailbox settings');
    expect(locked.textContent).toContain('needs the permission “See your Digipost settings”');
    expect(readable(document.querySelector('main') ?? document.body)).not.toContain('READ_SETTINGS');
  });

  it('not found', async () => {
    const alert = await openFailing(`${ACCOUNT}/documents/99999999`, 'self', { code: 'http_not_found', status: 404 });
    expect(alert.textContent).toContain('The service found nothing here');
  });

  it('a server error, and a reload retries', async () => {
    const alert = await openFailing(INBOX, 'document_inbox', {
      code: 'http_server',
      status: 500,
      detail: 'INTERNAL_SERVER_ERROR: the database is away',
    });
    // Said as the popup and a list shown from memory say it (issue #49 point 1).
    expect(alert.querySelector('.alert-message')?.textContent).toBe('Digipost isn’t answering right now');
    expect(alert.textContent).toContain('This page shows as soon as it answers.');
    // The status and the service's own words wait under Details, out of the sentence.
    expect(readable(alert)).not.toContain('HTTP 500');
    openDetails(alert);
    expect(readable(alert)).toMatch(/INTERNAL_SERVER_ERROR.*HTTP 500/);
    // A reload opens the page afresh, and the service answers now.
    worker.answer('getResource', inbox());
    await openPage('viewer', `?page=${PAGE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });
    await screen.findByText('Skattemelding 2026');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it("a gateway's 502: words a person reads, the status only under Details", async () => {
    const alert = await openFailing(INBOX, 'document_inbox', {
      code: 'http_server',
      status: 502,
      detail: '<html>Bad Gateway</html> text/html',
    });
    const shown = readable(document.querySelector('main') ?? document.body);
    expect(shown).toContain('Digipost isn’t answering right now');
    for (const internal of ['502', 'HTTP', 'Bad Gateway', 'text/html']) expect(shown, internal).not.toContain(internal);
    openDetails(alert);
    expect(readable(alert)).toContain('HTTP 502');
  });

  it('a malformed response: "could not be read", its media type only under Details', async () => {
    const alert = await openFailing(INBOX, 'document_inbox', {
      code: 'response_not_json',
      detail: 'not JSON: application/vnd.digipost-v2+json',
    });
    expect(alert.textContent).toContain('The service’s answer could not be read.');
    const shown = readable(document.querySelector('main') ?? document.body);
    for (const internal of ['JSON', 'json', 'application/']) expect(shown, internal).not.toContain(internal);
    openDetails(alert);
    expect(readable(alert)).toContain('application/vnd.digipost-v2+json');
    worker.answer('getResource', inbox());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Skattemelding 2026');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it.each(['', `?page=${PAGE_ID}`])(
    'a page whose address names nothing the viewer remembers ("%s"): says so calmly and offers the inbox',
    async (query) => {
      worker.answer('getRoot', rootSnapshot({ root: fullRoot() }));
      worker.answer('getResource', inbox());
      await openPage('viewer', query);
      const note = await screen.findByRole('note');
      expect(note.textContent).toContain('This page is no longer here');
      expect(screen.queryAllByRole('alert')).toHaveLength(0);
      fireEvent.click(await within(note).findByRole('button', { name: 'Open inbox' }));
      await screen.findByRole('heading', { level: 1, name: 'Inbox' });
      await screen.findByText('Skattemelding 2026');
    },
  );

  it('a forgotten page while the root is still on its way says no way on until it knows: then, signed out, Connect', async () => {
    const root = worker.hold('getRoot');
    await openPage('viewer', `?page=${PAGE_ID}`);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('This page is no longer here');
    // Neither way on is said before the answer says which one is true.
    for (const words of ['Open the inbox to carry on', 'Connect to open the inbox again']) expect(note.textContent).not.toContain(words);
    expect(within(note).queryAllByRole('button')).toHaveLength(0);
    root.fail({ code: 'signed_out' });
    await within(note).findByRole('button', { name: 'Connect and open the inbox' });
    expect(note.textContent).toContain('Connect to open the inbox again.');
    expect(note.textContent).not.toContain('Open the inbox to carry on');
  });
});

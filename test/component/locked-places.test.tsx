import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import {
  config,
  document as attachment,
  fullRoot,
  letter,
  READ_SCOPES,
  resourceSnapshot,
  rootSnapshot,
  SERVICE,
  RECEIPT,
} from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * Places the permissions cannot open (issue #49 point 2), and the first letter on the default
 * build (point 3): a red "Access refused" whose only button, Try again, could not help, and "Reading
 * letters needs the permission 'Open your letters'…" with no button. Each is marked locked and
 * offers "Allow…", which asks for the permission as the settings' switch does (the switches' own
 * words; options' PermissionSwitches): one consent window, the permission added to those asked for.
 */

const { worker } = extension;
const PAGE_ID = 'LLLLLLLLLLLLLLLLLLLLLL';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const INBOX = `${ACCOUNT}/documents/inbox`;
const RECEIPTS = `${ACCOUNT}/receipts`;
const MAILBOX_SETTINGS = `${SERVICE}/post/api/private/mailboxes/1/settings`;
const CONNECTED_APPLICATIONS = `${ACCOUNT}/tokens`;

const sideList = () => within(screen.getByRole('navigation', { name: 'Mailbox' }));
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

/** The service of a build that asked for `granted`: a place that needs more is refused for its permission. */
function serviceFor(granted: Permission[]) {
  worker.answer('getRoot', rootSnapshot({ root: fullRoot(), scopes: granted }));
  worker.answer('getPageConfig', { scopes: granted });
  worker.answer('getResource', (request) => {
    const url = request.url;
    const path = new URL(url).pathname;
    const needs = (permission: Permission, data: unknown) =>
      granted.includes(permission)
        ? Promise.resolve(resourceSnapshot(data, url, granted))
        : // As the worker refuses a place whose permission it knows (authorized-fetch.ts): naming it.
          Promise.reject(new AppError('http_forbidden_permission', { status: 403, permission }));
    if (path.endsWith('/documents/inbox'))
      return Promise.resolve(
        resourceSnapshot({ document: [letter(41, { subject: 'Strømregning', creatorName: 'Fjordkraft' })], link: [] }, url, granted),
      );
    if (path.endsWith('/receipts')) return needs('READ_RECEIPTS', { receipt: [RECEIPT], link: [] });
    if (path.endsWith('/mailboxes/1/settings')) return needs('READ_SETTINGS', { settings: [], link: [] });
    return Promise.reject(new Error(`the test's service has nothing at ${url}`));
  });
}

/** A viewer tab on `url`, as a click in the popup opens it. */
async function openViewerOn(url: string, relation: string): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url, relation } });
  await openPage('viewer', `?page=${PAGE_ID}`);
}

/** The page's locked panel, once it shows. */
async function lockedPanel(): Promise<HTMLElement> {
  const panel = (await screen.findByText('Locked')).closest<HTMLElement>('.info-panel');
  if (!panel) throw new Error('the page shows no locked panel');
  return panel;
}

describe('a place the permissions cannot open', () => {
  it('is marked locked in the side list; its page says which permission opens it, and Allow… asks for it as the settings do', async () => {
    serviceFor(READ_SCOPES);
    await openViewerOn(RECEIPTS, 'receipts');

    const locked = await lockedPanel();
    expect(locked.textContent).toContain('Opening this needs the permission “See your receipts”, which was not given.');
    expect(heading()).toBe('Receipts');
    // Not a failure: no red alert, no Try again that could not help, no "Access refused".
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(document.body.textContent).not.toContain('Access refused');
    await waitFor(() => expect(sideList().getByRole('link', { name: 'Receipts (locked)' })).toBeTruthy());
    expect(sideList().getByRole('link', { name: 'Inbox' })).toBeTruthy();

    // Allow…: the consent window asks for what Connect asks for, and the receipts' permission.
    const held = worker.hold('changePermissions');
    fireEvent.click(within(locked).getByRole('button', { name: 'Allow…' }));
    expect((await held.asked).scopes).toEqual([...READ_SCOPES, 'READ_RECEIPTS']);
    expect(within(locked).getByRole('button', { name: /Approve it in Digipost’s window/ })).toBeTruthy();

    // Granted: the new session reaches every page, and this one reads itself again.
    const granted: Permission[] = [...READ_SCOPES, 'READ_RECEIPTS'];
    serviceFor(granted);
    held.answer(config({ scopes: granted }));
    extension.tellPages({ event: 'sessionChanged', scopes: granted });
    await screen.findAllByText('Rema 1000');
    expect(screen.queryByText('Locked')).toBeNull();
    await waitFor(() => expect(sideList().getByRole('link', { name: 'Receipts' })).toBeTruthy());
    expect(worker.asked('changePermissions')).toHaveLength(1);
  });

  it('Allow… closed or answered No says nothing changed, and the place stays locked', async () => {
    serviceFor(READ_SCOPES);
    worker.fail('changePermissions', { code: 'signin_cancelled' });
    await openViewerOn(MAILBOX_SETTINGS, 'mailbox_settings');
    const locked = await lockedPanel();
    expect(heading()).toBe('Mailbox settings');
    expect(locked.textContent).toContain('“See your Digipost settings”');
    fireEvent.click(within(locked).getByRole('button', { name: 'Allow…' }));
    await within(locked).findByText('Nothing changed: the permission was not given.');
    expect(worker.asked('changePermissions')[0]?.scopes).toEqual([...READ_SCOPES, 'READ_SETTINGS']);
    expect(within(locked).getByRole('button', { name: 'Allow…' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal the extension cannot ask for (a permission it never offers) is still the failure in words, with Try again', async () => {
    serviceFor(READ_SCOPES);
    worker.fail('getResource', { code: 'http_forbidden_permission', status: 403, permission: 'UPDATE_SETTINGS' });
    await openViewerOn(MAILBOX_SETTINGS, 'mailbox_settings');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow…' })).toBeNull();
  });

  it('a place Digipost refuses where no permission would open it (connected applications) says so, and offers Digipost’s website, not Try again', async () => {
    serviceFor(READ_SCOPES);
    // The contract names no permission for connected applications: the worker's refusal names none.
    worker.fail('getResource', { code: 'http_forbidden', status: 403 });
    await openViewerOn(CONNECTED_APPLICATIONS, 'token_list');
    const panel = (await screen.findByText('Not open to this extension')).closest<HTMLElement>('.info-panel');
    if (!panel) throw new Error('the page shows no panel');
    expect(heading()).toBe('Connected applications');
    expect(panel.textContent).toContain('Digipost doesn’t let this extension open this page. You can see it on Digipost’s website.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Allow…' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Open on Digipost’s website' }));
    await waitFor(() => expect(extension.openedTabs.map((tab) => tab.url)).toEqual([`${SERVICE}/app/`]));
  });

  it('granted, nothing in the side list is marked locked', async () => {
    serviceFor([...READ_SCOPES, 'READ_RECEIPTS']);
    await openViewerOn(INBOX, 'document_inbox');
    await screen.findByText('Strømregning');
    await waitFor(() => expect(sideList().getByRole('link', { name: 'Receipts' })).toBeTruthy());
    expect(document.querySelector('.nav-locked')).toBeNull();
  });
});

describe('the first letter on the default build', () => {
  it('says reading letters needs “Open your letters”, with Allow…, which asks for it beside what was granted', async () => {
    const subject = 'Velkommen til Digipost';
    const data = letter(51, { subject, creatorName: 'Digipost', attachment: [attachment(51, 1, { subject })] });
    const self = data.link[0]?.uri ?? '';
    const granted: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'];
    worker.answer('getRoot', rootSnapshot({ scopes: granted }));
    worker.answer('getPageConfig', { scopes: granted });
    worker.answer('getResource', resourceSnapshot(data, self, granted));
    worker.answer('changePermissions', config({ scopes: [...granted, 'READ_DOCUMENT_CONTENT'] }));
    await openViewerOn(self, 'self');
    await screen.findByRole('heading', { level: 1, name: subject });
    const notice = (await screen.findByText(/^Reading letters needs the permission “Open your letters”/)).parentElement;
    if (!notice) throw new Error('the sentence stands alone');
    expect(notice.textContent).toContain('Allow it, then approve it in Digipost’s window.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Allow…' }));
    await waitFor(() => expect(worker.asked('changePermissions')).toHaveLength(1));
    expect(worker.asked('changePermissions')[0]?.scopes).toEqual([...granted, 'READ_DOCUMENT_CONTENT']);
  });
});

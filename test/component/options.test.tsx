import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { validateConfigInput } from '../../src/config/config.ts';
import type { Request } from '../../src/protocol/messages.ts';
import { extension } from '../support/fake-extension.ts';
import { config, rootSnapshot } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The options page (src/options/Options.tsx): who is signed in, what the extension may do in
 * words, the new-letter settings, and the publisher's connection settings folded away; how it
 * refuses what it cannot save, and what it says when a change ends or keeps the connection.
 * Layout, fonts, what the browser's own keys do (Space on a switch), the real consent window and
 * permission prompt stay in test/e2e/options.e2e.ts (in Chromium and Firefox).
 */

const { worker } = extension;

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function type(label: string, value: string): void {
  fireEvent.input(field(label), { target: { value } });
}

function permissionSwitch(name: string): HTMLInputElement {
  return screen.getByRole('switch', { name });
}

/** The worker's answer to saveConfig: what the page sent, as the worker stores it. */
function stored(request: Extract<Request, { type: 'saveConfig' }>) {
  const checked = validateConfigInput(request.config);
  if (!checked.ok) throw new Error(`the page saved an invalid configuration: ${JSON.stringify(checked.problems)}`);
  return config(checked.config);
}

async function opened(
  status: 'signed_in' | 'signed_out' | 'not_configured' = 'signed_out',
  overrides: Parameters<typeof config>[0] = {},
): Promise<void> {
  worker.answer('getConfig', config(overrides));
  worker.answer(
    'getStatus',
    status === 'signed_in'
      ? { state: 'signed_in', scopes: config().scopes }
      : status === 'signed_out'
        ? { state: 'signed_out' }
        : { state: 'not_configured' },
  );
  worker.answer('getRoot', rootSnapshot());
  await openPage('options');
  await screen.findByRole('heading', { name: 'What the extension may do' });
}

/** The publisher's section, folded or not. */
function publisher(): HTMLDetailsElement {
  const summary = screen.getByText('Connection to Digipost');
  const details = summary.closest('details');
  if (!details) throw new Error('the connection settings are not in a details');
  return details;
}

describe('the options page', () => {
  it('says it is loading until the worker has answered', async () => {
    const held = worker.hold('getConfig');
    worker.answer('getStatus', { state: 'signed_out' });
    await openPage('options');
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    held.answer(config());
    await screen.findByRole('heading', { name: 'What the extension may do' });
  });

  it('opens with the person signed in, their Digipost address, and Sign out', async () => {
    await opened('signed_in');
    screen.getByRole('heading', { level: 1, name: 'Digipost Mailbox settings' });
    const card = await screen.findByRole('region', { name: 'Kari Nordmann' });
    within(card).getByText('kari.nordmann#1ABC');
    within(card).getByRole('button', { name: 'Sign out' });
    // The person comes before what the extension may do, and both before the publisher's settings.
    const order = [card, screen.getByRole('region', { name: 'What the extension may do' }), publisher()];
    expect(order.every((el, i) => i === 0 || (order[i - 1]?.compareDocumentPosition(el) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(
      true,
    );
  });

  it('names the keyboard shortcut that opens the mailbox, and opens the page where this browser changes it', async () => {
    await opened('signed_in');
    const card = await screen.findByRole('region', { name: 'Keyboard shortcut' });
    await within(card).findByText('Alt+Shift+D opens the mailbox from any tab.');
    // A way to the browser's own page, not an address to type.
    expect(within(card).queryByText(/chrome:\/\//)).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Change the shortcut…' }));
    await waitFor(() => expect(extension.openedTabs.map((tab) => tab.url)).toContain('chrome://extensions/shortcuts'));
  });

  it('links to the privacy statement shipped in the extension, opened in a tab of its own', async () => {
    await opened('signed_out');
    const link = screen.getByRole('link', { name: 'How this extension handles your data (privacy statement)' });
    expect(link.getAttribute('href')).toBe('/privacy.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the e-mail address when the account has no Digipost address', async () => {
    const snapshot = rootSnapshot();
    const account = snapshot.root.primaryAccount;
    if (account) snapshot.root = { ...snapshot.root, primaryAccount: { ...account, digipostaddress: '' } };
    await opened('signed_in');
    worker.answer('getRoot', snapshot);
    await openPage('options');
    await screen.findByText('kari@example.com');
  });

  it('Sign out signs out as the popup does, and says so where the grant is still to be ended', async () => {
    await opened('signed_in');
    worker.answer('signOut', { state: 'signed_out' });
    worker.answer('getRevocation', { pending: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Not connected' });
    expect(worker.asked('signOut')).toHaveLength(1);
    await screen.findByText('Digipost has not yet been told that you signed out');
    screen.getByRole('button', { name: 'Connect' });
  });

  it('after Digipost ended the connection: says so, with Connect, and Dismiss forgets it here and everywhere', async () => {
    worker.answer('getConfig', config());
    worker.answer('getStatus', { state: 'signed_out', reason: { code: 'session_ended' } });
    await openPage('options');
    const card = (await screen.findByRole('heading', { name: 'Digipost ended the connection' })).closest('section');
    if (!card) throw new Error('the heading is in no section');
    within(card).getByText(
      'This happens when the extension’s access is withdrawn on Digipost’s website, or after a long time without use. Connect again to see your mailbox.',
    );
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.className]),
    ).toEqual([
      ['Connect', 'primary'],
      ['Dismiss', 'quiet'],
    ]);
    // Dismissing is a sign-out of what is left: the worker forgets the reason, and every open page hears so.
    worker.answer('signOut', { state: 'signed_out' });
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await screen.findByRole('heading', { name: 'Not connected' });
    expect(worker.asked('signOut')).toHaveLength(1);
    expect(screen.queryByText('Digipost ended the connection')).toBeNull();
    screen.getByRole('button', { name: 'Connect' });
  });

  it('Digipost ending the connection while the page is open: the person goes, and why is said', async () => {
    await opened('signed_in');
    await screen.findByRole('heading', { name: 'Kari Nordmann' });
    extension.tellPages({ event: 'sessionEnded', reason: 'ended' });
    await screen.findByRole('heading', { name: 'Digipost ended the connection' });
    expect(screen.queryByText('Kari Nordmann')).toBeNull();
  });

  it('back online, a sign-out Digipost has not heard of is told once, and the notice goes', async () => {
    await opened('signed_out');
    expect(worker.asked('retryRevocation')).toHaveLength(0);
    // Nothing pending: coming back online asks nothing.
    window.dispatchEvent(new Event('online'));
    expect(worker.asked('retryRevocation')).toHaveLength(0);
    worker.answer('getRevocation', { pending: true });
    worker.answer('retryRevocation', { pending: false });
    extension.tellPages({ event: 'revocationChanged' });
    await screen.findByText('Digipost has not yet been told that you signed out');
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText('Digipost has not yet been told that you signed out')).toBeNull());
    expect(worker.asked('retryRevocation')).toHaveLength(1);
  });

  it('back online, a first try that fails (the network not yet through) is made once more a little later', async () => {
    await opened('signed_out');
    worker.answer('getRevocation', { pending: true });
    extension.tellPages({ event: 'revocationChanged' });
    await screen.findByText('Digipost has not yet been told that you signed out');
    let tries = 0;
    worker.answer('retryRevocation', () => (++tries === 1 ? { pending: true, error: { code: 'network' } } : { pending: false }));
    // The page's wait before the one more try (3 s) runs on the test's clock: it passes when the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      window.dispatchEvent(new Event('online'));
      await screen.findByText(/Could not reach/);
      await vi.advanceTimersByTimeAsync(2_999);
      expect(tries).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(screen.queryByText('Digipost has not yet been told that you signed out')).toBeNull());
    expect(tries).toBe(2);
  });

  it('signed out: Connect runs the sign-in and then shows who signed in', async () => {
    await opened('signed_out');
    const connect = worker.hold('connect');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Connecting…');
    worker.answer('getStatus', { state: 'signed_in', scopes: config().scopes });
    connect.answer({ state: 'signed_in', scopes: config().scopes });
    await screen.findByRole('heading', { name: 'Kari Nordmann' });
  });

  it('offers in words only what the extension does, its codes only inside a closed details', async () => {
    await opened('signed_out');
    const section = screen.getByRole('region', { name: 'What the extension may do' });
    const switches = within(section).getAllByRole<HTMLInputElement>('switch');
    expect(switches.map((s) => [s.labels?.[0]?.textContent, s.checked])).toEqual([
      ['See your letters', true],
      ['Open your letters', false],
      ['See your account details', true],
      ['See your receipts', false],
      ['See your Digipost settings', false],
      ['Manage your letters', false],
    ]);
    // Each says what it allows.
    expect(permissionSwitch('See your letters').getAttribute('aria-describedby')).toBe('may-READ_DOCUMENT_META_INFO-why');
    within(section).getByText(
      'Senders, subjects and dates, for the list of letters, the unread count and notifications. Not what the letters say.',
    );
    // What managing letters takes, in words: each permission, and that Digipost asks once.
    within(section).getByText(
      'File and rename letters, manage folders, send invoices to your bank, delete letters and save files from the web to Digipost, each only when you ask it to. Digipost asks you once for all of it.',
    );
    // Nothing the extension cannot do is offered.
    expect(document.body.textContent).not.toMatch(/Send letters|Delete receipts|Update settings/);
    // The codes: only in the details, folded.
    const codes = within(section).getByText('Technical names of these permissions').closest('details');
    expect(codes?.open).toBe(false);
    for (const element of document.querySelectorAll('body *')) {
      const own = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('');
      if (/\b[A-Z]+(_[A-Z]+)+\b/.test(own)) expect(codes?.contains(element), own).toBe(true);
    }
  });

  it('signed out, a switch only changes what Connect will ask for', async () => {
    await opened('signed_out');
    worker.answer('changePermissions', (request) => config({ scopes: request.scopes as never }));
    fireEvent.click(permissionSwitch('See your receipts'));
    await screen.findByText('Saved. Connect will ask for what is switched on.');
    expect(worker.asked('changePermissions').map((r) => r.scopes)).toEqual([
      ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_RECEIPTS'],
    ]);
    expect(permissionSwitch('See your receipts').checked).toBe(true);
  });

  it('is usable with the keyboard alone: the focus stays on a switch through its save, so the same key switches it back', async () => {
    await opened('signed_out');
    const saving = worker.hold('changePermissions');
    worker.answer('changePermissions', (request) => config({ scopes: request.scopes as never }));
    const open = permissionSwitch('Open your letters');
    open.focus();
    // Space on the focused switch: the browser's own click on it.
    fireEvent.click(open);
    // While it is saved, not disabled: the browser would take the focus off a disabled control.
    const asked = await saving.asked;
    expect(open.disabled).toBe(false);
    saving.answer(config({ scopes: asked.scopes as never }));
    await screen.findByText('Saved. Connect will ask for what is switched on.');
    expect(permissionSwitch('Open your letters').checked).toBe(true);
    // Still on the same switch once the page has drawn the save (not one drawn anew in its place).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(open);
    fireEvent.click(document.activeElement ?? document.body);
    await waitFor(() => expect(permissionSwitch('Open your letters').checked).toBe(false));
    expect(worker.asked('changePermissions')).toHaveLength(2);
  });

  it('signed in, managing letters is one switch and one consent: filing, deleting and uploading asked for together', async () => {
    await opened('signed_in');
    const change = worker.hold('changePermissions');
    fireEvent.click(permissionSwitch('Manage your letters'));
    await screen.findByText('Approve the change in Digipost’s window…');
    expect((await change.asked).scopes).toEqual([
      'READ_ACCOUNT_INFO',
      'READ_DOCUMENT_META_INFO',
      'UPDATE_DOCUMENT',
      'DELETE_DOCUMENT',
      'UPLOAD_DOCUMENT',
    ]);
    change.answer(
      config({ scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'] }),
    );
    await screen.findByText('Done. Digipost now allows what is switched on.');
    expect(worker.asked('changePermissions')).toHaveLength(1);
    expect(permissionSwitch('Manage your letters').checked).toBe(true);
    // Off takes all three away, in one change again.
    worker.answer('changePermissions', (request) => config({ scopes: request.scopes as never }));
    fireEvent.click(permissionSwitch('Manage your letters'));
    await waitFor(() => expect(worker.asked('changePermissions')).toHaveLength(2));
    expect(worker.asked('changePermissions')[1]?.scopes).toEqual(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']);
    await waitFor(() => expect(permissionSwitch('Manage your letters').checked).toBe(false));
  });

  it('a switch kept in part by an older version shows off, and switching it on asks for the rest only', async () => {
    await opened('signed_out', { scopes: ['READ_DOCUMENT_META_INFO', 'DELETE_DOCUMENT'] });
    worker.answer('changePermissions', (request) => config({ scopes: request.scopes as never }));
    expect(permissionSwitch('Manage your letters').checked).toBe(false);
    fireEvent.click(permissionSwitch('Manage your letters'));
    await screen.findByText('Saved. Connect will ask for what is switched on.');
    expect(worker.asked('changePermissions').map((r) => r.scopes)).toEqual([
      ['READ_DOCUMENT_META_INFO', 'DELETE_DOCUMENT', 'UPDATE_DOCUMENT', 'UPLOAD_DOCUMENT'],
    ]);
  });

  it('signed in, switching one on waits for the consent window, and keeps it once approved', async () => {
    await opened('signed_in');
    const change = worker.hold('changePermissions');
    fireEvent.click(permissionSwitch('See your receipts'));
    await screen.findByText('Approve the change in Digipost’s window…');
    expect((await change.asked).scopes).toEqual(['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_RECEIPTS']);
    expect(permissionSwitch('See your receipts').checked).toBe(true);
    // No second change while the window is open: a click on another switch changes nothing and asks nothing.
    expect(permissionSwitch('Open your letters').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(permissionSwitch('Open your letters'));
    expect(permissionSwitch('Open your letters').checked).toBe(false);
    expect(worker.asked('changePermissions')).toHaveLength(1);
    // Yet none is disabled: the browser takes the focus off a disabled control, and a person who
    // switched this one with the keyboard would be left at the top of the page.
    expect(
      within(screen.getByRole('region', { name: 'What the extension may do' }))
        .getAllByRole<HTMLInputElement>('switch')
        .filter((s) => s.disabled),
    ).toEqual([]);
    change.answer(config({ scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_RECEIPTS'] }));
    await screen.findByText('Done. Digipost now allows what is switched on.');
    expect(permissionSwitch('See your receipts').checked).toBe(true);
    await screen.findByRole('heading', { name: 'Kari Nordmann' });
  });

  it.each([
    ['refuses', { code: 'oauth_access_denied' }],
    ['closes the window', { code: 'signin_cancelled' }],
  ] as const)('signed in, the person %s: the switch goes back and the page says nothing changed', async (_, error) => {
    await opened('signed_in');
    const change = worker.hold('changePermissions');
    fireEvent.click(permissionSwitch('Open your letters'));
    await change.asked;
    change.fail(error);
    await screen.findByText('Nothing changed: the extension may do what it could before, and you are still signed in.');
    expect(permissionSwitch('Open your letters').checked).toBe(false);
    expect(permissionSwitch('Open your letters').disabled).toBe(false);
    // Their own choice: no error alert.
    expect(screen.queryByRole('alert')).toBeNull();
    screen.getByRole('button', { name: 'Sign out' });
  });

  it('what a switch said of the session is gone once the person signs out', async () => {
    await opened('signed_in');
    worker.fail('changePermissions', { code: 'oauth_access_denied' });
    fireEvent.click(permissionSwitch('Open your letters'));
    await screen.findByText(/^Nothing changed/);
    worker.answer('signOut', { state: 'signed_out' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Not connected' });
    expect(screen.queryByText(/^Nothing changed/)).toBeNull();
    screen.getByText('Choose what Digipost will ask you to allow when you connect.');
  });

  it('a failure that is not the person’s choice is shown too, and the switch goes back', async () => {
    await opened('signed_in');
    worker.fail('changePermissions', { code: 'network' });
    fireEvent.click(permissionSwitch('Open your letters'));
    await screen.findByRole('alert');
    screen.getByText('Nothing changed: the extension may do what it could before, and you are still signed in.');
    expect(permissionSwitch('Open your letters').checked).toBe(false);
  });

  it('switching one off asks again too, for the smaller set; the last one stays on', async () => {
    await opened('signed_in', { scopes: ['READ_DOCUMENT_META_INFO', 'READ_RECEIPTS'] });
    worker.answer('changePermissions', (request) => config({ scopes: request.scopes as never }));
    fireEvent.click(permissionSwitch('See your receipts'));
    await screen.findByText('Done. Digipost now allows what is switched on.');
    expect(worker.asked('changePermissions').map((r) => r.scopes)).toEqual([['READ_DOCUMENT_META_INFO']]);
    expect(permissionSwitch('See your receipts').checked).toBe(false);
    fireEvent.click(permissionSwitch('See your letters'));
    await screen.findByText('Keep at least one switched on: without any, the extension can do nothing.');
    expect(permissionSwitch('See your letters').checked).toBe(true);
    expect(worker.asked('changePermissions')).toHaveLength(1);
  });

  it('the publisher’s settings are folded away once configured, with the secret in a password field', async () => {
    await opened('signed_in');
    expect(publisher().open).toBe(false);
    expect(field('Service address').value).toBe('https://www.digipost.no');
    expect(field('Client ID').value).toBe('my-client');
    expect(field('Client secret').type).toBe('password');
    expect(field('Redirect URI').value).toBe(`https://${extension.api.runtime.id}.chromiumapp.org/`);
    expect(field('Redirect URI').readOnly).toBe(true);
  });

  it('nothing configured: the card says so, and the publisher’s settings are open', async () => {
    await opened('not_configured', { clientId: '', clientSecret: '' });
    screen.getByRole('heading', { name: 'Not set up yet' });
    expect(publisher().open).toBe(true);
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it('explains each invalid field beside it, opens the section it is in, and saves nothing', async () => {
    await opened();
    type('Service address', 'http://example.com');
    type('Client ID', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    const address = await screen.findByText(
      'The address must start with https:// (plain http:// only for this computer, such as 127.0.0.1).',
    );
    expect(publisher().open).toBe(true);
    expect(field('Service address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Service address').getAttribute('aria-describedby')?.split(' ')).toContain(address.id);
    screen.getByText('Enter the client ID.');
    expect(field('Client ID').getAttribute('aria-invalid')).toBe('true');
    expect(field('Client secret').getAttribute('aria-invalid')).toBeNull();
    // An address with a user name and password in it is refused in words too.
    type('Service address', 'https://user:pw@www.digipost.no');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await screen.findByText(/must not contain a user name or password/);
    expect(worker.asked('saveConfig')).toEqual([]);
    expect(extension.permissionRequests).toEqual([]);
  });

  it('one message at a time: a save after a switch says "Saved." alone, and a switch after a save says its own note alone', async () => {
    await opened('signed_out');
    worker.answer('changePermissions', (request) => config({ scopes: request.scopes as never }));
    worker.answer('saveConfig', stored);
    fireEvent.click(permissionSwitch('See your receipts'));
    await screen.findByText('Saved. Connect will ask for what is switched on.');
    type('Client secret', 'another-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await screen.findByText('Saved.');
    // The switch's note is gone from sight (it keeps its room, unseen, so nothing below it moves).
    const old = screen.queryByText('Saved. Connect will ask for what is switched on.');
    expect(old === null || old.getAttribute('aria-hidden') === 'true').toBe(true);
    fireEvent.click(permissionSwitch('See your receipts'));
    await waitFor(() => expect(screen.queryByText('Saved.')).toBeNull());
    await screen.findByText('Saved. Connect will ask for what is switched on.');
  });

  it('saves a change of the connection that keeps it with a plain "Saved.", with the permissions and the letter settings as they are', async () => {
    await opened('signed_in', { pollMinutes: 15, notify: true });
    extension.held.add('notifications');
    await openPage('options');
    await screen.findByRole('heading', { name: 'What the extension may do' });
    worker.answer('saveConfig', stored);
    type('Client secret', 'another-secret');
    expect(screen.queryByText(/Saving will sign you out/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(worker.asked('saveConfig').map(({ config: c }) => [c.clientSecret, c.pollMinutes, c.notify, c.scopes])).toEqual([
      ['another-secret', 15, true, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO']],
    ]);
    // The browser was asked for the service's address and notifications (both held: no prompt in a real browser).
    expect(extension.permissionRequests).toEqual([{ origins: ['https://www.digipost.no/*'], permissions: ['notifications'] }]);
  });

  it('a save that signs out says so before and after, with Connect to connect again at once', async () => {
    await opened('signed_in');
    worker.answer('saveConfig', stored);
    type('Client ID', 'other-client');
    await screen.findByText('Saving will sign you out, because the client ID changed. You can connect again right after.');
    worker.answer('getStatus', { state: 'signed_out' });
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    const status = await screen.findByText(/^Saved\. You were signed out because the client ID changed;/);
    expect(status.textContent).toBe(
      'Saved. You were signed out because the client ID changed; access given before does not carry over. Connect again to continue.',
    );
    expect(screen.queryByText(/Saving will sign you out/)).toBeNull();
    screen.getByRole('heading', { name: 'Not connected' });

    const connect = worker.hold('connect');
    const row = status.closest('.save-result');
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Connect' }));
    await screen.findByText('Connecting…');
    worker.answer('getStatus', { state: 'signed_in', scopes: config().scopes });
    connect.answer({ state: 'signed_in', scopes: config().scopes });
    await screen.findByText('Connected.');
    await screen.findByRole('heading', { name: 'Kari Nordmann' });
  });

  it('names the change of service address before the save signs out', async () => {
    await opened('signed_in');
    type('Service address', 'https://digipost.example.org');
    await screen.findByText('Saving will sign you out, because the service address changed. You can connect again right after.');
    type('Service address', 'https://www.digipost.no');
    await waitFor(() => expect(screen.queryByText(/Saving will sign you out/)).toBeNull());
  });

  it('refused access to the service address: says so, and saves nothing', async () => {
    await opened();
    extension.grantsPermissions = false;
    type('Service address', 'https://digipost.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert-message')?.textContent).toBe(
      'The browser did not give the extension access to this service address, so it cannot connect to it.',
    );
    expect(extension.permissionRequests).toEqual([{ origins: ['https://digipost.example.org/*'] }]);
    expect(worker.asked('saveConfig')).toEqual([]);
  });
  it('has no Save for the settings of new letters: they are a choice and a switch, shown as saved', async () => {
    await opened('signed_in', { pollMinutes: 15 });
    const section = screen.getByRole('region', { name: 'New letters' });
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).getByRole<HTMLSelectElement>('combobox', { name: 'Check for new letters' }).value).toBe('15');
    expect(within(section).getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' }).checked).toBe(false);
    // The only Save left is the connection's own, inside its section.
    expect(screen.getAllByRole('button', { name: /^Save/ }).map((b) => [b.textContent, publisher().contains(b)])).toEqual([
      ['Save connection', true],
    ]);
  });

  it('the notifications switch saves at once: the browser is asked from the click, then the worker, and the page says it is saved', async () => {
    await opened('signed_in');
    const change = worker.hold('changeLetterSettings');
    const notify = screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' });
    fireEvent.click(notify);
    expect(extension.permissionRequests).toEqual([{ permissions: ['notifications'] }]);
    expect(await change.asked).toEqual({ type: 'changeLetterSettings', notify: true });
    expect(notify.checked).toBe(true);
    await screen.findByText('Saving…');
    change.answer(config({ notify: true }));
    await screen.findByText('Saved.');
    expect(notify.checked).toBe(true);
    expect(worker.asked('saveConfig')).toEqual([]);
    // Off saves at once too, and gives the permission back.
    worker.answer('changeLetterSettings', (request) => config({ notify: request.notify ?? false }));
    fireEvent.click(notify);
    await waitFor(() => expect(worker.asked('changeLetterSettings')).toHaveLength(2));
    expect(worker.asked('changeLetterSettings')[1]).toEqual({ type: 'changeLetterSettings', notify: false });
    await waitFor(() => expect(extension.held.has('notifications')).toBe(false));
    expect(notify.checked).toBe(false);
  });

  it('a notifications switch the worker could not save goes back, and says so in words', async () => {
    await opened('signed_in');
    worker.fail('changeLetterSettings', { code: 'internal' });
    const notify = screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' });
    fireEvent.click(notify);
    await screen.findByText('Not saved: the setting is as it was.');
    await screen.findByRole('alert');
    expect(notify.checked).toBe(false);
  });

  it('refused by the browser, the notifications switch goes back without asking the worker, and says why', async () => {
    await opened('signed_in');
    extension.grantsPermissions = false;
    const notify = screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' });
    fireEvent.click(notify);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert-message')?.textContent).toBe(
      'The browser did not allow the extension to show notifications. To switch them on, choose Allow when the browser asks.',
    );
    screen.getByText('Not saved: the setting is as it was.');
    expect(notify.checked).toBe(false);
    expect(worker.asked('changeLetterSettings')).toEqual([]);
  });

  it('shows notifications off where the browser has taken the permission back', async () => {
    await opened('signed_in', { notify: true });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' }).checked).toBe(false);
  });

  it('the check interval saves at once when chosen, and goes back if it could not be saved', async () => {
    await opened('signed_in');
    const every = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Check for new letters' });
    expect([...every.options].map((o) => o.textContent)).toEqual([
      'Every minute',
      'Every 5 minutes',
      'Every 10 minutes',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every 60 minutes',
    ]);
    worker.answer('changeLetterSettings', (request) => config({ pollMinutes: request.pollMinutes ?? 5 }));
    fireEvent.change(every, { target: { value: '30' } });
    await screen.findByText('Saved.');
    expect(worker.asked('changeLetterSettings')).toEqual([{ type: 'changeLetterSettings', pollMinutes: 30 }]);
    expect(every.value).toBe('30');
    worker.fail('changeLetterSettings', { code: 'internal' });
    fireEvent.change(every, { target: { value: '1' } });
    await screen.findByText('Not saved: the setting is as it was.');
    expect(every.value).toBe('30');
  });

  it('an interval an older version stored, not among the choices, is offered and kept', async () => {
    await opened('signed_in', { pollMinutes: 7 });
    const every = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Check for new letters' });
    expect(every.value).toBe('7');
    expect(every.selectedOptions[0]?.textContent).toBe('Every 7 minutes');
  });
});

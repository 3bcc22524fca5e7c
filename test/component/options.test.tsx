import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { validateConfigInput } from '../../src/config/config.ts';
import type { Request } from '../../src/protocol/messages.ts';
import { extension } from '../support/fake-extension.ts';
import { config } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The options page (src/options/Options.tsx): what it shows as opened, how it refuses what it
 * cannot save, and what it says when a save ends the connection. Layout, fonts, the keyboard and
 * the real permission prompt stay in test/e2e/options.e2e.ts.
 */

const { worker } = extension;

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function type(label: string, value: string): void {
  fireEvent.input(field(label), { target: { value } });
}

/** The worker's answer to saveConfig: what the page sent, as the worker stores it. */
function stored(request: Extract<Request, { type: 'saveConfig' }>) {
  const checked = validateConfigInput(request.config);
  if (!checked.ok) throw new Error(`the page saved an invalid configuration: ${JSON.stringify(checked.problems)}`);
  return config(checked.config);
}

async function opened(status: 'signed_in' | 'signed_out' = 'signed_out'): Promise<void> {
  worker.answer('getConfig', config());
  worker.answer('getStatus', status === 'signed_in' ? { state: 'signed_in', scopes: config().scopes } : { state: 'signed_out' });
  await openPage('options');
  await screen.findByLabelText('Service address');
}

describe('the options page', () => {
  it('says it is loading until the worker has answered', async () => {
    const held = worker.hold('getConfig');
    worker.answer('getStatus', { state: 'signed_out' });
    await openPage('options');
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    held.answer(config());
    await screen.findByLabelText('Service address');
  });

  it('as opened: the stored settings, the permissions in words, and the redirect URI to register', async () => {
    await opened();
    screen.getByRole('heading', { level: 1, name: 'Digipost Mailbox settings' });
    expect(field('Service address').value).toBe('https://www.digipost.no');
    expect(field('Client ID').value).toBe('my-client');
    expect(field('Client secret').value).toBe('my-secret');
    expect(field('Client secret').type).toBe('password');
    expect(field('Redirect URI').value).toBe(`https://${extension.api.runtime.id}.chromiumapp.org/`);
    expect(field('Redirect URI').readOnly).toBe(true);
    expect(field('Check for new letters every (minutes)').value).toBe('5');
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    const boxes = within(permissions).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.filter((box) => box.checked).map((box) => box.labels?.[0]?.textContent)).toEqual([
      'Read account information (name, date of birth, address, email address, telephone number).READ_ACCOUNT_INFO',
      'Read information about letters, not content and not information about confidential letters.READ_DOCUMENT_META_INFO',
    ]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Notify me of new letters' }).checked).toBe(false);
    // Signed out: nothing to warn about.
    expect(screen.queryByText(/Saving will sign you out/)).toBeNull();
  });

  it('explains each invalid field beside it and saves nothing', async () => {
    await opened();
    type('Service address', 'http://example.com');
    type('Client ID', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const address = await screen.findByText('The address must start with https:// (plain http:// only for this computer, such as 127.0.0.1).');
    expect(field('Service address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Service address').getAttribute('aria-describedby')?.split(' ')).toContain(address.id);
    screen.getByText('Enter the client ID.');
    expect(field('Client ID').getAttribute('aria-invalid')).toBe('true');
    expect(field('Client secret').getAttribute('aria-invalid')).toBeNull();
    expect(worker.asked('saveConfig')).toEqual([]);
    expect(extension.permissionRequests).toEqual([]);
  });

  it('says when no permission is chosen, and when the check interval is not a whole number of minutes', async () => {
    await opened();
    for (const box of within(screen.getByRole('group', { name: 'Permissions' })).getAllByRole<HTMLInputElement>('checkbox')) {
      if (box.checked) fireEvent.click(box);
    }
    type('Check for new letters every (minutes)', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose at least one permission.');
    screen.getByText('Enter a whole number of minutes from 1 to 1440.');
    expect(worker.asked('saveConfig')).toEqual([]);
  });

  it('saves a change that keeps the connection with a plain "Saved."', async () => {
    await opened('signed_in');
    worker.answer('saveConfig', stored);
    type('Check for new letters every (minutes)', '15');
    expect(screen.queryByText(/Saving will sign you out/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe('Saved.');
    expect(worker.asked('saveConfig').map((request) => request.config.pollMinutes)).toEqual([15]);
    // The browser was asked for the service's address (already held: no prompt in a real browser).
    expect(extension.permissionRequests).toEqual([{ origins: ['https://www.digipost.no/*'] }]);
  });

  it('a save that signs out says so before and after, with Connect to connect again at once', async () => {
    await opened('signed_in');
    worker.answer('saveConfig', stored);
    fireEvent.click(screen.getByRole('checkbox', { name: /READ_SETTINGS/ }));
    await screen.findByText('Saving will sign you out, because the permissions changed. You can connect again right after.');
    worker.answer('getStatus', { state: 'signed_out' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const status = await screen.findByText(/^Saved\. You were signed out because the permissions changed;/);
    expect(status.textContent).toBe('Saved. You were signed out because the permissions changed; access given before does not carry over. Connect again to continue.');
    expect(screen.queryByText(/Saving will sign you out/)).toBeNull();
    expect(worker.asked('saveConfig')[0]?.config.scopes).toContain('READ_SETTINGS');

    const connect = worker.hold('connect');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Connecting…');
    connect.answer({ state: 'signed_in', scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_SETTINGS'] });
    await screen.findByText('Connected.');
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it('names the change of service address before the save signs out', async () => {
    await opened('signed_in');
    type('Service address', 'https://digipost.example.org');
    await screen.findByText('Saving will sign you out, because the service address changed. You can connect again right after.');
    type('Service address', 'https://www.digipost.no');
    await expect.poll(() => screen.queryByText(/Saving will sign you out/)).toBeNull();
  });

  it('refused access to the service address: says so, and saves nothing', async () => {
    await opened();
    extension.grantsPermissions = false;
    type('Service address', 'https://digipost.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert-message')?.textContent).toBe('The browser did not give the extension access to this service address, so it cannot connect to it.');
    expect(extension.permissionRequests).toEqual([{ origins: ['https://digipost.example.org/*'] }]);
    expect(worker.asked('saveConfig')).toEqual([]);
  });
});

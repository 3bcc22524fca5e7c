import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Link } from '../../src/api/schemas.ts';
import { alertSettingsItem, type AlertSettings } from '../../src/storage/alert-items.ts';
import { needsItem, rootCacheItem } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { config, nothingDue, rootSnapshot, SERVICE } from './fixtures.ts';
import { openPage } from './page.ts';
import { opaqueKey } from '../../src/shared/opaque-key.ts';

/*
 * Alerts a person shapes (issue #48 point 3), as the settings page and the popup show them: a
 * switch per kind and per mailbox under "Notify me of new letters", Pause alerts for a while and
 * Resume, and the popup's small line while they are paused. Off until the person turns them on.
 */

const { worker } = extension;
const MEDIA = 'application/vnd.digipost-v2+json';
const OLA_INBOX = `${SERVICE}/post/api/private/accounts/2047/documents/inbox`;
const link = (relation: string, uri: string): Link => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

/** The worker's side of changeAlerts, over the same storage the page watches. */
function answerAlerts(): void {
  worker.answer('changeAlerts', async (request) => {
    const before = (extension.storage.local.data[alertSettingsItem.key] as AlertSettings | undefined) ?? { kindsOff: [], mailboxesOff: [] };
    const after: AlertSettings = {
      kindsOff: request.kindsOff ?? before.kindsOff,
      mailboxesOff: request.mailboxesOff ?? before.mailboxesOff,
      ...(request.pause === undefined
        ? 'pausedUntil' in before
          ? { pausedUntil: before.pausedUntil }
          : {}
        : request.pause === 'resume'
          ? {}
          : { pausedUntil: request.pause === 'resumed' ? null : Date.now() + 3_600_000 }),
    };
    await extension.storage.local.set({ [alertSettingsItem.key]: after });
    return after;
  });
}

async function openSettings(notify: boolean): Promise<void> {
  // On, as the browser leaves them once the person allowed notifications.
  if (notify) extension.held.add('notifications');
  worker.answer('getConfig', config({ notify }));
  worker.answer('getStatus', { state: 'signed_in', scopes: config().scopes });
  const snapshot = rootSnapshot();
  snapshot.root.mailbox = [{ name: 'Ola Nordmann', owner: false, unreadItemsInInbox: 1, link: [link('document_inbox', OLA_INBOX)] }];
  await extension.storage.session.set({ [rootCacheItem.key]: snapshot });
  worker.answer('getRoot', snapshot);
  answerAlerts();
  await openPage('options');
  await screen.findByRole('heading', { name: 'What the extension may do' });
}

const kindSwitch = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

describe('alerts in the settings', () => {
  it('stay off until the person turns them on: no kinds, mailboxes or pause to shape before', async () => {
    await openSettings(false);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Notify me of new letters' }).checked).toBe(false);
    expect(screen.queryByRole('group', { name: 'Alert me of' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'For an hour' })).toBeNull();
  });

  it('on: a switch per kind and per mailbox, each saved as it is switched, and kept when the page opens again', async () => {
    await openSettings(true);
    const kinds = await screen.findByRole('group', { name: 'Alert me of' });
    expect(
      within(kinds)
        .getAllByRole('switch')
        .map((s) => [s.parentElement?.textContent, (s as HTMLInputElement).checked]),
    ).toEqual([
      ['Other new letters', true],
      ['Invoices and debt collections', true],
      ['Parcels to fetch', true],
      ['Appointments', true],
    ]);
    fireEvent.click(kindSwitch('Other new letters'));
    await waitFor(() => expect(worker.asked('changeAlerts').at(-1)).toEqual({ type: 'changeAlerts', kindsOff: ['letters'] }));
    await waitFor(() => expect(kindSwitch('Other new letters').checked).toBe(false));

    const mailboxes = await screen.findByRole('group', { name: 'Alert me of letters to' });
    expect(
      within(mailboxes)
        .getAllByRole('switch')
        .map((s) => s.parentElement?.textContent),
    ).toEqual(['Kari Nordmann', 'Ola Nordmann']);
    fireEvent.click(within(mailboxes).getByRole('switch', { name: 'Ola Nordmann' }));
    // Kept by an opaque key, never by the inbox's address (which holds the account's number).
    const olaKey = await opaqueKey(OLA_INBOX);
    await waitFor(() => expect(worker.asked('changeAlerts').at(-1)).toEqual({ type: 'changeAlerts', mailboxesOff: [olaKey] }));
    expect(JSON.stringify(extension.storage.local.data)).not.toContain('2047');

    await openSettings(true);
    await waitFor(() => expect(kindSwitch('Other new letters').checked).toBe(false));
    expect(
      within(await screen.findByRole('group', { name: 'Alert me of letters to' })).getByRole<HTMLInputElement>('switch', {
        name: 'Ola Nordmann',
      }).checked,
    ).toBe(false);
  });

  it('a mailbox shared while the page is open gets its switch, as the worker’s root shows it', async () => {
    await openSettings(true);
    await screen.findByRole('group', { name: 'Alert me of letters to' });
    const snapshot = rootSnapshot();
    snapshot.root.mailbox = [
      { name: 'Ola Nordmann', owner: false, unreadItemsInInbox: 1, link: [link('document_inbox', OLA_INBOX)] },
      {
        name: 'Per Hansen',
        owner: false,
        unreadItemsInInbox: 0,
        link: [link('document_inbox', `${SERVICE}/post/api/private/accounts/3051/documents/inbox`)],
      },
    ];
    await extension.storage.session.set({ [rootCacheItem.key]: snapshot });
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Alert me of letters to' }))
          .getAllByRole('switch')
          .map((s) => s.parentElement?.textContent),
      ).toEqual(['Kari Nordmann', 'Ola Nordmann', 'Per Hansen']),
    );
  });

  it('Pause alerts: until when is said, and Resume ends it; a pause from the toolbar button’s menu shows here too', async () => {
    await openSettings(true);
    const pause = await screen.findByRole('group', { name: 'Pause alerts' });
    fireEvent.click(within(pause).getByRole('button', { name: 'Until I resume them' }));
    await waitFor(() => expect(within(pause).getByRole('status').textContent).toBe('Alerts paused until you resume them'));
    expect(worker.asked('changeAlerts').at(-1)).toEqual({ type: 'changeAlerts', pause: 'resumed' });
    fireEvent.click(within(pause).getByRole('button', { name: 'Resume alerts' }));
    await waitFor(() => within(pause).getByRole('button', { name: 'For an hour' }));
    // The menu's click is the worker's: it stores the pause, which the page follows.
    await extension.storage.local.set({ [alertSettingsItem.key]: { kindsOff: [], mailboxesOff: [], pausedUntil: Date.now() + 3_600_000 } });
    await waitFor(() =>
      expect(within(pause).getByRole('status').textContent).toMatch(/^Alerts paused until (\p{L}+ )?\d{1,2}:\d\d( [AP]M)?$/u),
    );
  });
});

describe('the popup while alerts are paused', () => {
  it('says so, and until when, in one small line under the header; nothing when they are not', async () => {
    const paused = rootSnapshot({ alertsNote: 'Alerts paused until Wednesday 7:00 AM' });
    await extension.storage.session.set({ [rootCacheItem.key]: paused, [needsItem.key]: nothingDue(paused) });
    worker.answer('getRoot', paused);
    await openPage('popup');
    await screen.findByRole('banner');
    await waitFor(() => expect(document.querySelector('.paused')?.textContent).toBe('Alerts paused until Wednesday 7:00 AM'));

    const resumed = rootSnapshot({ fetchedAt: Date.now() + 1000 });
    worker.answer('getRoot', resumed);
    await extension.storage.session.set({ [rootCacheItem.key]: resumed, [needsItem.key]: nothingDue(resumed) });
    await openPage('popup');
    await screen.findByRole('banner');
    expect(document.querySelector('.paused')).toBeNull();
  });
});

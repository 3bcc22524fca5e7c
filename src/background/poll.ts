import browser from 'webextension-polyfill';
import { isConfigured, type ExtensionConfig } from '../config/config.ts';
import { warn } from '../shared/warn.ts';
import { showSignedOut } from './badge.ts';
import { currentConfig } from './composition-root.ts';
import { getRootAndAnnounce } from './root-cache.ts';
import { session } from './composition-root.ts';

export const POLL_ALARM = 'poll-unread';

/** (Re)creates the alarm so its period follows the options page. */
export async function schedulePoll(config: ExtensionConfig): Promise<void> {
  const existing = await browser.alarms.get(POLL_ALARM);
  if (existing?.periodInMinutes === config.pollMinutes) return;
  await browser.alarms.create(POLL_ALARM, { periodInMinutes: config.pollMinutes, delayInMinutes: config.pollMinutes });
}

/** Keeps the badge true: the unread count while signed in, grey and empty otherwise. */
export async function refreshBadge(force: boolean): Promise<void> {
  const config = await currentConfig();
  if (!isConfigured(config) || (await session.status()).state !== 'signed_in') {
    await showSignedOut();
    return;
  }
  try {
    await getRootAndAnnounce(config, force);
  } catch (error) {
    // The Session has already cleared the badge if access ended; a passing failure keeps the last count.
    warn('Could not update the unread count', error);
  }
}

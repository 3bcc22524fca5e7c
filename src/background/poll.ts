import type { Alarms } from 'webextension-polyfill';
import type { Session } from '../auth/session.ts';
import { isConfigured, type ExtensionConfig } from '../config/config.ts';
import { isEndedByService } from '../shared/errors.ts';
import { warn } from '../shared/warn.ts';
import type { Badge } from './badge.ts';
import type { RootCache } from './root-cache.ts';

export const POLL_ALARM = 'poll-unread';

export interface PollDeps {
  alarms: Pick<Alarms.Static, 'get' | 'create'>;
  currentConfig: () => Promise<ExtensionConfig>;
  session: Pick<Session, 'status'>;
  badge: Badge;
  rootCache: Pick<RootCache, 'getRootAndAnnounce'>;
}

export interface Poll {
  /** (Re)creates the alarm so its period follows the options page. */
  schedulePoll: (config: ExtensionConfig) => Promise<void>;
  /** Keeps the badge true: the unread count while signed in, grey and empty otherwise, saying why (badge.ts). */
  refreshBadge: (force: boolean) => Promise<void>;
}

export function createPoll(deps: PollDeps): Poll {
  return {
    async schedulePoll(config) {
      const existing = await deps.alarms.get(POLL_ALARM);
      if (existing?.periodInMinutes === config.pollMinutes) return;
      await deps.alarms.create(POLL_ALARM, { periodInMinutes: config.pollMinutes, delayInMinutes: config.pollMinutes });
    },
    async refreshBadge(force) {
      const config = await deps.currentConfig();
      const status = isConfigured(config) ? await deps.session.status() : undefined;
      if (status?.state !== 'signed_in') {
        await deps.badge.showSignedOut(status?.reason !== undefined && isEndedByService(status.reason));
        return;
      }
      try {
        await deps.rootCache.getRootAndAnnounce(config, force);
      } catch (error) {
        // The Session has already greyed the badge if access ended; any other failure left the last
        // count on it, grey and said not to be current (root-cache.ts).
        warn('Could not update the unread count', error);
      }
    },
  };
}

// How the person shapes their alerts (issue #48 point 3): which kinds and mailboxes, and a pause
// for an hour, until tomorrow morning, or until resumed, from the toolbar button's right-click menu
// and from the settings. What to alert, given these, is notifications-plan.ts's; this module keeps
// the settings, ends a pause on time (an alarm), offers the menu's items and words the popup's line.
import type { Alarms, Menus } from 'webextension-polyfill';
import type { ExtensionConfig } from '../config/config.ts';
import { t } from '../shared/i18n.ts';
import { getItem, put, setItems, type StorageAreas } from '../storage/item.ts';
import { ALERT_KINDS, alertSettingsItem, isPaused, type AlertKind, type AlertSettings } from '../storage/alert-items.ts';
import { pausedLine } from '../model/alert-pause.ts';

/** The alarm that ends a pause on time (the worker may be asleep then). */
export const RESUME_ALARM = 'alerts-resume';

/** How long a pause lasts, as the menu and the settings offer it. */
export type PauseChoice = 'hour' | 'morning' | 'resumed';
const PAUSE_CHOICES: readonly PauseChoice[] = ['hour', 'morning', 'resumed'];

/** The hour of "tomorrow morning", local time. */
const MORNING_HOUR = 7;
/** Before this hour, "tomorrow morning" is this morning: a pause at 02:00 ends at 07:00, not a day later. */
const NIGHT_ENDS_HOUR = 5;

/** When a pause chosen at `now` ends: epoch milliseconds, or null until resumed. Local time. */
export function pauseEnd(choice: PauseChoice, now: number): number | null {
  if (choice === 'resumed') return null;
  if (choice === 'hour') return now + 3_600_000;
  const morning = new Date(now);
  if (morning.getHours() >= NIGHT_ENDS_HOUR) morning.setDate(morning.getDate() + 1);
  morning.setHours(MORNING_HOUR, 0, 0, 0);
  return morning.getTime();
}

const MENU_PREFIX = 'alerts-';
const PAUSE_MENU = `${MENU_PREFIX}pause`;
const RESUME_MENU = `${MENU_PREFIX}resume`;

type MenuItem = Pick<Menus.CreateCreatePropertiesType, 'id' | 'title' | 'contexts' | 'parentId'>;

export interface AlertsDeps {
  storage: Pick<StorageAreas, 'local'>;
  /** Milliseconds since the epoch. */
  now: () => number;
  alarms: Pick<Alarms.Static, 'create' | 'clear'>;
  currentConfig: () => Promise<ExtensionConfig>;
  /** After a pause begins or ends: the menu and the popup's line follow. */
  changed: () => Promise<void>;
}

/** A change of the settings' alert switches, or of the pause: the fields given, the rest as stored. */
export interface AlertChange {
  kindsOff?: AlertKind[] | undefined;
  mailboxesOff?: string[] | undefined;
  pause?: PauseChoice | 'resume' | undefined;
}

export function createAlerts(deps: AlertsDeps) {
  const { storage } = deps;
  const read = () => getItem(storage, alertSettingsItem);

  async function change(asked: AlertChange): Promise<AlertSettings> {
    const before = await read();
    const now = deps.now();
    const after: AlertSettings = {
      kindsOff: asked.kindsOff ? ALERT_KINDS.filter((kind) => asked.kindsOff?.includes(kind)) : before.kindsOff,
      mailboxesOff: asked.mailboxesOff ? [...new Set(asked.mailboxesOff)] : before.mailboxesOff,
    };
    const until = asked.pause === undefined ? before.pausedUntil : asked.pause === 'resume' ? undefined : pauseEnd(asked.pause, now);
    if (until !== undefined) after.pausedUntil = until;
    await setItems(storage, put(alertSettingsItem, after));
    if (asked.pause !== undefined) {
      await deps.alarms.clear(RESUME_ALARM);
      if (typeof until === 'number') await deps.alarms.create(RESUME_ALARM, { when: until });
      await deps.changed();
    }
    return after;
  }

  /** A pause whose time has come ends (its alarm, or a start after the browser was closed through it). */
  async function endPauseIfOver(): Promise<void> {
    const alerts = await read();
    if (typeof alerts.pausedUntil === 'number' && alerts.pausedUntil <= deps.now()) await change({ pause: 'resume' });
  }

  /**
   * At the worker's start: a pause that is over ends, and one still running gets its alarm again.
   * Firefox keeps no alarm across a restart of the browser, and without it the pause would stay
   * said as running (the menu's Resume, the popup's line) long after it ended.
   */
  async function keepPauseOnTime(): Promise<void> {
    await endPauseIfOver();
    const { pausedUntil } = await read();
    if (typeof pausedUntil === 'number') await deps.alarms.create(RESUME_ALARM, { when: pausedUntil });
  }

  /** The toolbar button's right-click items, while alerts are on: Pause alerts ▸ three lengths, or Resume alerts. */
  async function menuItems(): Promise<MenuItem[]> {
    if (!(await deps.currentConfig()).notify) return [];
    if (isPaused(await read(), deps.now())) return [{ id: RESUME_MENU, title: t('alerts_resume'), contexts: ['action'] }];
    return [
      { id: PAUSE_MENU, title: t('alerts_pause'), contexts: ['action'] },
      ...PAUSE_CHOICES.map((choice): MenuItem => ({
        id: `${PAUSE_MENU}-${choice}`,
        parentId: PAUSE_MENU,
        title: t(`alerts_pause_${choice}`),
        contexts: ['action'],
      })),
    ];
  }

  /** A click on one of those items; false for an item that is not one of them. */
  async function menuClicked(id: string | number): Promise<boolean> {
    if (id === RESUME_MENU) {
      await change({ pause: 'resume' });
      return true;
    }
    const choice = PAUSE_CHOICES.find((one) => id === `${PAUSE_MENU}-${one}`);
    if (!choice) return false;
    await change({ pause: choice });
    return true;
  }

  return {
    read,
    change,
    endPauseIfOver,
    keepPauseOnTime,
    menuItems,
    menuClicked,
    /** The popup's line while paused (pausedLine), now; none while alerts are off, as there is nothing to pause. */
    note: async () => ((await deps.currentConfig()).notify ? pausedLine(await read(), deps.now()) : undefined),
  };
}

export type Alerts = ReturnType<typeof createAlerts>;

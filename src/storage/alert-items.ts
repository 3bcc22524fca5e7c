// The person's shaping of alerts (issue #48), read by the worker and the settings page: an item of
// its own file, so the popup, which reads page-items.ts, carries none of it.
import { defineItem, type Checked } from './item.ts';
import { isObject } from './page-items.ts';

/** The kinds of new letters a person may be alerted of, each switched on or off in the settings (issue #48). */
export type AlertKind = 'letters' | 'invoices' | 'parcels' | 'appointments';
export const ALERT_KINDS: readonly AlertKind[] = ['letters', 'invoices', 'parcels', 'appointments'];

/** How the person shaped their alerts (whether alerts are on at all is the configuration's `notify`). */
export interface AlertSettings {
  /** The kinds switched off: every kind is on until the person switches it off. */
  kindsOff: AlertKind[];
  /**
   * The mailboxes whose new letters are not alerted, by opaque key (shared/opaque-key.ts) of their
   * MailboxNav.id ('' the person's own, a shared one's inbox link): no account's address on disk.
   */
  mailboxesOff: string[];
  /** While alerts are paused: until when (epoch milliseconds), or null until the person resumes them. */
  pausedUntil?: number | null;
}

/** Whether alerts are paused at `now`: until a time not yet come, or until resumed (null). */
export function isPaused(alerts: AlertSettings, now: number): boolean {
  return alerts.pausedUntil === null || (alerts.pausedUntil !== undefined && alerts.pausedUntil > now);
}

const everyAlert: AlertSettings = { kindsOff: [], mailboxesOff: [] };

function checkAlertSettings(value: unknown): Checked<AlertSettings> {
  if (!isObject(value)) return { ok: false, problem: 'not alert settings' };
  const strings = (list: unknown) => (Array.isArray(list) ? list.filter((one): one is string => typeof one === 'string') : []);
  const { pausedUntil } = value;
  return {
    ok: true,
    value: {
      kindsOff: strings(value.kindsOff).filter((kind): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind)),
      mailboxesOff: strings(value.mailboxesOff),
      ...(pausedUntil === null || typeof pausedUntil === 'number' ? { pausedUntil } : {}),
    },
  };
}

/**
 * storage.local: the person's shaping of alerts (kinds, mailboxes, a pause). Nothing personal: a
 * mailbox is named by an opaque key, a hash of its inbox's address. Absent in a profile from before
 * issue #48: every kind and mailbox on, not paused, so an update changes nothing a person chose.
 */
export const alertSettingsItem = defineItem({ key: 'alertSettings', area: 'local', check: checkAlertSettings, fallback: everyAlert });

// The line the popup (the worker writes it into the root's cache) and the settings show while
// alerts are paused: one wording for both.
import { t, uiLanguage } from '../shared/i18n.ts';
import { isPaused, type AlertSettings } from '../storage/alert-items.ts';

/**
 * The popup's and the settings' line while alerts are paused: "Alerts paused until 08:15", with the
 * weekday when it ends on another day than `now` ("until Wednesday 07:00"), which stays true however
 * long the line is shown. Undefined when not paused.
 */
export function pausedLine(alerts: AlertSettings, now: number, locale = uiLanguage()): string | undefined {
  if (!isPaused(alerts, now)) return undefined;
  const until = alerts.pausedUntil;
  if (until === null || until === undefined) return t('alerts_paused');
  const sameDay = new Date(until).toDateString() === new Date(now).toDateString();
  const when = new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : { weekday: 'long' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(until);
  return t('alerts_paused_until', when);
}

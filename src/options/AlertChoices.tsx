import { useEffect, useState } from 'preact/hooks';
import { mailboxIdOf, sharedMailboxes } from '../api/inbox.ts';
import type { RootSnapshot } from '../api/root-snapshot.ts';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import { browserAreas, watchItem } from '../storage/browser-areas.ts';
import { getItem } from '../storage/item.ts';
import { rootCacheItem } from '../storage/page-items.ts';
import { opaqueKey } from '../shared/opaque-key.ts';
import { pausedLine } from '../model/alert-pause.ts';
import { ALERT_KINDS, alertSettingsItem, type AlertKind, type AlertSettings } from '../storage/alert-items.ts';
import { ErrorAlert } from '../ui/components.tsx';
import { ask } from '../ui/worker-client.ts';

/** The settings' words for each kind of alert. */
const KIND_LABELS: Record<AlertKind, string> = {
  letters: 'alert_kind_letters',
  invoices: 'alert_kind_invoices',
  parcels: 'alert_kind_parcels',
  appointments: 'alert_kind_appointments',
};

/** What the settings change at once: the fields given, the rest as stored. */
interface Change {
  kindsOff?: AlertKind[];
  mailboxesOff?: string[];
  pause?: 'hour' | 'morning' | 'resumed' | 'resume';
}

/**
 * Each mailbox the person may read, by name, with the key the settings keep it switched off by
 * (opaqueKey of its MailboxNav.id): the person's own first. None while signed out.
 */
async function mailboxesOf(cached: RootSnapshot | undefined): Promise<{ id: string; name: string }[]> {
  if (!cached) return [];
  const mailboxes = [
    { id: '', name: cached.root.primaryAccount?.fullName ?? '' },
    ...sharedMailboxes(cached.root).map((mailbox) => ({ id: mailboxIdOf(mailbox) ?? '', name: mailbox.name ?? '' })),
  ];
  return Promise.all(mailboxes.map(async ({ id, name }) => ({ id: await opaqueKey(id), name })));
}

/**
 * The person's shaping of alerts, under "Notify me of new letters" while it is on (issue #48): a
 * switch per kind, a switch per mailbox when one is shared with them, and Pause alerts (for an hour,
 * until tomorrow morning, until resumed) or Resume. Each is saved as it is switched; the toolbar
 * button's menu changes the same settings, and this follows it.
 */
export function AlertChoices() {
  const [alerts, setAlerts] = useState<AlertSettings | undefined>();
  const [mailboxes, setMailboxes] = useState<{ id: string; name: string }[]>([]);
  const [error, setError] = useState<ErrorInfo | undefined>();

  useEffect(() => {
    void getItem(browserAreas, alertSettingsItem).then(setAlerts, () => undefined);
    // The mailboxes shared with the person, by name, from the root the worker cached (signed in),
    // as it changes: a mailbox shared while the page is open gets its switch.
    const showMailboxes = (cached: RootSnapshot | undefined) => void mailboxesOf(cached).then(setMailboxes, () => undefined);
    void getItem(browserAreas, rootCacheItem).then(showMailboxes, () => undefined);
    const unwatchRoot = watchItem(rootCacheItem, showMailboxes);
    const unwatchAlerts = watchItem(alertSettingsItem, setAlerts);
    return () => {
      unwatchRoot();
      unwatchAlerts();
    };
  }, []);

  if (!alerts) return null;

  const change = async (asked: Change) => {
    setError(undefined);
    try {
      setAlerts(await ask({ type: 'changeAlerts', ...asked }));
    } catch (e) {
      setError(toErrorInfo(e));
    }
  };

  const toggled = <T,>(list: readonly T[], item: T, on: boolean) => (on ? list.filter((one) => one !== item) : [...list, item]);
  // Said as the popup says it (model/alert-pause.ts), in the page's language.
  const paused = pausedLine(alerts, Date.now(), uiLocale());

  return (
    <div class="alert-choices">
      <fieldset class="alert-group">
        <legend>{t('alerts_kinds')}</legend>
        {ALERT_KINDS.map((kind) => (
          <label key={kind} class="alert-switch">
            <input
              type="checkbox"
              role="switch"
              class="switch"
              checked={!alerts.kindsOff.includes(kind)}
              onChange={(e) => void change({ kindsOff: toggled(alerts.kindsOff, kind, e.currentTarget.checked) })}
            />
            {t(KIND_LABELS[kind])}
          </label>
        ))}
      </fieldset>
      {mailboxes.length > 1 ? (
        <fieldset class="alert-group">
          <legend>{t('alerts_mailboxes')}</legend>
          {mailboxes.map((mailbox) => (
            <label key={mailbox.id} class="alert-switch">
              <input
                type="checkbox"
                role="switch"
                class="switch"
                checked={!alerts.mailboxesOff.includes(mailbox.id)}
                onChange={(e) => void change({ mailboxesOff: toggled(alerts.mailboxesOff, mailbox.id, e.currentTarget.checked) })}
              />
              {mailbox.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div class="alert-group" role="group" aria-labelledby="alerts-pause-title">
        <p id="alerts-pause-title" class="alert-legend">
          {t('alerts_pause')}
        </p>
        {paused !== undefined ? (
          <p class="alert-paused">
            <span role="status">{paused}</span>{' '}
            <button type="button" onClick={() => void change({ pause: 'resume' })}>
              {t('alerts_resume')}
            </button>
          </p>
        ) : (
          <p class="alert-pause-choices">
            {(['hour', 'morning', 'resumed'] as const).map((choice) => (
              <button key={choice} type="button" onClick={() => void change({ pause: choice })}>
                {t(`alerts_pause_${choice}`)}
              </button>
            ))}
          </p>
        )}
      </div>
      <p class="hint">{t('alerts_idle_hint')}</p>
      {error ? <ErrorAlert error={error} /> : null}
    </div>
  );
}

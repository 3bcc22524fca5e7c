import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { PERMISSIONS, type Permission } from '../config/permissions.ts';
import { validateConfigInput, type ConfigProblem } from '../config/config.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import { checkServiceAddress } from '../config/service-address.ts';
import { toErrorInfo, type ErrorInfo } from '../errors.ts';
import type { StoredConfigView } from '../protocol/messages.ts';
import { Busy, ErrorAlert } from '../ui/components.tsx';
import { t } from '../ui/i18n.ts';
import { ask } from '../ui/worker-client.ts';

type Form = Omit<StoredConfigView, 'redirectUri' | 'scopes' | 'pollMinutes'> & { scopes: Permission[]; pollMinutes: string };

function problemText(problem: ConfigProblem): string {
  if (problem.field === 'baseUrl') return t(`problem_${problem.problem}`);
  return t(`problem_${problem.field}_${problem.problem}`);
}

function FieldError(props: { id: string; problems: readonly ConfigProblem[]; field: ConfigProblem['field'] }) {
  const mine = props.problems.filter((p) => p.field === props.field);
  if (mine.length === 0) return null;
  return (
    <p id={props.id} class="field-error">
      {mine.map(problemText).join(' ')}
    </p>
  );
}

type TextFieldName = Exclude<ConfigProblem['field'], 'scopes'>;

/** A labelled input whose problems, if any, are shown under it and announced with it. */
function TextField(props: {
  field: TextFieldName;
  label: string;
  value: string;
  type?: 'url' | 'password' | 'number';
  range?: { min: number; max: number };
  problems: readonly ConfigProblem[];
  onValue: (value: string) => void;
}) {
  const errorId = `${props.field}-error`;
  const invalid = props.problems.some((p) => p.field === props.field);
  return (
    <>
      <label for={props.field}>{props.label}</label>
      <input
        id={props.field}
        type={props.type ?? 'text'}
        value={props.value}
        autocomplete="off"
        {...props.range}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid ? errorId : undefined}
        onInput={(e) => props.onValue(e.currentTarget.value)}
      />
      <FieldError id={errorId} problems={props.problems} field={props.field} />
    </>
  );
}

const NOTIFICATIONS: browser.Permissions.Permissions = { permissions: ['notifications'] };

/**
 * Asks for access to the service's origin, and for the optional `notifications` permission when
 * notifications are switched on, in one request (one prompt). It must run straight from the click:
 * browsers refuse a request made after an unrelated await. It answers true at once when all is
 * already held.
 */
function ensurePermissions(baseUrl: string, notify: boolean): Promise<boolean> {
  const checked = checkServiceAddress(baseUrl);
  if (!checked.ok) return Promise.resolve(false);
  const origins = [serviceHostPermission(checked.origin)];
  return browser.permissions.request(notify ? { origins, ...NOTIFICATIONS } : { origins });
}

/** Which of the two was refused, to say so: the service's origin, or notifications. */
async function refusedPermission(baseUrl: string): Promise<ErrorInfo> {
  const checked = checkServiceAddress(baseUrl);
  const hostHeld = checked.ok && (await browser.permissions.contains({ origins: [serviceHostPermission(checked.origin)] }));
  return hostHeld ? { code: 'notifications_permission_refused' } : { code: 'host_permission_refused', detail: baseUrl };
}

export function Options() {
  const [form, setForm] = useState<Form | undefined>();
  const [redirectUri, setRedirectUri] = useState('');
  const [problems, setProblems] = useState<ConfigProblem[]>([]);
  const [error, setError] = useState<ErrorInfo | undefined>();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([ask({ type: 'getConfig' }), browser.permissions.contains(NOTIFICATIONS)]).then(
      ([config, notificationsHeld]) => {
        // Permission taken back in the browser's settings: the box says what will really happen.
        setForm({ ...config, notify: config.notify && notificationsHeld, pollMinutes: String(config.pollMinutes) });
        setRedirectUri(config.redirectUri);
      },
      (e: unknown) => setError(toErrorInfo(e)),
    );
  }, []);

  if (!form) return error ? <ErrorAlert error={error} /> : <Busy label={t('loading')} />;

  const update = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setSaved(false);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setSaved(false);
    const input = { ...form, pollMinutes: Number(form.pollMinutes) };
    const checked = validateConfigInput(input);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      if (!(await ensurePermissions(checked.config.baseUrl, checked.config.notify))) {
        setError(await refusedPermission(checked.config.baseUrl));
        return;
      }
      const stored = await ask({ type: 'saveConfig', config: checked.config });
      setForm({ ...stored, pollMinutes: String(stored.pollMinutes) });
      setSaved(true);
      // Switched off: the permission is given back (best effort; nothing depends on it).
      if (!stored.notify) browser.permissions.remove(NOTIFICATIONS).catch(() => undefined);
    } catch (e) {
      setError(toErrorInfo(e));
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    await navigator.clipboard.writeText(redirectUri);
    setCopied(true);
  };

  const describedBy = (field: ConfigProblem['field']) =>
    problems.some((p) => p.field === field) ? `${field}-error` : undefined;

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <h1>{t('options_title')}</h1>
      <p class="muted">{t('options_intro')}</p>

      <TextField
        field="baseUrl"
        label={t('label_service_address')}
        type="url"
        value={form.baseUrl}
        problems={problems}
        onValue={(baseUrl) => update({ baseUrl })}
      />
      <TextField
        field="clientId"
        label={t('label_client_id')}
        value={form.clientId}
        problems={problems}
        onValue={(clientId) => update({ clientId })}
      />
      <TextField
        field="clientSecret"
        label={t('label_client_secret')}
        type="password"
        value={form.clientSecret}
        problems={problems}
        onValue={(clientSecret) => update({ clientSecret })}
      />
      <p class="hint">{t('client_secret_hint')}</p>

      <fieldset aria-describedby={describedBy('scopes')}>
        <legend>{t('label_permissions')}</legend>
        {PERMISSIONS.map((permission) => (
          <div class="checkbox" key={permission}>
            <input
              id={`scope-${permission}`}
              type="checkbox"
              checked={form.scopes.includes(permission)}
              onChange={(e) =>
                update({
                  scopes: e.currentTarget.checked
                    ? [...form.scopes, permission]
                    : form.scopes.filter((p) => p !== permission),
                })
              }
            />
            <label for={`scope-${permission}`}>
              <code>{permission}</code> <span class="muted">{t(`permission_${permission}`)}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <FieldError id="scopes-error" problems={problems} field="scopes" />

      <TextField
        field="pollMinutes"
        label={t('label_poll_minutes')}
        type="number"
        range={{ min: 1, max: 1440 }}
        value={form.pollMinutes}
        problems={problems}
        onValue={(pollMinutes) => update({ pollMinutes })}
      />

      <div class="checkbox">
        <input
          id="notify"
          type="checkbox"
          checked={form.notify}
          aria-describedby="notify-hint"
          onChange={(e) => update({ notify: e.currentTarget.checked })}
        />
        <label for="notify">{t('label_notify')}</label>
      </div>
      <p id="notify-hint" class="hint">
        {t('notify_hint')}
      </p>

      <label for="redirectUri">{t('label_redirect_uri')}</label>
      <div class="copy-row">
        <input id="redirectUri" value={redirectUri} readOnly />
        <button type="button" onClick={() => void copy()}>
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <p class="hint">{t('redirect_uri_hint')}</p>

      {error ? <ErrorAlert error={error} /> : null}
      {saved ? (
        <p class="saved" role="status">
          {t('saved')}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={saving}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}

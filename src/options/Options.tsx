import { useEffect, useState } from 'preact/hooks';
import { ext as browser } from '../shared/ext.ts';
import { PERMISSIONS, type Permission } from '../shared/permissions.ts';
import { validateConfigInput, type ConfigInput, type ConfigProblem } from '../config/config.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import { NOTIFICATIONS_PERMISSION as NOTIFICATIONS } from '../config/notifications-permission.ts';
import { checkServiceAddress } from '../config/service-address.ts';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import type { StoredConfigView } from '../protocol/messages.ts';
import { Busy, ErrorAlert } from '../ui/components.tsx';
import { t, uiLocale } from '../shared/i18n.ts';
import { InfoIcon } from '../ui/icons.tsx';
import { RevocationNotice } from '../ui/RevocationNotice.tsx';
import { ask } from '../ui/worker-client.ts';
import { useWorkerEvent } from '../ui/worker-events.ts';

/** The settings a session belongs to: a change of any of them ends it (the worker signs out). */
type SessionField = 'baseUrl' | 'clientId' | 'scopes';

function sessionFieldsChanged(before: Pick<ConfigInput, SessionField>, after: Pick<ConfigInput, SessionField>): SessionField[] {
  const changed: SessionField[] = [];
  if (before.baseUrl !== after.baseUrl) changed.push('baseUrl');
  if (before.clientId !== after.clientId) changed.push('clientId');
  if ([...before.scopes].sort().join() !== [...after.scopes].sort().join()) changed.push('scopes');
  return changed;
}

/** "the service address and the permissions", in the page's language. */
function changeList(fields: readonly SessionField[]): string {
  return new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(fields.map((f) => t(`changed_${f}`)));
}

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

/** The service's fields, in the order the form shows them: message keys of their label and hint. */
const SERVICE_FIELDS: readonly { field: 'baseUrl' | 'clientId' | 'clientSecret'; label: string; hint: string; type?: 'url' | 'password' }[] = [
  { field: 'baseUrl', label: 'label_service_address', hint: 'service_address_hint', type: 'url' },
  { field: 'clientId', label: 'label_client_id', hint: 'client_id_hint' },
  { field: 'clientSecret', label: 'label_client_secret', hint: 'client_secret_hint', type: 'password' },
];

/** A labelled input with its hint; its problems, if any, are shown under it and announced with it. */
function TextField(props: {
  field: TextFieldName;
  label: string;
  hint?: string;
  value: string;
  type?: 'url' | 'password' | 'number' | undefined;
  range?: { min: number; max: number };
  problems: readonly ConfigProblem[];
  onValue: (value: string) => void;
}) {
  const errorId = `${props.field}-error`;
  const hintId = `${props.field}-hint`;
  const invalid = props.problems.some((p) => p.field === props.field);
  const describedBy = [invalid ? errorId : '', props.hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={props.field}>{props.label}</label>
      {props.hint ? (
        <p id={hintId} class="hint">
          {props.hint}
        </p>
      ) : null}
      <input
        id={props.field}
        type={props.type ?? 'text'}
        value={props.value}
        autocomplete="off"
        {...props.range}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(e) => props.onValue(e.currentTarget.value)}
      />
      <FieldError id={errorId} problems={props.problems} field={props.field} />
    </div>
  );
}

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

type Outcome =
  | { kind: 'saved'; connected: boolean }
  /** The save ended the session: which of the fields that belong to it changed. */
  | { kind: 'signed_out'; changed: SessionField[] }
  | { kind: 'connecting' }
  | { kind: 'connected' };

export function Options() {
  const [form, setForm] = useState<Form | undefined>();
  const [stored, setStored] = useState<ConfigInput | undefined>();
  const [signedIn, setSignedIn] = useState(false);
  const [redirectUri, setRedirectUri] = useState('');
  const [problems, setProblems] = useState<ConfigProblem[]>([]);
  const [error, setError] = useState<ErrorInfo | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [copied, setCopied] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([ask({ type: 'getConfig' }), browser.permissions.contains(NOTIFICATIONS), ask({ type: 'getStatus' })]).then(
      ([config, notificationsHeld, status]) => {
        // Permission taken back in the browser's settings: the box says what will really happen.
        setForm({ ...config, notify: config.notify && notificationsHeld, pollMinutes: String(config.pollMinutes) });
        setStored(config);
        setSignedIn(status.state === 'signed_in');
        setRedirectUri(config.redirectUri);
      },
      (e: unknown) => setError(toErrorInfo(e)),
    );
  }, []);

  // Signed out elsewhere (the popup, the end of access): a save can no longer sign anyone out.
  useWorkerEvent('sessionEnded', () => setSignedIn(false));

  if (!form) return error ? <ErrorAlert error={error} /> : <Busy label={t('loading')} />;

  const update = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setOutcome(undefined);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setOutcome(undefined);
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
      const changed = stored ? sessionFieldsChanged(stored, checked.config) : [];
      const saved = await ask({ type: 'saveConfig', config: checked.config });
      const status = await ask({ type: 'getStatus' });
      const connected = status.state === 'signed_in';
      setForm({ ...saved, pollMinutes: String(saved.pollMinutes) });
      setStored(saved);
      setOutcome(signedIn && !connected ? { kind: 'signed_out', changed } : { kind: 'saved', connected });
      setSignedIn(connected);
      // Switched off: the permission is given back (best effort; nothing depends on it).
      if (!saved.notify) browser.permissions.remove(NOTIFICATIONS).catch(() => undefined);
    } catch (e) {
      setError(toErrorInfo(e));
    } finally {
      setSaving(false);
    }
  };

  const connect = async () => {
    setError(undefined);
    setOutcome({ kind: 'connecting' });
    try {
      await ask({ type: 'connect' });
      setSignedIn(true);
      setOutcome({ kind: 'connected' });
    } catch (e) {
      setOutcome(undefined);
      setError(toErrorInfo(e));
    }
  };

  const copy = async () => {
    await navigator.clipboard.writeText(redirectUri);
    setCopied(true);
  };

  const describedBy = (field: ConfigProblem['field']) =>
    problems.some((p) => p.field === field) ? `${field}-error` : undefined;
  const pending = signedIn && stored ? sessionFieldsChanged(stored, form) : [];

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <h1>{t('options_title')}</h1>
      <p class="intro">{t('options_intro')}</p>
      <RevocationNotice />

      <section class="group" aria-labelledby="service-title">
        <h2 id="service-title">{t('options_service')}</h2>
        {SERVICE_FIELDS.map(({ field, label, hint, type }) => (
          <TextField
            key={field}
            field={field}
            label={t(label)}
            hint={t(hint)}
            type={type}
            value={form[field]}
            problems={problems}
            onValue={(value) => update({ [field]: value })}
          />
        ))}
        <div class="field">
          <label for="redirectUri">{t('label_redirect_uri')}</label>
          <p id="redirectUri-hint" class="hint">
            {t('redirect_uri_hint')}
          </p>
          <div class="copy-row">
            <input id="redirectUri" value={redirectUri} readOnly aria-describedby="redirectUri-hint" />
            <button type="button" onClick={() => void copy()}>
              {copied ? t('copied') : t('copy')}
            </button>
          </div>
        </div>
      </section>

      <fieldset class="group permissions" aria-describedby={['scopes-hint', describedBy('scopes')].filter(Boolean).join(' ')}>
        <legend>{t('label_permissions')}</legend>
        <p id="scopes-hint" class="hint">
          {t('permissions_hint')}
        </p>
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
              <span class="permission-text">{t(`permission_${permission}`)}</span>
              <code class="permission-code">{permission}</code>
            </label>
          </div>
        ))}
        <FieldError id="scopes-error" problems={problems} field="scopes" />
      </fieldset>

      <section class="group" aria-labelledby="letters-title">
        <h2 id="letters-title">{t('options_new_letters')}</h2>
        <TextField
          field="pollMinutes"
          label={t('label_poll_minutes')}
          hint={t('poll_minutes_hint')}
          type="number"
          range={{ min: 1, max: 1440 }}
          value={form.pollMinutes}
          problems={problems}
          onValue={(pollMinutes) => update({ pollMinutes })}
        />
        <div class="checkbox notify">
          <input
            id="notify"
            type="checkbox"
            checked={form.notify}
            aria-describedby="notify-hint"
            onChange={(e) => update({ notify: e.currentTarget.checked })}
          />
          <label for="notify">{t('label_notify')}</label>
        </div>
        <p id="notify-hint" class="hint checkbox-hint">
          {t('notify_hint')}
        </p>
      </section>

      {error ? <ErrorAlert error={error} /> : null}
      {pending.length > 0 && !outcome ? (
        <p class="consequence">
          <InfoIcon />
          {t('save_will_sign_out', changeList(pending))}
        </p>
      ) : null}
      <div class="save-row">
        <button type="submit" class="primary" disabled={saving}>
          {t('save')}
        </button>
        <SaveResult outcome={outcome} onConnect={() => void connect()} />
      </div>
    </form>
  );
}

function SaveResult(props: { outcome: Outcome | undefined; onConnect: () => void }) {
  const { outcome } = props;
  if (!outcome) return <p class="save-result" role="status" />;
  switch (outcome.kind) {
    case 'saved':
      return (
        <p class="save-result" role="status">
          {t('saved')}
        </p>
      );
    case 'signed_out':
      return (
        <div class="save-result signed-out" role="status">
          <p>{outcome.changed.length > 0 ? t('saved_signed_out', changeList(outcome.changed)) : t('saved_signed_out_plain')}</p>
          <button type="button" class="primary" onClick={props.onConnect}>
            {t('connect')}
          </button>
        </div>
      );
    case 'connecting':
      return (
        <div class="save-result" role="status">
          <Busy label={t('connecting')} />
        </div>
      );
    case 'connected':
      return (
        <p class="save-result" role="status">
          {t('connected_again')}
        </p>
      );
  }
}

import { useEffect, useState } from 'preact/hooks';
import { ext as browser } from '../shared/ext.ts';
import type { Permission } from '../shared/permissions.ts';
import { isConfigured, validateConfigInput, type ConfigInput, type ConfigProblem } from '../config/config.ts';
import { serviceHostPermission } from '../config/host-permission.ts';
import { NOTIFICATIONS_PERMISSION as NOTIFICATIONS } from '../config/notifications-permission.ts';
import { checkServiceAddress } from '../config/service-address.ts';
import { isNotConfigured, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import type { StoredConfigView } from '../protocol/messages.ts';
import { Busy, BusyButton, ErrorAlert } from '../ui/components.tsx';
import { useOneMessage } from '../ui/one-message.tsx';
import { t, uiLocale } from '../shared/i18n.ts';
import { InfoIcon } from '../ui/icons.tsx';
import { RevocationNotice } from '../ui/RevocationNotice.tsx';
import { ask } from '../ui/worker-client.ts';
import { sessionEndedEvent, signedInEvent, useWorkerEvent } from '../ui/worker-events.ts';
import { NewLetters, type LetterSettings } from './NewLetters.tsx';
import { answerOf, type PromptAnswer } from './permission-prompt.ts';
import { Shortcut } from './Shortcut.tsx';
import { PermissionSwitches } from './PermissionSwitches.tsx';
import { PublisherSettings } from './PublisherSettings.tsx';
import { connectionOf, personOf, WhoIsSignedIn, type Connection } from './WhoIsSignedIn.tsx';

/**
 * The settings of the form a session belongs to: a change of either ends it (the worker signs
 * out). The permissions are changed by their switches instead, which keep the session.
 */
type SessionField = 'baseUrl' | 'clientId';

function sessionFieldsChanged(before: Pick<ConfigInput, SessionField>, after: Pick<ConfigInput, SessionField>): SessionField[] {
  const changed: SessionField[] = [];
  if (before.baseUrl !== after.baseUrl) changed.push('baseUrl');
  if (before.clientId !== after.clientId) changed.push('clientId');
  return changed;
}

/** "the service address and the client ID", in the page's language. */
function changeList(fields: readonly SessionField[]): string {
  return new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(fields.map((f) => t(`changed_${f}`)));
}

/** The publisher's fields as typed, not yet saved. */
type Form = Pick<StoredConfigView, 'baseUrl' | 'clientId' | 'clientSecret'>;

/**
 * Asks for access to the service's origin, and for the optional `notifications` permission when
 * notifications are switched on, in one request (one prompt). It must run straight from the click:
 * browsers refuse a request made after an unrelated await. It answers true at once when all is
 * already held.
 */
function ensurePermissions(baseUrl: string, notify: boolean): Promise<PromptAnswer> {
  const checked = checkServiceAddress(baseUrl);
  if (!checked.ok) return Promise.resolve('refused');
  const origins = [serviceHostPermission(checked.origin)];
  // A host the manifest does not list (an address on this computer, in the published build) is refused by a throw: refused all the same.
  return answerOf(browser.permissions.request(notify ? { origins, ...NOTIFICATIONS } : { origins }));
}

/** Which of the two was refused, to say so: the service's origin, or notifications. */
async function refusedPermission(baseUrl: string): Promise<ErrorInfo> {
  const checked = checkServiceAddress(baseUrl);
  const hostHeld = checked.ok && (await browser.permissions.contains({ origins: [serviceHostPermission(checked.origin)] }));
  return hostHeld ? { code: 'notifications_permission_refused' } : { code: 'host_permission_refused', detail: baseUrl };
}

type Outcome =
  | { kind: 'saved' }
  /** The save ended the session: which of the fields that belong to it changed. */
  | { kind: 'signed_out'; changed: SessionField[] }
  | { kind: 'connected' };

/**
 * The person's own settings first (who, what the extension may do, new letters), each saved the
 * moment it is switched; the publisher's connection last, a form of its own with its own Save, since
 * its fields only make sense together and a change of them ends the session.
 */
export function Options() {
  const [form, setForm] = useState<Form | undefined>();
  const [letters, setLetters] = useState<LetterSettings | undefined>();
  const [stored, setStored] = useState<StoredConfigView | undefined>();
  const [connection, setConnection] = useState<Connection>({ kind: 'loading' });
  const [problems, setProblems] = useState<ConfigProblem[]>([]);
  const [error, setError] = useState<ErrorInfo | undefined>();
  const [saveError, setSaveError] = useState<ErrorInfo | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [saving, setSaving] = useState(false);
  const message = useOneMessage();
  // A sign-out from this page: the notice of a revocation still to do asks the worker again.
  const [signOuts, setSignOuts] = useState(0);
  const signedIn = connection.kind === 'signed_in';

  /** Who is signed in, by the root the worker has (or fetches): a name and an address, no token. */
  const showPerson = () => {
    ask({ type: 'getRoot' }).then(
      (snapshot) => setConnection((now) => (now.kind === 'signed_in' ? { kind: 'signed_in', person: personOf(snapshot.root) } : now)),
      () => undefined, // the card still says who is signed in, without the name
    );
  };

  const readStatus = async () => {
    const next = connectionOf(await ask({ type: 'getStatus' }));
    // Still signed in: the name stays on show until the root says whose the session is now.
    setConnection((now) => (now.kind === 'signed_in' && next.kind === 'signed_in' ? now : next));
    if (next.kind === 'signed_in') showPerson();
  };

  useEffect(() => {
    Promise.all([ask({ type: 'getConfig' }), browser.permissions.contains(NOTIFICATIONS), ask({ type: 'getStatus' })]).then(
      ([config, notificationsHeld, status]) => {
        setForm(publisherFields(config));
        // Permission taken back in the browser's settings: the switch says what will really happen.
        setLetters({ pollMinutes: config.pollMinutes, notify: config.notify && notificationsHeld });
        setStored(config);
        const next = connectionOf(status);
        setConnection(next);
        if (next.kind === 'signed_in') showPerson();
      },
      (e: unknown) => setError(toErrorInfo(e)),
    );
  }, []);

  // Signed out elsewhere (the popup, the end of access): a save can no longer sign anyone out.
  // Signed out while signed out: the end of access was dismissed elsewhere, and is not said here either.
  useWorkerEvent(sessionEndedEvent, ({ reason }) =>
    setConnection((now) =>
      now.kind === 'signed_in' || now.kind === 'signed_out'
        ? { kind: 'signed_out', reason: reason === 'ended' ? { code: 'session_ended' } : undefined }
        : now,
    ),
  );

  // Signed in elsewhere (the popup, a viewer tab): the card says who, and Sign out is offered.
  useWorkerEvent(signedInEvent, () => {
    if (connection.kind === 'signed_out') void readStatus();
  });

  if (!form || !letters || !stored) return error ? <ErrorAlert error={error} /> : <Busy label={t('loading')} />;

  const update = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setOutcome(undefined);
  };

  const connect = async () => {
    setConnection({ kind: 'connecting' });
    try {
      await ask({ type: 'connect' });
      await readStatus();
      setOutcome((now) => (now?.kind === 'signed_out' ? { kind: 'connected' } : now));
    } catch (e) {
      const reason = toErrorInfo(e);
      setConnection(isNotConfigured(reason) ? { kind: 'not_configured' } : { kind: 'signed_out', reason });
    }
  };

  const signOut = async () => {
    try {
      await ask({ type: 'signOut' });
      setConnection({ kind: 'signed_out' });
    } catch (e) {
      setError(toErrorInfo(e));
      message.speak();
    }
    setSignOuts((n) => n + 1);
  };

  const changeLetterSettings = async (change: Partial<LetterSettings>) => {
    const saved = await ask({ type: 'changeLetterSettings', ...change });
    setStored(saved);
    setLetters({ pollMinutes: saved.pollMinutes, notify: saved.notify });
  };

  const changePermissions = async (scopes: Permission[]) => {
    const saved = await ask({ type: 'changePermissions', scopes });
    setStored(saved);
    // A grant that replaced the session may be another person's: the card says whose it is now.
    if (signedIn) await readStatus();
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setSaveError(undefined);
    setOutcome(undefined);
    // A new save: what the page said before (a switch's note, the last save) is old news.
    message.speak();
    // The settings saved at once go along as they are: this form changes only its own fields.
    const input = { ...form, scopes: stored.scopes, ...letters };
    const checked = validateConfigInput(input);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      const answer = await ensurePermissions(checked.config.baseUrl, checked.config.notify);
      if (answer !== 'granted') {
        setSaveError(answer === 'unanswered' ? { code: 'permission_prompt_unanswered' } : await refusedPermission(checked.config.baseUrl));
        return;
      }
      const changed = sessionFieldsChanged(stored, checked.config);
      const saved = await ask({ type: 'saveConfig', config: checked.config });
      const status = await ask({ type: 'getStatus' });
      setForm(publisherFields(saved));
      setStored(saved);
      setOutcome(signedIn && status.state !== 'signed_in' ? { kind: 'signed_out', changed } : { kind: 'saved' });
      setConnection((now) => (now.kind === 'signed_in' && status.state === 'signed_in' ? now : connectionOf(status)));
    } catch (e) {
      setSaveError(toErrorInfo(e));
    } finally {
      setSaving(false);
      message.speak();
    }
  };

  const pending = signedIn ? sessionFieldsChanged(stored, form) : [];

  return (
    <div class="settings">
      <h1>{t('options_title')}</h1>
      <RevocationNotice key={signOuts} />
      <WhoIsSignedIn
        connection={connection}
        onConnect={() => void connect()}
        onSignOut={() => void signOut()}
        onDismiss={() => void signOut()}
      />
      {error ? <ErrorAlert error={error} /> : null}
      {/* Keyed by the connection: what a switch said about the session before is not news after. */}
      <PermissionSwitches key={String(signedIn)} scopes={stored.scopes} signedIn={signedIn} onChange={changePermissions} />
      <NewLetters settings={letters} onChange={changeLetterSettings} />
      <Shortcut />

      <form onSubmit={(e) => void save(e)} noValidate>
        <PublisherSettings
          values={form}
          redirectUri={stored.redirectUri}
          configured={isConfigured(stored)}
          problems={problems}
          onValue={(field, value) => update({ [field]: value })}
        >
          {saveError && message.heard ? <ErrorAlert error={saveError} /> : null}
          {pending.length > 0 && !outcome ? (
            <p class="consequence">
              <InfoIcon />
              {t('save_will_sign_out', changeList(pending))}
            </p>
          ) : null}
          <div class="save-row">
            <BusyButton type="submit" class="primary" busy={saving}>
              {t('publisher_save')}
            </BusyButton>
            <SaveResult outcome={message.heard ? outcome : undefined} onConnect={() => void connect()} />
          </div>
        </PublisherSettings>
      </form>
      {/* A copy shipped in the extension (build/privacy-page.ts): the statement of the
          version installed, readable offline, with no address outside the extension to keep up. */}
      <p class="privacy-link">
        <a href="/privacy.html" target="_blank" rel="noopener">
          {t('options_privacy_link')}
        </a>
      </p>
    </div>
  );
}

function publisherFields(config: StoredConfigView): Form {
  return { baseUrl: config.baseUrl, clientId: config.clientId, clientSecret: config.clientSecret };
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
    case 'connected':
      return (
        <p class="save-result" role="status">
          {t('connected_again')}
        </p>
      );
  }
}

import { useState } from 'preact/hooks';
import { isDeclined, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { OFFERED_PERMISSIONS, PERMISSION_SWITCHES, type PermissionSwitch } from '../shared/offered-permissions.ts';
import type { Permission } from '../shared/permissions.ts';
import { Busy, ErrorAlert } from '../ui/components.tsx';
import { useOneMessage } from '../ui/one-message.tsx';

type Note =
  | { kind: 'waiting'; id: string; on: boolean }
  | { kind: 'changed' }
  | { kind: 'saved' }
  | { kind: 'keep_one' }
  | { kind: 'unchanged'; error?: ErrorInfo | undefined };

/**
 * `stale`: another part of the page spoke since (one message at a time). A one-line note then keeps
 * its room, unseen, so what follows it on the page (the connection's Save) does not move.
 */
function NoteLine(props: { note: Note | undefined; stale: boolean }) {
  const { note, stale } = props;
  if (!note || (stale && (note.kind === 'waiting' || note.kind === 'unchanged'))) return <div class="switch-note" role="status" />;
  if (stale) {
    return (
      <div class="switch-note" role="status">
        <p class="note-done" style={{ visibility: 'hidden' }} aria-hidden="true">
          {t(`may_${note.kind}`)}
        </p>
      </div>
    );
  }
  switch (note.kind) {
    case 'waiting':
      return (
        <div class="switch-note" role="status">
          <Busy label={t('may_waiting')} />
        </div>
      );
    case 'unchanged':
      return (
        <div class="switch-note" role="status">
          <p class="note-warn">{t('may_unchanged')}</p>
          {note.error ? <ErrorAlert error={note.error} /> : null}
        </div>
      );
    default:
      return (
        <div class="switch-note" role="status">
          <p class={note.kind === 'keep_one' ? 'note-warn' : 'note-done'}>{t(`may_${note.kind}`)}</p>
        </div>
      );
  }
}

/**
 * "What the extension may do": one switch per thing a person decides on (each reading permission,
 * and managing letters as one), in words, with the codes only under a closed details. A switch
 * changes all its permissions at once: one consent window however many it takes. `onChange`
 * resolves once the new set holds (signed in: once the person approved it in the consent window)
 * and rejects when it does not; the switch then goes back. A switch is on when all it takes is
 * granted (an older version may have kept only part of it; switching it on asks for the rest).
 */
export function PermissionSwitches(props: {
  scopes: readonly Permission[];
  signedIn: boolean;
  onChange: (scopes: Permission[]) => Promise<void>;
}) {
  const [note, setNote] = useState<Note | undefined>();
  const waiting = note?.kind === 'waiting' ? note : undefined;
  const message = useOneMessage();

  const toggle = async (sw: PermissionSwitch, on: boolean) => {
    // A new change: what the page said before (here, or the last save) is old news.
    message.speak();
    const next = on
      ? [...props.scopes, ...sw.permissions.filter((p) => !props.scopes.includes(p))]
      : props.scopes.filter((p) => !sw.permissions.includes(p));
    if (next.length === 0) {
      setNote({ kind: 'keep_one' });
      return;
    }
    setNote({ kind: 'waiting', id: sw.id, on });
    try {
      await props.onChange(next);
      setNote({ kind: props.signedIn ? 'changed' : 'saved' });
    } catch (e) {
      const error = toErrorInfo(e);
      // A consent window the person closed or answered with No: their choice, not a failure to explain.
      setNote({ kind: 'unchanged', error: isDeclined(error) ? undefined : error });
    }
    message.speak();
  };

  const shown = (sw: PermissionSwitch) => (waiting?.id === sw.id ? waiting.on : sw.permissions.every((p) => props.scopes.includes(p)));

  return (
    <section class="card" aria-labelledby="may-title">
      <h2 id="may-title">{t('may_title')}</h2>
      <p class="section-intro">{t(props.signedIn ? 'may_intro_signed_in' : 'may_intro_signed_out')}</p>
      <ul class="switches">
        {PERMISSION_SWITCHES.map((sw) => (
          <li key={sw.id} class="switch-row">
            <div class="switch-text">
              <label for={`may-${sw.id}`}>{t(sw.title)}</label>
              <p id={`may-${sw.id}-why`} class="hint">
                {t(sw.why)}
              </p>
            </div>
            <input
              id={`may-${sw.id}`}
              type="checkbox"
              role="switch"
              class="switch"
              checked={shown(sw)}
              // Not `disabled`: the browser takes the focus off a disabled control, which would leave
              // a person who switched this one by keyboard at the top of the page. A click while a
              // change is under way is cancelled instead, and the switch says it is unavailable.
              aria-disabled={waiting === undefined ? undefined : 'true'}
              aria-describedby={`may-${sw.id}-why`}
              onClick={(e) => {
                if (waiting) e.preventDefault();
              }}
              onChange={(e) => void toggle(sw, e.currentTarget.checked)}
            />
          </li>
        ))}
      </ul>
      {/* Waiting for the consent window is what is under way, not an outcome: it shows whatever was said since. */}
      <NoteLine note={note} stale={!(message.heard || waiting)} />
      <details class="codes">
        <summary>{t('may_codes')}</summary>
        <dl>
          {OFFERED_PERMISSIONS.map(({ permission, title }) => (
            <div key={permission}>
              <dt>{t(title)}</dt>
              <dd>
                <code>{permission}</code>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

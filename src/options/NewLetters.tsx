import { useState } from 'preact/hooks';
import { NOTIFICATIONS_PERMISSION as NOTIFICATIONS } from '../config/notifications-permission.ts';
import { ext as browser } from '../shared/ext.ts';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { t, tCount } from '../shared/i18n.ts';
import { Busy, ErrorAlert } from '../ui/components.tsx';
import { answerOf, type PromptAnswer } from './permission-prompt.ts';
import { AlertChoices } from './AlertChoices.tsx';

/** The settings of new letters, as the worker holds them. */
export interface LetterSettings {
  pollMinutes: number;
  notify: boolean;
}

/** The intervals offered; one an older version stored (any whole minute up to a day) is offered too, so it is never lost. */
const POLL_CHOICES = [1, 5, 10, 15, 30, 60];

function pollChoices(current: number): number[] {
  return POLL_CHOICES.includes(current) ? POLL_CHOICES : [...POLL_CHOICES, current].sort((a, b) => a - b);
}

type Note = { kind: 'waiting'; change: Partial<LetterSettings> } | { kind: 'saved' } | { kind: 'unchanged'; error: ErrorInfo };

function NoteLine(props: { note: Note | undefined }) {
  const { note } = props;
  return (
    <div class="switch-note" role="status">
      {note?.kind === 'waiting' ? <Busy label={t('setting_saving')} /> : null}
      {note?.kind === 'saved' ? <p class="note-done">{t('saved')}</p> : null}
      {note?.kind === 'unchanged' ? (
        <>
          <p class="note-warn">{t('setting_unchanged')}</p>
          <ErrorAlert error={note.error} />
        </>
      ) : null}
    </div>
  );
}

/**
 * "New letters": how often to look, and whether to notify. Like the permission switches above it,
 * each is saved the moment it is changed, says so, and on a failure goes back to what is saved and
 * says why. `onChange` resolves once the worker has saved the change, and rejects when it has not.
 */
export function NewLetters(props: { settings: LetterSettings; onChange: (change: Partial<LetterSettings>) => Promise<void> }) {
  const [note, setNote] = useState<Note | undefined>();
  const waiting = note?.kind === 'waiting' ? note.change : undefined;
  const shown = { ...props.settings, ...waiting };

  /** `allowed`: the browser's answer, asked for before this (from the click itself, as browsers require). */
  const save = async (change: Partial<LetterSettings>, allowed: Promise<PromptAnswer>) => {
    setNote({ kind: 'waiting', change });
    try {
      const answer = await allowed;
      if (answer !== 'granted') {
        setNote({
          kind: 'unchanged',
          error: { code: answer === 'unanswered' ? 'permission_prompt_unanswered' : 'notifications_permission_refused' },
        });
        return;
      }
      await props.onChange(change);
      setNote({ kind: 'saved' });
      // Switched off: the permission is given back (best effort; nothing depends on it).
      if (change.notify === false) browser.permissions.remove(NOTIFICATIONS).catch(() => undefined);
    } catch (e) {
      setNote({ kind: 'unchanged', error: toErrorInfo(e) });
    }
  };

  const switchNotify = (on: boolean) => {
    // Asked straight from the click: browsers refuse a request made after an unrelated await. It
    // answers true at once where the permission is already held.
    const allowed = on ? answerOf(browser.permissions.request(NOTIFICATIONS)) : Promise.resolve<PromptAnswer>('granted');
    void save({ notify: on }, allowed);
  };

  const choosePoll = (select: HTMLSelectElement) => {
    // One change at a time: a choice made while the last is being saved is put back.
    if (waiting) {
      select.value = String(shown.pollMinutes);
      return;
    }
    void save({ pollMinutes: Number(select.value) }, Promise.resolve<PromptAnswer>('granted'));
  };

  const busy = waiting === undefined ? undefined : 'true';
  return (
    <section class="card" aria-labelledby="letters-title">
      <h2 id="letters-title">{t('options_new_letters')}</h2>
      <ul class="switches">
        <li class="switch-row">
          <div class="switch-text">
            <label for="pollMinutes">{t('label_poll_minutes')}</label>
            <p id="pollMinutes-hint" class="hint">
              {t('poll_minutes_hint')}
            </p>
          </div>
          <select
            id="pollMinutes"
            class="select"
            value={String(shown.pollMinutes)}
            aria-describedby="pollMinutes-hint"
            aria-disabled={busy}
            onChange={(e) => choosePoll(e.currentTarget)}
          >
            {pollChoices(props.settings.pollMinutes).map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {tCount('poll_every', minutes)}
              </option>
            ))}
          </select>
        </li>
        <li class="switch-row">
          <div class="switch-text">
            <label for="notify">{t('label_notify')}</label>
            <p id="notify-hint" class="hint">
              {t('notify_hint')}
            </p>
          </div>
          <input
            id="notify"
            type="checkbox"
            role="switch"
            class="switch"
            checked={shown.notify}
            // Not `disabled`, as with the permission switches: the focus stays where the person left it.
            aria-disabled={busy}
            aria-describedby="notify-hint"
            onClick={(e) => {
              if (waiting) e.preventDefault();
            }}
            onChange={(e) => switchNotify(e.currentTarget.checked)}
          />
        </li>
      </ul>
      <NoteLine note={note} />
      {props.settings.notify ? <AlertChoices /> : null}
    </section>
  );
}

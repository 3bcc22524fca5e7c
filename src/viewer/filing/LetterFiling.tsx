import { useState } from 'preact/hooks';
import { findLink } from '../../api/relation-name.ts';
import { isChangedSince, outcomeMayBeUnknown, toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import { t } from '../../shared/i18n.ts';
import { MoveIcon, PencilIcon, TrashIcon } from '../../ui/icons.tsx';
import { isObj, linksOf, str } from '../../model/read-json.ts';
import { senderText, subjectText } from '../../model/letter-text.ts';
import { summarize } from '../../model/letters.ts';
import { targetOf } from '../../api/links.ts';
import { MAX_SUBJECT_LENGTH } from '../../api/upload-rules.ts';
import {
  changeLetter,
  deleteLetter,
  letterActions,
  placeOf,
  readAgain,
  type FolderChoice,
  type LetterChange,
  type Place,
} from './filing.ts';
import { ConfirmDelete, FilingFailure, Menu, moveItems, notUndone, placeName, Toast, type Undoable } from './FilingControls.tsx';
import { useLatest } from '../../ui/use-latest.ts';
import { useWrite, type WriteFailure } from '../../ui/use-write.ts';
import { useOneMessage } from '../../ui/one-message.tsx';

/**
 * The letter page's actions: Move (a menu of the inbox and the folders), Rename (the subject,
 * inline) and Delete (after a confirmation). Each shows only when the session holds its permission
 * and the letter offers it. After a change the page shows the letter as the service now has it.
 */
export function LetterFiling(props: {
  data: unknown;
  scopes: readonly Permission[];
  folders: readonly FolderChoice[];
  /** The letter as the service answered the change (the page shows it without fetching it again). */
  onChanged: (data: unknown) => void;
  onDeleted: () => void;
}) {
  const { update, remove } = letterActions(props.data, props.scopes);
  const self = findLink(linksOf(props.data), 'self');
  const subject = (isObj(props.data) ? str(props.data.subject) : undefined) ?? '';
  const place = placeOf(props.data);
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(subject);
  const [confirming, setConfirming] = useState(false);
  const [toast, setToast] = useState<Undoable | undefined>(undefined);
  const [failure, setFailure] = useState<WriteFailure<ErrorInfo> | undefined>(undefined);
  const once = useWrite();
  const message = useOneMessage();
  /** A new action: what the last one said is old news (here and anywhere on the page). */
  const begin = () => {
    setFailure(undefined);
    setToast(undefined);
    message.speak();
  };
  // Changes to the letter finish in the order the worker ran them; what each then reads must not
  // replace what a later one showed. Each view is the latest when it was asked for, and shown
  // unless a view asked for later was shown first.
  const letterNow = useLatest<unknown>({ latest: 'answered' });
  const show = async (read: Promise<unknown>): Promise<void> => {
    const now = await letterNow.run(() => read);
    if (now !== undefined) props.onChanged(now);
  };
  if (!self || (!update && !remove)) return null;

  /**
   * Sends update_document for what the person asked; the answer (or the letter read again) becomes
   * what the page shows. `unless`: an undo, sent only while the letter is as the change left it.
   */
  const change = async (asked: LetterChange, said: string, unless?: LetterChange, resend?: boolean): Promise<void> => {
    begin();
    const target = targetOf(self, 'self');
    try {
      await once(`update ${JSON.stringify([asked, unless])}`, async () => {
        const answer = await changeLetter(self, asked, unless, resend);
        // The undo goes back to what the letter was, and only if nothing else changed it meanwhile.
        const back: LetterChange = asked.place ? { place } : { subject };
        setToast(unless ? { message: said } : { message: said, undo: () => change(back, t('filing_undone'), asked) });
        message.speak();
        await show(isObj(answer) && Array.isArray(answer.attachment) ? Promise.resolve(answer) : readAgain(target));
      });
    } catch (failed) {
      const error = toErrorInfo(failed);
      if (isChangedSince(error) && unless) {
        const now = readAgain(target);
        await show(now);
        setToast({ message: notUndone(await now.catch(() => undefined), unless, props.folders) });
        message.speak();
        return;
      }
      setFailure({ error, retry: (again) => void change(asked, said, unless, again) });
      message.speak();
    }
  };

  const moveTo = (to: Place) => void change({ place: to }, t('filing_moved', placeName(to, props.folders)));

  const rename = (event: Event) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === '' || next === subject) {
      setRenaming(false);
      return;
    }
    void change({ subject: next }, t('filing_renamed')).then(() => setRenaming(false));
  };

  const removeIt = async (resend?: boolean): Promise<void> => {
    begin();
    try {
      await once('delete', async () => {
        await deleteLetter(self, resend);
        props.onDeleted();
      });
    } catch (failed) {
      const error = toErrorInfo(failed);
      // Asking again only looks (the worker's); sending again is the person's explicit choice.
      setFailure({ error, retry: (again) => (outcomeMayBeUnknown(error) ? void removeIt(again) : setConfirming(true)) });
      message.speak();
    }
  };

  const letter = summarize(props.data, 0, 'letter');
  return (
    <div class="letter-filing">
      <div class="filing-bar" role="toolbar" aria-label={t('filing_actions')}>
        {update ? (
          <Menu
            label={t('filing_move')}
            buttonContent={
              <>
                <MoveIcon /> {t('filing_move')}
              </>
            }
            items={moveItems(props.folders, place, moveTo)}
          />
        ) : null}
        {update ? (
          <button
            type="button"
            aria-expanded={renaming}
            onClick={() => {
              setDraft(subject);
              setRenaming(!renaming);
            }}
          >
            <PencilIcon /> {t('filing_rename')}
          </button>
        ) : null}
        {remove ? (
          <button type="button" class="danger-quiet" onClick={() => setConfirming(true)}>
            <TrashIcon /> {t('filing_delete')}
          </button>
        ) : null}
        <span class="filing-place muted">{t('filing_lies_in', placeName(place, props.folders))}</span>
      </div>
      {renaming ? (
        <form class="rename-form" onSubmit={rename}>
          <label for="rename-subject">{t('filing_rename_label')}</label>
          <input
            id="rename-subject"
            type="text"
            required
            maxLength={MAX_SUBJECT_LENGTH}
            value={draft}
            ref={(input) => input?.focus()}
            onInput={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setRenaming(false);
            }}
          />
          <button type="submit" class="primary">
            {t('filing_save')}
          </button>
          <button type="button" onClick={() => setRenaming(false)}>
            {t('filing_cancel')}
          </button>
        </form>
      ) : null}
      {failure && message.heard ? <FilingFailure failure={failure} /> : null}
      {toast && message.heard ? <Toast toast={toast} onDone={() => setToast(undefined)} /> : null}
      {confirming ? (
        <ConfirmDelete
          subject={subjectText(letter)}
          sender={senderText(letter)}
          onConfirm={removeIt}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

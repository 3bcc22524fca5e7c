import { useState } from 'preact/hooks';
import { findLink } from '../../api/relation-name.ts';
import { toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import { t } from '../../shared/i18n.ts';
import { MoveIcon, PencilIcon, TrashIcon } from '../../ui/icons.tsx';
import { isObj, linksOf, str } from '../../model/read-json.ts';
import { senderText, subjectText } from '../../model/letter-text.ts';
import { summarize } from '../../model/letters.ts';
import { deleteLetter, letterActions, moveLetter, placeOf, type FolderChoice, type Place } from './filing.ts';
import { ConfirmDelete, FilingFailure, Menu, moveItems, placeName, Toast, useOnce, type Undoable } from './FilingControls.tsx';

const MAX_SUBJECT = 200;

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
  const [failure, setFailure] = useState<{ error: ErrorInfo; retry: () => void } | undefined>(undefined);
  const once = useOnce();
  if (!self || (!update && !remove)) return null;

  /** Sends update_document; the answer (or the letter read again) becomes what the page shows. */
  const change = async (to: Place, newSubject: string, undo: Undoable['undo'], message: string): Promise<void> => {
    setFailure(undefined);
    try {
      await once('update', async (id) => {
        const answer = await moveLetter(self, to, newSubject, id);
        props.onChanged(isObj(answer) && Array.isArray(answer.attachment) ? answer : { ...(props.data as object), location: to.location, folderId: to.location === 'FOLDER' ? to.folderId : undefined, subject: newSubject });
      });
      setToast(undo ? { message, undo } : { message });
    } catch (failed) {
      setFailure({ error: toErrorInfo(failed), retry: () => void change(to, newSubject, undo, message) });
    }
  };

  const moveTo = (to: Place) => void change(to, subject, () => change(place, subject, undefined, t('filing_undone')), t('filing_moved', placeName(to, props.folders)));

  const rename = (event: Event) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === '' || next === subject) {
      setRenaming(false);
      return;
    }
    void change(place, next, () => change(place, subject, undefined, t('filing_undone')), t('filing_renamed')).then(() => setRenaming(false));
  };

  const removeIt = async (): Promise<void> => {
    setFailure(undefined);
    try {
      await once('delete', async (id) => {
        await deleteLetter(self, id);
        props.onDeleted();
      });
    } catch (failed) {
      setFailure({ error: toErrorInfo(failed), retry: () => setConfirming(true) });
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
            maxLength={MAX_SUBJECT}
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
      {failure ? <FilingFailure failure={failure} /> : null}
      {toast ? <Toast toast={toast} onDone={() => setToast(undefined)} /> : null}
      {confirming ? <ConfirmDelete subject={subjectText(letter)} sender={senderText(letter)} onConfirm={removeIt} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}

import { createContext, type ComponentChildren } from 'preact';
import { useContext, useRef, useState } from 'preact/hooks';
import { outcomeMayBeUnknown, toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import { t } from '../../shared/i18n.ts';
import { MoreIcon, MoveIcon, TrashIcon } from '../../ui/icons.tsx';
import type { LetterSummary } from '../../model/letters.ts';
import { senderText, subjectText } from '../../model/letter-text.ts';
import { changeLetter, deleteLetter, type FolderChoice, type Place } from './filing.ts';
import { ConfirmDelete, FilingFailure, Menu, moveItems, placeName, Toast, type Undoable } from './FilingControls.tsx';
import { useWrite, type WriteFailure } from '../../ui/use-write.ts';
import { useOneMessage } from '../../ui/one-message.tsx';

/**
 * Filing from a list of letters (the inbox or a folder): each row's menu (move, delete), a
 * checkbox to move several at once (never to delete them), and M or V on a row to open its menu.
 * A letter moved away or deleted leaves the list at once; a failure leaves the list as it was.
 */

interface ListFiling {
  canMove: boolean;
  canDelete: boolean;
  hidden: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  toggle: (letter: LetterSummary) => void;
  rowItems: (letter: LetterSummary) => ReturnType<typeof moveItems>;
}

const FilingContext = createContext<ListFiling | undefined>(undefined);

/** Whether a row's letter can be moved: its subject is known (update_document always sends it). */
const movable = (letter: LetterSummary) => letter.self !== undefined && !letter.confidential && letter.subject.trim() !== '';

export function ListFilingProvider(props: {
  scopes: readonly Permission[];
  folders: readonly FolderChoice[];
  place: Place;
  children: ComponentChildren;
}) {
  const canMove = props.scopes.includes('UPDATE_DOCUMENT');
  const canDelete = props.scopes.includes('DELETE_DOCUMENT');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toast, setToast] = useState<Undoable | undefined>(undefined);
  const [failure, setFailure] = useState<WriteFailure<ErrorInfo> | undefined>(undefined);
  const [confirming, setConfirming] = useState<LetterSummary | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const letters = useRef(new Map<string, LetterSummary>());
  const once = useWrite();
  const message = useOneMessage();

  /** A new action: what the last one said is old news (here and anywhere on the page). */
  const begin = () => {
    setFailure(undefined);
    setToast(undefined);
    message.speak();
  };

  const show = (keys: readonly string[], shown: boolean) =>
    setHidden((before) => {
      const after = new Set(before);
      for (const key of keys) {
        if (shown) after.delete(key);
        else after.add(key);
      }
      return after;
    });

  /** Moves letters one after another; those moved leave the list, the first failure is said. */
  const move = async (chosen: readonly LetterSummary[], to: Place, from: Place, undoing = false, resend?: boolean): Promise<void> => {
    begin();
    setBusy(true);
    // A row moved from its own menu takes the focus with it: the next row (or the one before) gets it.
    const row = document.activeElement?.closest('.letter-row');
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLElement>('a, .letter-link');
    const moved: LetterSummary[] = [];
    let error: ErrorInfo | undefined;
    for (const letter of chosen) {
      if (!letter.self) continue;
      const self = letter.self;
      try {
        // An undo goes only where the letter still lies where the move put it.
        await once(`move ${letter.key} ${JSON.stringify(to)}`, () =>
          changeLetter(self, { place: to }, undoing ? { place: from } : undefined, resend).then(() => undefined),
        );
        moved.push(letter);
      } catch (failed) {
        error ??= toErrorInfo(failed);
      }
    }
    setBusy(false);
    const keys = moved.map((letter) => letter.key);
    show(keys, undoing);
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) neighbour?.focus();
    });
    setSelected((before) => new Set([...before].filter((key) => !keys.includes(key))));
    message.speak();
    if (error) {
      // One message: what failed, with Try again for the letters left (those moved have left the list).
      const left = chosen.filter((letter) => !moved.includes(letter));
      setFailure({ error, retry: (again) => void move(left, to, from, undoing, again) });
      return;
    }
    if (moved.length === 0) return;
    if (undoing) {
      setToast({ message: t('filing_undone') });
      return;
    }
    const where = placeName(to, props.folders);
    setToast({
      message: moved.length === 1 ? t('filing_moved', where) : t('filing_moved_many', [String(moved.length), where]),
      undo: () => move(moved, from, to, true),
    });
  };

  const remove = async (letter: LetterSummary, resend?: boolean): Promise<void> => {
    const self = letter.self;
    if (!self) return;
    begin();
    try {
      await once(`delete ${letter.key}`, () => deleteLetter(self, resend).then(() => undefined));
      show([letter.key], false);
      setToast({ message: t('filing_deleted') });
      message.speak();
    } catch (failed) {
      const error = toErrorInfo(failed);
      message.speak();
      // Asking again only looks (the worker's); sending again is the person's explicit choice.
      setFailure({ error, retry: (again) => (outcomeMayBeUnknown(error) ? void remove(letter, again) : setConfirming(letter)) });
    }
  };

  const filing: ListFiling = {
    canMove,
    canDelete,
    hidden,
    selected,
    toggle: (letter) => {
      letters.current.set(letter.key, letter);
      setSelected((before) => {
        const after = new Set(before);
        if (!after.delete(letter.key)) after.add(letter.key);
        return after;
      });
    },
    rowItems: (letter) => [
      ...(canMove && movable(letter) ? moveItems(props.folders, props.place, (to) => void move([letter], to, props.place)) : []),
      ...(canDelete && letter.self && letter.deletable === true
        ? [{ key: 'delete', label: t('filing_delete'), icon: <TrashIcon />, danger: true, onSelect: () => setConfirming(letter) }]
        : []),
    ],
  };

  const chosen = [...selected].flatMap((key) => letters.current.get(key) ?? []);

  // M (or V, Norwegian "flytt"/"velg") on a focused row opens its menu.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !['m', 'v'].includes(event.key.toLowerCase())) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, .menu')) return;
    const menu = target.closest('.letter-row')?.querySelector<HTMLButtonElement>('.row-menu-button');
    if (!menu) return;
    event.preventDefault();
    menu.click();
  };

  return (
    <FilingContext.Provider value={filing}>
      <div class="list-filing" onKeyDown={onKeyDown}>
        {chosen.length > 0 ? (
          <div class="selection-bar" role="region" aria-label={t('filing_selected', String(chosen.length))}>
            <span class="selection-count">{t('filing_selected', String(chosen.length))}</span>
            <Menu
              label={t('filing_move_selected')}
              buttonClass="primary"
              disabled={busy}
              buttonContent={
                <>
                  <MoveIcon /> {busy ? t('filing_moving') : t('filing_move')}
                </>
              }
              items={moveItems(props.folders, props.place, (to) => void move(chosen.filter(movable), to, props.place))}
            />
            <button type="button" class="quiet" onClick={() => setSelected(new Set())}>
              {t('filing_clear_selection')}
            </button>
          </div>
        ) : null}
        {failure && message.heard ? <FilingFailure failure={failure} /> : null}
        {props.children}
        {toast && message.heard ? <Toast toast={toast} onDone={() => setToast(undefined)} /> : null}
        {confirming ? (
          <ConfirmDelete
            subject={subjectText(confirming)}
            sender={senderText(confirming)}
            onConfirm={() => remove(confirming)}
            onClose={() => setConfirming(undefined)}
          />
        ) : null}
      </div>
    </FilingContext.Provider>
  );
}

/** Whether a row's letter has left the list (moved away, deleted). */
export function useRowHidden(letter: LetterSummary): boolean {
  return useContext(FilingContext)?.hidden.has(letter.key) ?? false;
}

const NONE_HIDDEN: ReadonlySet<string> = new Set();

/** The rows moved away or deleted from this list (none outside a list that files). */
export function useHiddenRows(): ReadonlySet<string> {
  return useContext(FilingContext)?.hidden ?? NONE_HIDDEN;
}

/** The row's checkbox for moving several letters at once. */
export function RowSelect(props: { letter: LetterSummary }) {
  const filing = useContext(FilingContext);
  if (!filing?.canMove) return null;
  // A letter that cannot be moved keeps its place in the columns.
  if (!movable(props.letter)) return <span class="row-select-gap" />;
  return (
    <input
      type="checkbox"
      class="row-select"
      checked={filing.selected.has(props.letter.key)}
      aria-label={t('filing_select', subjectText(props.letter))}
      onChange={() => filing.toggle(props.letter)}
    />
  );
}

/** The row's menu of actions: move to each other place, delete. */
export function RowMenu(props: { letter: LetterSummary }) {
  const filing = useContext(FilingContext);
  const items = filing?.rowItems(props.letter) ?? [];
  if (items.length === 0) return null;
  return (
    <Menu
      label={t('filing_letter_actions', subjectText(props.letter))}
      buttonClass="quiet row-menu-button"
      buttonContent={<MoreIcon />}
      items={items}
      shortcut="M"
    />
  );
}

import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { nextStep, outcomeMayBeUnknown, type ErrorInfo } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { BusyButton, ErrorAlert, UnknownOutcome } from '../../ui/components.tsx';
import type { WriteFailure } from '../../ui/use-write.ts';
import { connectThen, ErrorView } from '../ErrorView.tsx';
import { FolderIcon } from '../../ui/folder-icon.tsx';
import { InboxIcon } from '../../ui/icons.tsx';
import { folderName } from '../../model/mailbox.ts';
import { isObj, str } from '../../model/read-json.ts';
import { INBOX, placeOf, samePlace, type FolderChoice, type LetterChange, type Place } from './filing.ts';

/**
 * The pieces the filing actions share: a menu, the move choices, the delete confirmation, the
 * toast with Undo, and what a failed change says.
 */

export interface MenuItem {
  key: string;
  label: string;
  icon?: JSX.Element;
  danger?: boolean;
  onSelect: () => void;
}

/** The line a toast's undo goes back with: its words and what undoing does. */
export interface Undoable {
  message: string;
  undo?: () => Promise<void>;
}

/** Room kept between an open menu and the window's edge. */
const EDGE = 8;

/**
 * Where a menu opens: below its button when it fits there, else on the side with more room (a
 * row at the window's bottom opens upwards), no taller than that room, so it never runs off the window.
 */
export function menuPlacement(button: DOMRect, height: number, viewport: number): { up: boolean; maxHeight: number } {
  const below = viewport - button.bottom - EDGE;
  const above = button.top - EDGE;
  if (height <= below || below >= above) return { up: false, maxHeight: below };
  return { up: true, maxHeight: above };
}

/**
 * A button that opens a list of choices. Opening puts the focus on the first; arrows move it,
 * Escape closes and gives the focus back, as does a click elsewhere.
 */
export function Menu(props: {
  label: string;
  buttonClass?: string;
  buttonContent: ComponentChildren;
  items: readonly MenuItem[];
  disabled?: boolean;
  shortcut?: string;
}) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [placement, setPlacement] = useState<{ up: boolean; maxHeight: number } | undefined>(undefined);

  // Measured before the menu is painted (and before its first item takes the focus, which would scroll).
  useLayoutEffect(() => {
    if (!open || !list.current || !button.current) return;
    setPlacement(menuPlacement(button.current.getBoundingClientRect(), list.current.getBoundingClientRect().height, innerHeight));
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    // Placed inside the window already: the focus moves without scrolling the page under it.
    list.current?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    const away = (event: Event) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div class="menu-wrap" ref={wrap}>
      <button
        type="button"
        ref={button}
        class={props.buttonClass}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={props.label}
        aria-keyshortcuts={props.shortcut}
        // Inert rather than disabled while busy, so it keeps the keyboard's focus (see BusyButton).
        aria-disabled={props.disabled ? 'true' : undefined}
        onClick={() => {
          if (props.disabled) return;
          setPlacement(undefined);
          setOpen(!open);
        }}
      >
        {props.buttonContent}
      </button>
      {open ? (
        <ul
          class={placement?.up ? 'menu opens-up' : 'menu'}
          style={placement ? { maxHeight: `min(20rem, ${Math.max(placement.maxHeight, 96)}px)` } : undefined}
          role="menu"
          ref={list}
          onKeyDown={onKeyDown}
        >
          {props.items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                class={item.danger ? 'menu-item is-danger' : 'menu-item'}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  item.onSelect();
                }}
              >
                {item.icon}
                <span>{item.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The name a place goes by in the pages. */
export function placeName(place: Place, folders: readonly FolderChoice[]): string {
  if (place.location === 'INBOX') return t('rel_document_inbox');
  const folder = folders.find((f) => f.id === place.folderId);
  return folder ? folderName(folder) : t('folder_unnamed');
}

/** "Inbox" and every folder, each with its icon, except where the letters already lie. */
export function moveItems(folders: readonly FolderChoice[], current: Place | undefined, choose: (place: Place) => void): MenuItem[] {
  const places: [Place, JSX.Element][] = [
    [INBOX, <InboxIcon key="inbox" />],
    ...folders.map((folder): [Place, JSX.Element] => [
      { location: 'FOLDER', folderId: folder.id },
      <FolderIcon key={folder.id} icon={folder.icon} />,
    ]),
  ];
  return places
    .filter(([place]) => !current || !samePlace(place, current))
    .map(([place, icon]) => ({
      key: place.location === 'INBOX' ? 'inbox' : `folder-${place.folderId}`,
      label: placeName(place, folders),
      icon,
      onSelect: () => choose(place),
    }));
}

/**
 * The question before a letter is deleted: which letter (subject and sender) and that it cannot be
 * undone. Declining (Cancel, Escape) sends nothing. A modal dialog, so nothing else is clicked meanwhile.
 */
export function ConfirmDelete(props: { subject: string; sender: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      dialog.current?.close();
    }
  };
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby="confirm-delete-title"
      aria-describedby="confirm-delete-text"
      onClose={props.onClose}
    >
      <h2 id="confirm-delete-title" class="dialog-title">
        {t('filing_delete_title')}
      </h2>
      <p id="confirm-delete-text">{t('filing_delete_text', [props.subject, props.sender])}</p>
      <div class="actions">
        <BusyButton type="button" class="danger" busy={busy} onClick={() => void confirm()}>
          {busy ? t('filing_deleting') : t('filing_delete_confirm')}
        </BusyButton>
        <BusyButton type="button" busy={busy} onClick={() => dialog.current?.close()}>
          {t('filing_cancel')}
        </BusyButton>
      </div>
    </dialog>
  );
}

/** How long Undo is offered after a move or a rename. */
const TOAST_MS = 8000;

/** What just happened, for a few seconds, with Undo where it can be undone (a real request again). */
export function Toast(props: { toast: Undoable; onDone: () => void }) {
  const [undoing, setUndoing] = useState(false);
  useEffect(() => {
    if (undoing) return undefined;
    const timer = setTimeout(props.onDone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [props.toast, undoing]);
  const { undo } = props.toast;
  return (
    <div class="toast" role="status">
      <span>{props.toast.message}</span>
      {undo ? (
        <BusyButton
          type="button"
          class="link-button"
          busy={undoing}
          onClick={() => {
            setUndoing(true);
            // The undo says its own outcome (a new toast, or the failure): this one only waits for it.
            void undo().finally(() => setUndoing(false));
          }}
        >
          {t('filing_undo')}
        </BusyButton>
      ) : null}
    </div>
  );
}

/**
 * What an undo the worker did not send says: the letter (read again, undefined when gone) is no
 * longer as the change left it, so undoing would have overwritten a change made elsewhere.
 */
export function notUndone(now: unknown, left: LetterChange, folders: readonly FolderChoice[]): string {
  if (now === undefined) return t('filing_not_undone_gone');
  const subject = isObj(now) ? str(now.subject) : undefined;
  if (left.subject !== undefined && subject !== undefined && subject !== left.subject) return t('filing_not_undone_renamed', subject);
  if (left.place && !samePlace(placeOf(now), left.place)) return t('filing_not_undone_moved', placeName(placeOf(now), folders));
  return t('filing_not_undone');
}

/**
 * What went wrong with a change, with Try again only where trying again could help: not after a
 * refusal a second try cannot mend (the folder still holds letters, the letter or folder is gone,
 * the permission is missing). When the change may have arrived, asking again only looks (Look
 * again); sending it again is a second, explicit choice that says it may already have arrived.
 */
export function FilingFailure(props: { failure: WriteFailure<ErrorInfo> }) {
  const { error, retry } = props.failure;
  if (nextStep(error) === 'none') return <ErrorAlert error={error} />;
  if (outcomeMayBeUnknown(error)) return <UnknownOutcome error={error} onLook={() => retry()} onResend={() => retry(true)} />;
  const reconnect = (): Promise<void> => {
    retry();
    return Promise.resolve();
  };
  return <ErrorView error={error} onRetry={() => retry()} onConnect={() => void connectThen(reconnect)} />;
}

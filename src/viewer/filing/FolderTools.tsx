import { useEffect, useState } from 'preact/hooks';
import { findLink } from '../../api/relation-name.ts';
import type { Link } from '../../api/schemas.ts';
import { isFolderStillFull, toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { FolderIcon } from '../../ui/folder-icon.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '../../ui/icons.tsx';
import { BusyButton } from '../../ui/components.tsx';
import { folderName } from '../../model/mailbox.ts';
import { FOLDER_ICON_NAMES, folderWrite, type FolderChoice } from './filing.ts';
import { FilingFailure, Toast, type Undoable } from './FilingControls.tsx';
import { useWrite, type WriteFailure } from '../../ui/use-write.ts';
import { useOneMessage } from '../../ui/one-message.tsx';

const MAX_NAME = 60;

type Editing = { kind: 'create' } | { kind: 'rename'; folder: FolderChoice };

/** A folder's name and icon, asked for inline: the name field and a row of the icons. */
function FolderForm(props: { initial?: FolderChoice; busy: boolean; onSave: (name: string, icon: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(props.initial?.name ?? '');
  const [icon, setIcon] = useState(props.initial?.icon?.toUpperCase() ?? 'FOLDER');
  return (
    <form
      class="folder-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== '') props.onSave(name.trim(), icon);
      }}
    >
      <label for="folder-name">{t('folder_name')}</label>
      <input
        id="folder-name"
        type="text"
        required
        maxLength={MAX_NAME}
        value={name}
        ref={(input) => input?.focus()}
        onInput={(event) => setName(event.currentTarget.value)}
      />
      <fieldset class="folder-icons">
        <legend>{t('folder_icon')}</legend>
        {FOLDER_ICON_NAMES.map((choice) => (
          <label key={choice} class="folder-icon-choice">
            <input type="radio" name="folder-icon" value={choice} checked={icon === choice} onChange={() => setIcon(choice)} />
            <FolderIcon icon={choice} />
            <span>{t(`folder_icon_${choice}`)}</span>
          </label>
        ))}
      </fieldset>
      <div class="actions">
        <BusyButton type="submit" class="primary" busy={props.busy}>
          {props.initial ? t('filing_save') : t('folder_create')}
        </BusyButton>
        <button type="button" onClick={props.onCancel}>
          {t('filing_cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Folders, managed where their letters are listed: New folder (where the mailbox offers
 * create_folder), and on a folder's own page Rename and Delete (where the folder offers them). A
 * folder that still holds letters is not deleted: the service says so, and so do we, until the
 * list shows it empty.
 */
export function FolderTools(props: {
  canFile: boolean;
  /**
   * The folder list's links (create_folder) of the mailbox on show, as the root gives them: a new
   * folder is made in the mailbox they belong to, named to the worker by its create_folder link,
   * never by its Digipost address (a mailbox shared with the person may be listed with theirs).
   */
  listLinks: readonly Link[] | undefined;
  /** The folder whose page this is, if it is one. */
  folder: FolderChoice | undefined;
  rootUrl: string | undefined;
  /** Whether the folder's list is empty now (its last letter moved away or deleted here). */
  empty: boolean;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<Undoable | undefined>(undefined);
  const [failure, setFailure] = useState<WriteFailure<ErrorInfo> | undefined>(undefined);
  const once = useWrite();
  const message = useOneMessage();
  const { folder, rootUrl } = props;
  // "Still holds letters" is no longer true once the last one left: the next Delete may work.
  useEffect(() => {
    if (props.empty) setFailure((now) => (now && isFolderStillFull(now.error) ? undefined : now));
  }, [props.empty]);
  const createLink = findLink(props.listLinks, 'create_folder');
  const canCreate = props.canFile && rootUrl !== undefined && createLink !== undefined;
  const canChange = props.canFile && folder !== undefined && findLink(folder.links, 'change_folder') !== undefined;
  const canDelete = props.canFile && folder !== undefined && findLink(folder.links, 'delete_folder') !== undefined;
  if (!canCreate && !canChange && !canDelete) return null;

  const run = async (
    intent: string,
    change: (resend?: boolean) => Promise<unknown>,
    done: string,
    after: () => void,
    resend?: boolean,
  ): Promise<void> => {
    // A new action: what the last one said is old news (here and anywhere on the page).
    setFailure(undefined);
    setToast(undefined);
    message.speak();
    setBusy(true);
    try {
      await once(intent, async () => {
        await change(resend);
      });
      setEditing(undefined);
      setToast({ message: done });
      after();
    } catch (failed) {
      setFailure({ error: toErrorInfo(failed), retry: (again) => void run(intent, change, done, after, again) });
    } finally {
      setBusy(false);
      message.speak();
    }
  };

  const create = (name: string, icon: string) =>
    rootUrl &&
    createLink &&
    void run(
      `create ${JSON.stringify([name, icon])}`,
      (resend) =>
        folderWrite(
          { target: { url: rootUrl, relation: 'self' }, rel: 'create_folder', body: { name, icon }, mailboxLink: createLink.uri },
          resend,
        ),
      t('folder_created', name),
      props.onChanged,
    );

  const rename = (renamed: FolderChoice, name: string, icon: string) =>
    void run(
      `rename ${JSON.stringify([name, icon])}`,
      (resend) =>
        folderWrite(
          { target: { url: renamed.self.uri, relation: 'self' }, rel: 'change_folder', body: { id: renamed.id, name, icon } },
          resend,
        ),
      t('folder_renamed'),
      props.onChanged,
    );

  const remove = (gone: FolderChoice) =>
    void run(
      'delete',
      (resend) => folderWrite({ target: { url: gone.self.uri, relation: 'self' }, rel: 'delete_folder' }, resend),
      t('folder_deleted', folderName(gone)),
      props.onDeleted,
    );

  return (
    <div class="folder-tools">
      <div class="filing-bar">
        {canCreate ? (
          <button
            type="button"
            aria-expanded={editing?.kind === 'create'}
            onClick={() => setEditing(editing?.kind === 'create' ? undefined : { kind: 'create' })}
          >
            <PlusIcon /> {t('folder_new')}
          </button>
        ) : null}
        {canChange ? (
          <button
            type="button"
            aria-expanded={editing?.kind === 'rename'}
            onClick={() => setEditing(editing?.kind === 'rename' ? undefined : { kind: 'rename', folder })}
          >
            <PencilIcon /> {t('folder_rename')}
          </button>
        ) : null}
        {canDelete ? (
          <BusyButton type="button" class="danger-quiet" busy={busy} onClick={() => remove(folder)}>
            <TrashIcon /> {t('folder_delete')}
          </BusyButton>
        ) : null}
      </div>
      {editing ? (
        <FolderForm
          key={editing.kind}
          busy={busy}
          {...(editing.kind === 'rename' ? { initial: editing.folder } : {})}
          onSave={(name, icon) => (editing.kind === 'rename' ? rename(editing.folder, name, icon) : create(name, icon))}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {failure && message.heard ? <FilingFailure failure={failure} /> : null}
      {toast && message.heard ? <Toast toast={toast} onDone={() => setToast(undefined)} /> : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import type { UploadPlace } from '../api/upload-places.ts';
import { subjectFromName } from '../api/upload-rules.ts';
import { newPageId } from '../protocol/viewer-address.ts';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { ErrorAlert } from '../ui/components.tsx';
import { UploadProgress } from '../ui/UploadProgress.tsx';
import { storeChosenFile, useUpload } from '../ui/upload-flow.ts';

interface Chosen {
  id: string;
  subject: string;
  size: number;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Upload into the inbox or folder on screen: the Upload button, or a file dropped anywhere on the
 * page. The file is checked and stored first (nothing is sent for one that would be refused), then
 * the worker sends it once; the list is read again when it is in.
 */
export function UploadPanel(props: { place: UploadPlace; onUploaded: () => void }) {
  const upload = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | undefined>(undefined);
  const [refused, setRefused] = useState<ErrorInfo | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const busy = upload.state.phase === 'sending';

  async function send(file: Chosen): Promise<void> {
    const letter = await upload.send(file.id, file.subject, props.place, file.size);
    if (letter) props.onUploaded();
  }

  async function take(file: File | undefined): Promise<void> {
    if (!file || busy) return;
    setRefused(undefined);
    upload.reset();
    const next = { id: newPageId(), subject: subjectFromName(file.name), size: file.size };
    try {
      await storeChosenFile(next.id, file);
    } catch (error) {
      setRefused(toErrorInfo(error));
      return;
    }
    setChosen(next);
    await send(next);
  }

  const takeRef = useRef(take);
  takeRef.current = take;
  useEffect(() => {
    // The whole page is the drop target: the list under it is where the file goes.
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      void takeRef.current(event.dataTransfer?.files[0]);
    };
    addEventListener('dragover', over);
    addEventListener('dragleave', leave);
    addEventListener('drop', drop);
    return () => {
      removeEventListener('dragover', over);
      removeEventListener('dragleave', leave);
      removeEventListener('drop', drop);
    };
  }, []);

  const state = upload.state;
  return (
    <section class={`upload-panel${dragging ? ' is-dragging' : ''}`} aria-label={t('upload_button')}>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => input.current?.click()}>
          {t('upload_button')}
        </button>
        <span class="muted">{t('upload_drop_hint')}</span>
        <input
          ref={input}
          type="file"
          hidden
          accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            void take(file);
          }}
        />
      </div>
      {refused ? <ErrorAlert error={refused} /> : null}
      {state.phase === 'sending' ? <UploadProgress size={state.size} /> : null}
      {state.phase === 'done' && chosen ? <p role="status">{t('upload_done_here', chosen.subject)}</p> : null}
      {state.phase === 'failed' && chosen ? (
        <ErrorAlert error={state.error}>
          <button type="button" class="primary" onClick={() => void send(chosen)}>
            {t('try_again')}
          </button>
          <button type="button" onClick={() => void upload.cancel(chosen.id)}>
            {t('upload_cancel')}
          </button>
        </ErrorAlert>
      ) : null}
    </section>
  );
}

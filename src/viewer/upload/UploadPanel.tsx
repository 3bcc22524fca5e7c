import { useEffect, useRef, useState } from 'preact/hooks';
import type { UploadPlace } from '../../api/upload-places.ts';
import { subjectFromName, uploadKindOf } from '../../api/upload-rules.ts';
import { toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { BusyButton, ErrorAlert } from '../../ui/components.tsx';
import { UploadFailed, UploadProgress } from '../../ui/UploadProgress.tsx';
import { useUpload } from '../../ui/upload-flow.ts';

/** What the panel says of the file on its way; the Blob itself is held by the upload until it is in. */
interface Chosen {
  subject: string;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Upload into the inbox or folder on screen: the Upload button, or a file dropped anywhere on the
 * page. The file is checked first (nothing is sent for one that would be refused), then handed to
 * the worker, which sends it once; the list is read again when it is in. It stays in this page's
 * memory only, for Try again, until it is in or cancelled.
 */
export function UploadPanel(props: { place: UploadPlace; onUploaded: () => void }) {
  const upload = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | undefined>(undefined);
  const [refused, setRefused] = useState<ErrorInfo | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const busy = upload.state.phase === 'sending';

  async function send(file: Chosen): Promise<void> {
    const letter = await upload.send(file.subject, props.place);
    if (letter) props.onUploaded();
  }

  async function take(file: File | undefined): Promise<void> {
    if (!file || busy) return;
    setRefused(undefined);
    try {
      // Nothing is sent for a file that would be refused (its size, and its kind from its own first bytes).
      await uploadKindOf(file);
    } catch (error) {
      setRefused(toErrorInfo(error));
      return;
    }
    upload.hold({ blob: file, name: file.name });
    const next = { subject: subjectFromName(file.name) };
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
        <BusyButton type="button" busy={busy} onClick={() => input.current?.click()}>
          {t('upload_button')}
        </BusyButton>
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
        <UploadFailed error={state.error} onRetry={() => void send(chosen)} onCancel={() => void upload.cancel()} />
      ) : null}
    </section>
  );
}

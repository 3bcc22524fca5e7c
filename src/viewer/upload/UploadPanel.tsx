import { useEffect, useRef, useState } from 'preact/hooks';
import type { UploadPlace } from '../../api/upload-places.ts';
import { MAX_SUBJECT_LENGTH, subjectFromName, uploadKindOf } from '../../api/upload-rules.ts';
import { toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { BusyButton, ErrorAlert } from '../../ui/components.tsx';
import { UploadFailed, UploadProgress } from '../../ui/UploadProgress.tsx';
import { useUpload } from '../../ui/upload-flow.ts';
import { useOneMessage } from '../../ui/one-message.tsx';

/**
 * The file chosen and the subject it goes in under (the file's name without its extension until the
 * person writes another). The Blob itself is held by the upload.
 */
interface Chosen {
  name: string;
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
  const sending = useRef(false);
  const busy = upload.state.phase === 'sending';
  const message = useOneMessage();

  async function send(file: Chosen, resend = false): Promise<void> {
    const subject = file.subject.trim();
    // Pressed twice (a double click comes before the form is gone), or sent again while on its way: one upload.
    if (subject === '' || sending.current) return;
    sending.current = true;
    const sent = { ...file, subject };
    setChosen(sent);
    message.speak();
    try {
      const letter = await upload.send(sent.subject, props.place, resend);
      if (letter) props.onUploaded();
    } finally {
      sending.current = false;
      // Its outcome is the newest thing said on the page, whatever was done meanwhile.
      message.speak();
    }
  }

  const cancel = () => {
    setChosen(undefined);
    void upload.cancel();
  };

  async function take(file: File | undefined): Promise<void> {
    if (!file || busy) return;
    setRefused(undefined);
    message.speak();
    try {
      // Nothing is sent for a file that would be refused (its size, and its kind from its own first bytes).
      await uploadKindOf(file);
    } catch (error) {
      // A new file replaces the one before: its refusal is all there is to say, not beside the last upload's outcome.
      cancel();
      setRefused(toErrorInfo(error));
      return;
    }
    upload.hold({ blob: file, name: file.name });
    // Nothing is sent yet: the person sees the subject it will have, and may write another.
    setChosen({ name: file.name, subject: subjectFromName(file.name) });
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
      {refused && message.heard ? <ErrorAlert error={refused} /> : null}
      {/* Kept, inert, while the file goes: a double click's second half lands on it, not on a row below. */}
      {chosen && (state.phase === 'ready' || state.phase === 'sending') ? (
        <form
          class="upload-subject"
          onSubmit={(event) => {
            event.preventDefault();
            void send(chosen);
          }}
        >
          <p class="file-name">{chosen.name}</p>
          <label for="upload-subject">{t('save_subject')}</label>
          <input
            id="upload-subject"
            type="text"
            required
            maxLength={MAX_SUBJECT_LENGTH}
            value={chosen.subject}
            disabled={busy}
            onInput={(event) => setChosen({ ...chosen, subject: event.currentTarget.value })}
          />
          <div class="actions">
            <BusyButton type="submit" class="primary" busy={busy}>
              {t('upload_send')}
            </BusyButton>
            {busy ? null : (
              <button type="button" onClick={cancel}>
                {t('upload_cancel')}
              </button>
            )}
          </div>
        </form>
      ) : null}
      {state.phase === 'sending' ? <UploadProgress size={state.size} /> : null}
      {state.phase === 'done' && chosen && message.heard ? (
        <p class="upload-done" role="status">
          {t('upload_done_here', chosen.subject)}
        </p>
      ) : null}
      {state.phase === 'failed' && chosen && message.heard ? (
        <UploadFailed error={state.error} onRetry={(resend) => void send(chosen, resend)} onCancel={cancel} />
      ) : null}
    </section>
  );
}

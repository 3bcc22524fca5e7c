import { useRef, useState } from 'preact/hooks';
import type { LinkTarget } from '../api/links.ts';
import type { UploadPlace } from '../api/upload-places.ts';
import { toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { sendFile } from './send-file.ts';

export type UploadPhase =
  | { phase: 'ready' }
  | { phase: 'sending'; size: number }
  | { phase: 'done'; letter?: LinkTarget }
  | { phase: 'failed'; error: ErrorInfo }
  | { phase: 'cancelled' };

/** A file the page holds for its upload: the one copy there is, in this page's memory. */
export interface HeldFile {
  blob: Blob;
  name: string;
}

/**
 * One file's upload, as a page shows it. The page keeps the Blob until it is saved or cancelled
 * (Try again never fetches or reads the file again), then lets go of it; closing the page loses
 * it, as nothing is written anywhere.
 *
 * The page holds no id: the worker knows the intent (this person, this file, this subject, this
 * place) and sends it once. Try again, or the same file saved again after a reload, looks for the
 * letter first and sends nothing while the first may have arrived; only the person's explicit
 * "send again" (`resend`) sends once more. Another place or another file is another upload.
 */
export function useUpload() {
  const [state, setState] = useState<UploadPhase>({ phase: 'ready' });
  const held = useRef<HeldFile | undefined>(undefined);

  async function send(subject: string, place: UploadPlace, resend = false): Promise<LinkTarget | undefined> {
    const file = held.current;
    if (!file) return undefined;
    setState({ phase: 'sending', size: file.blob.size });
    try {
      const { letter } = await sendFile({
        type: 'upload',
        subject,
        place,
        file: file.blob,
        name: file.name,
        ...(resend ? { resend } : {}),
      });
      held.current = undefined;
      setState(letter ? { phase: 'done', letter } : { phase: 'done' });
      return letter;
    } catch (error) {
      setState({ phase: 'failed', error: toErrorInfo(error) });
      return undefined;
    }
  }

  // The worker's record of the id stays the worker's: it goes with the session, never by a page.
  function cancel(): Promise<void> {
    held.current = undefined;
    setState({ phase: 'cancelled' });
    return Promise.resolve();
  }

  /** Lets go of the file without a word to the worker (the session ended: its records went with it). */
  function drop(): void {
    held.current = undefined;
  }

  return {
    state,
    send,
    cancel,
    drop,
    /** Takes a new file to send (the one held before, if any, is let go). */
    hold: (file: HeldFile) => {
      held.current = { ...file };
      setState({ phase: 'ready' });
    },
  };
}

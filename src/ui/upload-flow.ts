import { useState } from 'preact/hooks';
import type { LinkTarget } from '../api/links.ts';
import type { UploadPlace } from '../api/upload-places.ts';
import { judgeUpload, SNIFF_BYTES } from '../api/upload-rules.ts';
import { AppError, toErrorInfo, type ErrorInfo } from '../shared/errors.ts';
import { browserAreas } from '../storage/browser-areas.ts';
import { removeItems } from '../storage/item.ts';
import { deleteFile, putFile } from '../storage/upload-files.ts';
import { uploadRecords } from '../storage/upload-items.ts';
import { ask } from './worker-client.ts';

export type UploadPhase =
  | { phase: 'ready' }
  | { phase: 'sending'; size: number }
  | { phase: 'done'; letter?: LinkTarget }
  | { phase: 'failed'; error: ErrorInfo }
  | { phase: 'cancelled' };

/**
 * Checks a file the person chose or dropped (size, and its kind from its own first bytes) and
 * stores it for the worker: nothing is sent for a file that would be refused.
 */
export async function storeChosenFile(id: string, file: File): Promise<void> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const verdict = judgeUpload(head, file.size, file.type);
  if (!verdict.ok) throw new AppError(verdict.code);
  await putFile(id, { blob: file, name: file.name, storedAt: Date.now() });
}

/** Forgets a stored file and its upload's record: the person gave up on it. */
async function forgetUpload(id: string): Promise<void> {
  await deleteFile(id);
  await removeItems(browserAreas, uploadRecords.item(id));
}

/**
 * One stored file's upload, as a page shows it. Try again sends the same id, so the worker looks
 * for the letter before it sends the file again; the file is never fetched or read again here.
 */
export function useUpload() {
  const [state, setState] = useState<UploadPhase>({ phase: 'ready' });

  async function send(id: string, subject: string, place: UploadPlace, size: number): Promise<LinkTarget | undefined> {
    setState({ phase: 'sending', size });
    try {
      const { letter } = await ask({ type: 'upload', id, subject, place });
      setState(letter ? { phase: 'done', letter } : { phase: 'done' });
      return letter;
    } catch (error) {
      setState({ phase: 'failed', error: toErrorInfo(error) });
      return undefined;
    }
  }

  async function cancel(id: string): Promise<void> {
    await forgetUpload(id).catch(() => undefined);
    setState({ phase: 'cancelled' });
  }

  return { state, send, cancel, reset: () => setState({ phase: 'ready' }) };
}

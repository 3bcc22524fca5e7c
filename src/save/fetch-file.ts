import { withDeadline } from '../api/deadline.ts';
import { judgeUpload, MAX_UPLOAD_BYTES, SNIFF_BYTES, uploadDeadlineMs, type UploadKind } from '../api/upload-rules.ts';
import { fileNameOf } from '../api/upload-rules.ts';
import { AppError } from '../shared/errors.ts';
import { putFile } from '../storage/upload-files.ts';

export interface FetchedFile {
  name: string;
  size: number;
  kind: UploadKind;
}

/** Reads a body whose length was not announced, stopping as soon as it passes the limit. */
async function countedBlob(response: Response): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return new Blob([]);
  const parts: BlobPart[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_UPLOAD_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('upload_too_large');
    }
    parts.push(value);
  }
  return new Blob(parts);
}

/**
 * Fetches the file a right-click pointed at, as the browser would for that site (with its
 * cookies: a document behind the person's login comes too), and stores it for the worker. The
 * extension may reach the site only by the access the person gave at that moment (activeTab from
 * the click, or the host permission the page asks for). HTML, a file over 100 MiB and any kind the
 * service does not take are refused here, before anything is stored or sent; a known size over the
 * limit is refused before the body is read at all.
 */
export async function fetchToStore(url: string, id: string): Promise<FetchedFile> {
  return withDeadline(uploadDeadlineMs(MAX_UPLOAD_BYTES), undefined, async (signal) => {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'include', signal, referrerPolicy: 'no-referrer' });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new AppError('upload_source_unreachable', { detail: error instanceof Error ? error.message : String(error) });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new AppError('upload_source_refused', { status: response.status });
    }
    const type = response.headers.get('content-type') ?? '';
    const announced = Number(response.headers.get('content-length') ?? NaN);
    if (/^\s*(text\/html|application\/xhtml\+xml)/i.test(type) || (Number.isFinite(announced) && announced > MAX_UPLOAD_BYTES)) {
      await response.body?.cancel().catch(() => undefined);
      throw new AppError(Number.isFinite(announced) && announced > MAX_UPLOAD_BYTES ? 'upload_too_large' : 'upload_html');
    }
    // With its size announced (and within the limit), the browser builds the Blob in its own blob
    // store, which keeps large ones on disk; otherwise the body is counted as it comes.
    const blob = Number.isFinite(announced) ? await response.blob() : await countedBlob(response);
    const verdict = judgeUpload(new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()), blob.size, type);
    if (!verdict.ok) throw new AppError(verdict.code);
    const name = fileNameOf(response.url || url, response.headers.get('content-disposition'));
    await putFile(id, { blob, name, storedAt: Date.now() });
    return { name, size: blob.size, kind: verdict.kind };
  });
}

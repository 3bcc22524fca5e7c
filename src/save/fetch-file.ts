import { globalFetch, hardenedFetch } from '../api/http-core.ts';
import { fileNameOf, MAX_UPLOAD_BYTES, uploadDeadlineMs, uploadKindOf, type UploadKind } from '../api/upload-rules.ts';
import { AppError, isOffline } from '../shared/errors.ts';

export interface FetchedFile {
  /** The file itself, kept by the save page only (in memory) until it is saved or cancelled. */
  blob: Blob;
  name: string;
  kind: UploadKind;
}

/**
 * Fetches the file a right-click pointed at, as the browser would for that site (with its
 * cookies: a document behind the person's login comes too), into a Blob the page keeps. The
 * extension may reach the site only by the access the person gave at that moment (activeTab from
 * the click, or the host permission the page asks for). HTML, a file over 100 MiB and any kind the
 * service does not take are refused here, before anything is sent; a known size over the
 * limit is refused before the body is read at all.
 */
export async function fetchFile(url: string): Promise<FetchedFile> {
  const request = { url, redirects: 'follow', timeoutMs: uploadDeadlineMs(MAX_UPLOAD_BYTES), siteCookies: true } as const;
  try {
    return await hardenedFetch(globalFetch, request, async (answer) => {
      if (!answer.ok) {
        await answer.discard();
        throw new AppError('upload_source_refused', { status: answer.status });
      }
      const type = answer.header('content-type') ?? '';
      if (/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) {
        await answer.discard();
        throw new AppError('upload_html');
      }
      const blob = await answer.blob(MAX_UPLOAD_BYTES, (detail) => new AppError('upload_too_large', { detail }));
      const kind = await uploadKindOf(blob, type);
      const name = fileNameOf(answer.url || url, answer.header('content-disposition'));
      return { blob, name, kind };
    });
  } catch (error) {
    // The browser says no more than "failed to fetch" for a site it may not reach, or that did not answer.
    if (error instanceof AppError && isOffline(error.info)) {
      const { detail } = error.info;
      throw new AppError('upload_source_unreachable', detail === undefined ? {} : { detail });
    }
    throw error;
  }
}

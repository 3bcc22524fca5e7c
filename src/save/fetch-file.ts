import { globalFetch, hardenedFetch } from '../api/http-core.ts';
import { fileNameOf, MAX_UPLOAD_BYTES, uploadDeadlineMs, uploadKindOf, type UploadKind } from '../api/upload-rules.ts';
import { AppError, isOffline } from '../shared/errors.ts';
import { hostAsRead, isPrivateNetworkAddress } from './site-address.ts';

export interface FetchedFile {
  /** The file itself, kept by the save page only (in memory) until it is saved or cancelled. */
  blob: Blob;
  name: string;
  kind: UploadKind;
}

/**
 * An address on this computer or the person's own network whose host they have not said yes to:
 * nothing from it is handed on. `redirected`: the first address led there; its answer has been
 * let go of unread.
 */
export interface HostToConfirm {
  confirm: string;
  redirected: boolean;
}

/** Whether `address` may be used only once the person has said yes to its host (site-address.ts). */
function needsYes(address: string, confirmedHosts: readonly string[]): boolean {
  return isPrivateNetworkAddress(address) && !confirmedHosts.includes(hostAsRead(address));
}

/**
 * Fetches the file a right-click pointed at, as the browser would for that site (with its
 * cookies: a document behind the person's login comes too), into a Blob the page keeps. The
 * extension may reach the site only by the access the person gave at that moment (activeTab from
 * the click, or the host permission the page asks for). HTML, a file over 100 MiB and any kind the
 * service does not take are refused here, before anything is sent; a known size over the
 * limit is refused before the body is read at all.
 *
 * An address on this computer or the person's own network is used only once they have said yes
 * to its host (`confirmedHosts`, as hostAsRead writes them), and this holds for where redirects
 * lead as well as for the first address. What a browser lets an extension page see of a redirect
 * decides how:
 *  - the first address is judged before anything is sent: a private one the person has not said
 *    yes to is not fetched at all;
 *  - the browser follows redirects itself. With redirect 'manual' it answers an opaque redirect
 *    without its Location (in pages and workers alike), so the chain cannot be walked hop by hop
 *    here; the only permission that could (webRequest) is not one this extension asks for.
 *    What is seen is where the chain ended (`response.url`). When that is a private address the
 *    person has not said yes to, whatever the first address was, its answer is let go of unread
 *    (neither its body nor its status is handed on) and the person is asked about that host; the
 *    file is fetched again only after a yes.
 * Not covered: the hops in between. A public address that leads through a private one and on to a
 * public one ends public, and is taken; and a request to a private address a redirect led to has
 * been sent (with the site's cookies for it) before its answer can be judged, since the browser
 * sends it before we see anything. What the rule does keep is that nothing a private address
 * answered reaches the person's mailbox without their yes.
 */
export async function fetchFile(url: string, confirmedHosts: readonly string[] = []): Promise<FetchedFile | HostToConfirm> {
  if (needsYes(url, confirmedHosts)) return { confirm: url, redirected: false };
  const request = { url, redirects: 'follow', timeoutMs: uploadDeadlineMs(MAX_UPLOAD_BYTES), siteCookies: true } as const;
  try {
    return await hardenedFetch(globalFetch, request, async (answer): Promise<FetchedFile | HostToConfirm> => {
      const landed = answer.url === '' ? url : answer.url;
      if (needsYes(landed, confirmedHosts)) {
        await answer.discard();
        return { confirm: landed, redirected: true };
      }
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
      const name = fileNameOf(landed, answer.header('content-disposition'));
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

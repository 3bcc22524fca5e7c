import { bytesToBase64 } from '../shared/base64.ts';
import { parseWith } from '../api/http.ts';
import { classifyLink, findLink, relationName, type LinkTarget } from '../api/links.ts';
import { anyResourceSchema, documentSchema } from '../api/schemas.ts';
import { urlProblem } from '../api/origin.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import { warn } from '../shared/warn.ts';
import type { ContentView } from '../protocol/messages.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import type { RootCache } from './root-cache.ts';

export interface LetterContentDeps {
  calls: ServiceCalls;
  rootCache: Pick<RootCache, 'getRootAndAnnounce'>;
}

export interface LetterContent {
  getContent: (config: ExtensionConfig, request: LinkTarget) => Promise<ContentView>;
  sendOpeningReceipt: (config: ExtensionConfig, letter: LinkTarget, index: number) => Promise<{ data: unknown }>;
  /** The root and the inbox fetched again (counts, badge, the popup's letters); a failure is only logged. */
  refreshRoot: (config: ExtensionConfig) => Promise<void>;
}

export function createLetterContent(deps: LetterContentDeps): LetterContent {
  const { authorizedBinary, authorizedFetch } = deps.calls;

  /**
   * A fresh root updates the cached unread count and the badge, and a fresh inbox page the popup's
   * newest letters, where the letter just read (or moved, or deleted) must no longer show as it was
   * (both are fetched side by side). A failure here must not hide the letter.
   */
  async function refreshRoot(config: ExtensionConfig): Promise<void> {
    try {
      await deps.rootCache.getRootAndAnnounce(config, true, true);
    } catch (error) {
      warn('Could not update the unread count', error);
    }
  }

  /**
   * Fetches content (a letter's get_document_content link) with the token and hands it to the page
   * as Base64: runtime messages carry JSON only. Fetching content marks the letter read on the
   * server, so the root (unread counts, badge) is refreshed before answering. Content over
   * MAX_CONTENT_BYTES is refused while it streams in (fetchBinary), never read whole.
   */
  async function getContent(config: ExtensionConfig, request: LinkTarget): Promise<ContentView> {
    const serviceOrigin = new URL(config.baseUrl).origin;
    const relation = request.relation ?? 'get_document_content';
    const verdict = classifyLink({ rel: relation, uri: request.url }, serviceOrigin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    // Fetching the content marks the letter read, even when it turns out too large to show.
    const refresh = () => (relationName(relation) === 'get_document_content' ? refreshRoot(config) : Promise.resolve());
    let content;
    try {
      content = await authorizedBinary(config, { url: request.url, mediaType: request.mediaType, relation });
    } catch (error) {
      if (error instanceof AppError && error.code === 'content_too_large') await refresh();
      throw error;
    }
    // Answered only once the new count is stored, so a popup opened next shows it.
    const refreshed = refresh();
    const bytes = new Uint8Array(await content.blob.arrayBuffer());
    const answer = { contentType: content.contentType, base64: bytesToBase64(bytes), size: bytes.length };
    await refreshed;
    return answer;
  }

  /**
   * Sends the opening receipt of one attachment of a letter. The page asks only after the user's
   * click, and names the letter, not an address to POST to: the worker reads the letter itself and
   * POSTs the attachment's send_opening_receipt link as the service gives it there, on the service's
   * own origin. So no page can make the worker POST to any other address of the service.
   */
  async function sendOpeningReceipt(config: ExtensionConfig, letter: LinkTarget, index: number): Promise<{ data: unknown }> {
    const serviceOrigin = new URL(config.baseUrl).origin;
    const verdict = classifyLink({ rel: letter.relation ?? 'self', uri: letter.url }, serviceOrigin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    const read = await authorizedFetch(config, { url: letter.url, mediaType: letter.mediaType, relation: letter.relation ?? 'self' });
    const attachment = parseWith(documentSchema, read, 'letter').attachment[index];
    const receipt = attachment ? findLink(attachment.link, 'send_opening_receipt') : undefined;
    if (!receipt) {
      // Sent already (from another device, say): the content is offered now, and the page opens it.
      if (attachment && findLink(attachment.link, 'get_document_content')) return { data: attachment };
      throw new AppError('receipt_link_missing');
    }
    const problem = urlProblem(receipt.uri, serviceOrigin);
    if (problem) throw new AppError(problem);
    const answer = await authorizedFetch(config, { url: receipt.uri, relation: 'send_opening_receipt', method: 'POST' });
    // The page reads links from the answer: an answer, when there is one, must be a resource.
    return { data: answer === null ? null : parseWith(anyResourceSchema, answer, 'receipt answer') };
  }

  return { getContent, sendOpeningReceipt, refreshRoot };
}

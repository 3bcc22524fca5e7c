import { bytesToBase64 } from '../shared/base64.ts';
import { classifyLink, relationName, type LinkTarget } from '../api/links.ts';
import type { ExtensionConfig } from '../config/config.ts';
import { AppError } from '../shared/errors.ts';
import type { ContentView } from '../protocol/messages.ts';
import type { ServiceCalls } from './authorized-fetch.ts';
import type { RootCache } from './root-cache.ts';

export interface LetterContentDeps {
  calls: ServiceCalls;
  rootCache: Pick<RootCache, 'refresh'>;
}

export interface LetterContent {
  getContent: (config: ExtensionConfig, request: LinkTarget) => Promise<ContentView>;
}

export function createLetterContent(deps: LetterContentDeps): LetterContent {
  const { authorizedBinary } = deps.calls;

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
    // Reading a letter changes no invoice: the places' open invoices are not read again beside the letter being drawn.
    const refresh = () => (relationName(relation) === 'get_document_content' ? deps.rootCache.refresh(config, false) : Promise.resolve());
    let content;
    try {
      content = await authorizedBinary(config, { url: request.url, mediaType: request.mediaType, relation });
    } catch (error) {
      if (error instanceof AppError && error.code === 'content_too_large') await refresh();
      throw error;
    }
    // Answered only once the new count is stored, so a popup opened next shows it (and the popup's
    // newest letters, fetched beside it, no longer show the letter as unread).
    const refreshed = refresh();
    const bytes = new Uint8Array(await content.blob.arrayBuffer());
    const answer = { contentType: content.contentType, base64: bytesToBase64(bytes), size: bytes.length };
    await refreshed;
    return answer;
  }

  return { getContent };
}

import { findLink } from '../api/links.ts';
import type { Link } from '../api/schemas.ts';
import type { Request, ResponseMap } from '../protocol/messages.ts';
import { AppError } from '../shared/errors.ts';
import { attachmentsOf } from '../model/letters.ts';
import { linksOf } from '../model/read-json.ts';

type Ask = <K extends 'sendOpeningReceipt' | 'getResource'>(request: Extract<Request, { type: K }>) => Promise<ResponseMap[K]>;

export interface OpeningReceipt {
  /** Whether the service has accepted the receipt: from then on only the content link is sought. */
  readonly sent: boolean;
  /**
   * The attachment's content link. The first call sends the receipt; a call after a failure sends
   * it again only if it was never accepted, so Try again cannot tell the sender twice that the
   * letter was opened.
   */
  contentLink(): Promise<Link>;
}

/**
 * An opening receipt for the attachment at `index` of a letter, sent only on the person's click
 * (the page creates one per click). The service may hand the content link back in its answer, or
 * only in a fresh copy of the letter (contract §6).
 */
export function openingReceipt(ask: Ask, receipt: Link, letterSelf: Link | undefined, index: number): OpeningReceipt {
  let answer: { data: unknown } | undefined;
  const fromFreshLetter = async (): Promise<Link | undefined> => {
    if (!letterSelf) return undefined;
    const fresh = await ask({ type: 'getResource', url: letterSelf.uri, mediaType: letterSelf['media-type'], relation: 'self' });
    return attachmentsOf(fresh.data, Number.POSITIVE_INFINITY)[index]?.content;
  };
  return {
    get sent() {
      return answer !== undefined;
    },
    async contentLink() {
      answer ??= await ask({ type: 'sendOpeningReceipt', url: receipt.uri });
      const link = findLink(linksOf(answer.data), 'get_document_content') ?? (await fromFreshLetter());
      if (!link) throw new AppError('receipt_sent_content_missing');
      return link;
    },
  };
}

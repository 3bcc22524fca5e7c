import { findLink, type LinkTarget } from '../../api/links.ts';
import type { Link } from '../../api/schemas.ts';
import type { Request, ResponseMap } from '../../protocol/messages.ts';
import { AppError } from '../../shared/errors.ts';
import { attachmentsOf } from '../../model/letters.ts';
import { linksOf } from '../../model/read-json.ts';

type Ask = <K extends 'sendOpeningReceipt' | 'getResource'>(request: Extract<Request, { type: K }>) => Promise<ResponseMap[K]>;

export interface OpeningReceipt {
  /** Whether the service has accepted the receipt: from then on only the content link is sought. */
  readonly sent: boolean;
  /**
   * The attachment's content link. The first call asks the worker for the receipt; once accepted it
   * is not asked for again here. The worker keeps the receipt to one intent (one letter, one
   * attachment), so Try again after a lost answer only looks and cannot tell the sender twice that
   * the letter was opened (background/actions/opening-receipt.ts).
   */
  contentLink(resend?: boolean): Promise<Link>;
}

/**
 * An opening receipt for the attachment at `index` of the letter at `letter` (its self link), sent
 * only on the person's click (the page creates one per click); `resend`: the person chose to send
 * again a receipt whose outcome is unknown. The worker reads the letter and
 * sends the receipt the service offers there. The service may hand the content link back in its
 * answer, or only in a fresh copy of the letter (contract §6).
 */
export function openingReceipt(ask: Ask, letter: LinkTarget, index: number): OpeningReceipt {
  let answer: { data: unknown } | undefined;
  const fromFreshLetter = async (): Promise<Link | undefined> => {
    const fresh = await ask({ type: 'getResource', ...letter });
    return attachmentsOf(fresh.data, Number.POSITIVE_INFINITY)[index]?.content;
  };
  return {
    get sent() {
      return answer !== undefined;
    },
    async contentLink(resend = false) {
      answer ??= await ask({ type: 'sendOpeningReceipt', letter, attachment: index, ...(resend ? { resend } : {}) });
      const link = findLink(linksOf(answer.data), 'get_document_content') ?? (await fromFreshLetter());
      if (!link) throw new AppError('receipt_sent_content_missing');
      return link;
    },
  };
}

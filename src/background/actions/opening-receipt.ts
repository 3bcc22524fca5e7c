import { parseWith } from '../../api/http.ts';
import { classifyLink, findLink, type LinkTarget } from '../../api/links.ts';
import { urlProblem } from '../../api/origin.ts';
import { anyResourceSchema, documentSchema, type Attachment } from '../../api/schemas.ts';
import type { ExtensionConfig } from '../../config/config.ts';
import { AppError } from '../../shared/errors.ts';
import type { ServiceCalls } from '../authorized-fetch.ts';
import { canonicalAddress, intentId } from '../intent.ts';
import type { Once } from '../once.ts';
import type { OwnRequestAction, Signed } from './action.ts';

export interface OpeningReceiptsDeps {
  calls: Pick<ServiceCalls, 'authorizedFetch'>;
  once: Once;
}

/**
 * The opening receipt, as the table of writes declares it (table.ts): its own request,
 * `sendOpeningReceipt`, performs it; told once, it is never told again, whatever a look shows.
 */
export const openingReceiptAction: OwnRequestAction<'send_opening_receipt'> = {
  request: 'sendOpeningReceipt',
  unseen: 'write_outcome_unknown',
  final: true,
};

/** The service's answer to the receipt (the attachment, with its content link, where it sends one). */
export interface ReceiptAnswer {
  data: unknown;
}

/**
 * Sends the opening receipt of one attachment of a letter: a write like any other, so it goes
 * through the once-only engine (once.ts). It tells the sender that the letter was opened, which
 * must never be told twice: asked again (Try again, a reload, another tab, a worker started again)
 * it looks first, and the evidence that it arrived is the letter itself, read again: the
 * attachment asks for no receipt any more and offers its content. The page asks only after the
 * person's click and names the letter, not an address to POST to: the worker reads the letter and
 * POSTs the attachment's send_opening_receipt link as the service gives it there.
 */
export function createOpeningReceipts(deps: OpeningReceiptsDeps) {
  const { authorizedFetch } = deps.calls;

  async function attachmentOf(config: ExtensionConfig, letter: LinkTarget, index: number): Promise<Attachment | undefined> {
    const read = await authorizedFetch(config, { url: letter.url, mediaType: letter.mediaType, relation: letter.relation ?? 'self' });
    return parseWith(documentSchema, read, 'letter').attachment[index];
  }

  /** Sent (here or from another device): no receipt is asked for any more, and the content is offered. */
  const sentAlready = (attachment: Attachment | undefined): ReceiptAnswer | undefined =>
    attachment && !findLink(attachment.link, 'send_opening_receipt') && findLink(attachment.link, 'get_document_content')
      ? { data: attachment }
      : undefined;

  /** `resend`: the person chose to send again a receipt whose outcome is unknown (as for any write). */
  async function send(
    config: ExtensionConfig,
    who: Signed,
    generation: number,
    letter: LinkTarget,
    index: number,
    resend?: boolean,
  ): Promise<ReceiptAnswer> {
    const serviceOrigin = new URL(config.baseUrl).origin;
    const verdict = classifyLink({ rel: letter.relation ?? 'self', uri: letter.url }, serviceOrigin);
    if (!verdict.followable) throw new AppError(verdict.reason);
    const lane = canonicalAddress(letter.url);
    const { result } = await deps.once.run(
      { id: intentId(who.userId, ['send_opening_receipt', lane, index]), lane },
      generation,
      {
        look: async () => sentAlready(await attachmentOf(config, letter, index)),
        prepare: async () => {
          const attachment = await attachmentOf(config, letter, index);
          const already = sentAlready(attachment);
          if (already) return { already };
          const receipt = attachment ? findLink(attachment.link, 'send_opening_receipt') : undefined;
          if (!receipt) throw new AppError('receipt_link_missing');
          const problem = urlProblem(receipt.uri, serviceOrigin);
          if (problem) throw new AppError(problem);
          return {
            send: async () => {
              // With the token of the session the person asked in only (authorized-fetch.ts).
              const answer = await authorizedFetch(config, {
                url: receipt.uri,
                relation: 'send_opening_receipt',
                method: 'POST',
                generation,
              });
              // The page reads links from the answer: an answer, when there is one, must be a resource.
              return { data: answer === null ? null : parseWith(anyResourceSchema, answer, 'receipt answer') };
            },
          };
        },
        unseen: new AppError(openingReceiptAction.unseen),
        // Told once, never again: the letter as it is now, for the page to find its content in.
        ...(openingReceiptAction.final ? { final: async () => ({ data: (await attachmentOf(config, letter, index)) ?? null }) } : {}),
      },
      { resend },
    );
    return result;
  }

  return { send };
}

export type OpeningReceipts = ReturnType<typeof createOpeningReceipts>;

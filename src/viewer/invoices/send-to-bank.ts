import type { LinkTarget } from '../../api/links.ts';
import { outcomeMayBeUnknown, toErrorInfo } from '../../shared/errors.ts';
import { ask } from '../../ui/worker-client.ts';

/*
 * Sending an invoice to the person's bank (contract §6.1), through the worker's exactly-once write.
 * The worker knows the intent (this person, this invoice, to the bank) and decides what happened
 * when no answer came: it reads the invoice again for a while and answers done once the payment
 * shows, or 'write_not_confirmed' while it does not. Asking again sends nothing while the first
 * may have arrived: the worker only looks, evidence first. Only the person's explicit "send again"
 * (`resend`) sends once more.
 */

/**
 * Sent, with the worker's answer: `shown`, the letter as it read it again once sent (null: gone;
 * absent: it could not be read, and the letter stays as shown). Or not confirmed yet.
 */
export type SendOutcome = { shown?: unknown } | 'not_confirmed';

export async function sendToBank(letter: LinkTarget, attachment: number, resend = false): Promise<SendOutcome> {
  try {
    return await ask({ type: 'write', target: letter, attachment, rel: 'send_to_bank', ...(resend ? { resend } : {}) });
  } catch (error) {
    // Not confirmed, or the worker had not answered within the page's own deadline: it may still be looking.
    if (outcomeMayBeUnknown(toErrorInfo(error))) return 'not_confirmed';
    throw error;
  }
}

/**
 * The person's own bank account, as the worker names it (getOwnBankAccount); undefined where it
 * names none or on any failure: the confirmation then simply does not name it.
 */
export function ownBankAccount(): Promise<string | undefined> {
  return ask({ type: 'getOwnBankAccount' }).then(
    ({ account }) => account,
    () => undefined,
  );
}

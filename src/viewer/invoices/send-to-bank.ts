import { targetOf, type LinkTarget } from '../../api/links.ts';
import { findLink } from '../../api/relation-name.ts';
import { withPayment } from '../../model/invoice-payment.ts';
import { isObj, str } from '../../model/read-json.ts';
import { ask } from '../../ui/worker-client.ts';
import { outcomeUnknown, readAgain } from '../filing/filing.ts';

/*
 * Sending an invoice to the person's bank (contract §6.1), through the worker's exactly-once write:
 * one id per confirmation, so a second click joins the first request. When no answer came (the
 * request may have arrived), the letter is read again before anything is repeated: a payment there
 * means it was sent; none means it was not, and the person may confirm again (with a new id); a
 * letter that cannot be read leaves it unknown, and nothing is offered until it is read again.
 */

export type SendOutcome = 'sent' | 'not_sent' | 'unknown';

/** The invoice at `attachment` of a letter as the service gives it now has a payment. */
function hasPayment(letter: unknown, attachment: number): boolean {
  const item = isObj(letter) && Array.isArray(letter.attachment) ? (letter.attachment as unknown[])[attachment] : undefined;
  return withPayment({}, item).payment !== undefined;
}

export async function sendToBank(letter: LinkTarget, attachment: number, id: string): Promise<SendOutcome> {
  try {
    await ask({ type: 'write', id, target: letter, attachment, rel: 'send_to_bank' });
    return 'sent';
  } catch (error) {
    if (!outcomeUnknown(error)) throw error;
  }
  try {
    return hasPayment(await readAgain(letter), attachment) ? 'sent' : 'not_sent';
  } catch {
    return 'unknown';
  }
}

/**
 * The person's own bank account, where the service offers it (`current_bank_account` on the
 * account) and the session may read it; undefined otherwise or on any failure: the confirmation
 * then simply does not name it.
 */
export async function ownBankAccount(): Promise<string | undefined> {
  try {
    const { root, scopes } = await ask({ type: 'getRoot' });
    const link = findLink(root.primaryAccount?.link, 'current_bank_account');
    if (!link || !scopes.includes('READ_ACCOUNT_INFO')) return undefined;
    const { data } = await ask({ type: 'getResource', ...targetOf(link, 'current_bank_account') });
    const account = isObj(data) && isObj(data.bankAccount) ? str(data.bankAccount.accountNumber) : undefined;
    return account !== undefined && account.trim() !== '' ? account : undefined;
  } catch {
    return undefined;
  }
}


import { targetOf, type LinkTarget } from '../../api/links.ts';
import { findLink } from '../../api/relation-name.ts';
import { isObj, str } from '../../model/read-json.ts';
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

export type SendOutcome = 'sent' | 'not_confirmed';

export async function sendToBank(letter: LinkTarget, attachment: number, resend = false): Promise<SendOutcome> {
  try {
    await ask({ type: 'write', target: letter, attachment, rel: 'send_to_bank', ...(resend ? { resend } : {}) });
    return 'sent';
  } catch (error) {
    // Not confirmed, or the worker had not answered within the page's own deadline: it may still be looking.
    if (outcomeMayBeUnknown(toErrorInfo(error))) return 'not_confirmed';
    throw error;
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

import { findLink } from '../../api/relation-name.ts';
import type { Link } from '../../api/schemas.ts';
import { AppError } from '../../shared/errors.ts';
import { isObj, str } from '../../model/read-json.ts';
import type { RootSnapshot } from '../../api/root-snapshot.ts';
import { type Fields, type WriteAction } from './action.ts';

/** How many times the worker reads an invoice again within the confirmation window. */
const CONFIRM_LOOKS = 6;

function invoiceOf(letter: Fields, attachment: number): Fields | undefined {
  const item = Array.isArray(letter.attachment) ? (letter.attachment as unknown[])[attachment] : undefined;
  return isObj(item) && isObj(item.invoice) ? item.invoice : undefined;
}

/**
 * Sending an invoice to the person's bank (contract §6.1), through the invoice's own link: done
 * once the invoice shows its payment, looked for several times over a bounded while after a
 * request whose answer was lost (the service records it only once its call to the bank is
 * through; one read without it proves nothing). Until then it is 'write_not_confirmed', and a
 * payment the service took is never asked for again (`final`).
 */
export const sendToBank: WriteAction<'send_to_bank'> = {
  // A payment already there, with no record of ours, is someone else's sending: ours could never be told apart from it.
  body: (given, source, request) => {
    if (invoiceOf(source, request.attachment ?? 0)?.payment !== undefined)
      throw new AppError('write_rejected', { status: 400, detail: 'INVOICE_ALREADY_SENT_TO_BANK' });
    return given;
  },
  look: async (record, read, request, confirmWindowMs) => {
    const looks = record.state === 'sent' ? CONFIRM_LOOKS : 1;
    for (let turn = 1; turn <= looks; turn++) {
      const letter = await read().catch(() => undefined);
      if (letter && invoiceOf(letter, request.attachment ?? 0)?.payment !== undefined) return true;
      if (turn < looks) await new Promise((resolve) => setTimeout(resolve, confirmWindowMs / looks));
    }
    return false;
  },
  unseen: 'write_not_confirmed',
  final: true,
  // The page shows the letter as the worker reads it again once sent (its payment), not by asking again itself.
  shows: true,
};

/**
 * The person's own bank account, for the confirmation to name: where the root's account offers
 * `current_bank_account` and the session may read it (READ_ACCOUNT_INFO); else none. The worker
 * answers it to the page in one request (getOwnBankAccount), so the page asks neither the root
 * nor the account itself.
 */
export async function ownBankAccount(
  { root, scopes }: Pick<RootSnapshot, 'root' | 'scopes'>,
  read: (link: Link) => Promise<unknown>,
): Promise<string | undefined> {
  const link = findLink(root.primaryAccount?.link, 'current_bank_account');
  if (!link || !scopes.includes('READ_ACCOUNT_INFO')) return undefined;
  const data = await read(link);
  const account = isObj(data) && isObj(data.bankAccount) ? str(data.bankAccount.accountNumber) : undefined;
  return account?.trim() ? account : undefined;
}

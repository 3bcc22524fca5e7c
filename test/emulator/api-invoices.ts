/** Paying from the mailbox (contract §6.1): sending an invoice to the person's bank, and which account it pays from. */
import type { Hono } from 'hono';
import { linkerFor } from './api-root.ts';
import { guarded, inMailbox } from './guard.ts';
import { apiError, apiJson, resource } from './http.ts';
import { ROUTES } from './links.ts';
import type { Invoice } from './mailbox.ts';
import { attachmentJson } from './represent.ts';
import type { Emulator } from './state.ts';

/** The bank behind the demo user's agreement; its web site is where a payment is seen or stopped. */
const DEMO_BANK = { name: 'DNB', homepage: 'https://www.dnb.no/' } as const;

export function invoiceRoutes(app: Hono, em: Emulator): void {
  /** Invoices sent on whose payment does not show yet (knob bankPaymentDelayMs). */
  const held = new WeakSet<Invoice>();
  resource(app, ROUTES.sendToBank, {
    // Our reading of contract §8: sending an invoice on changes the letter, as UPDATE_DOCUMENT allows.
    POST: inMailbox(em, { permission: 'UPDATE_DOCUMENT' }, (c, box) => {
      const letter = box.mailbox.letter(c.req.param('doc') ?? '');
      const attachment = letter?.attachments.find((a) => a.id === c.req.param('att'));
      const invoice = attachment?.invoice;
      if (!letter || !attachment || !invoice) return apiError(404, 'NOT_FOUND', { errorMessage: 'No such invoice' });
      if (invoice.sendToBank !== true)
        return apiError(400, 'INVOICE_CANNOT_BE_SENT_TO_BANK', { errorMessage: 'No bank agreement takes this invoice' });
      if (invoice.payment || held.has(invoice))
        return apiError(400, 'INVOICE_ALREADY_SENT_TO_BANK', { errorMessage: 'This invoice was already sent to the bank' });
      const payment = { debitorBankAccount: em.world.user.bankAccount, bank: DEMO_BANK.name, bankHomepage: DEMO_BANK.homepage };
      const delay = em.world.knobs.bankPaymentDelayMs;
      if (delay > 0) {
        // The service holds it while its call to the bank runs: the letter shows no payment yet.
        held.add(invoice);
        setTimeout(() => {
          held.delete(invoice);
          invoice.payment = payment;
        }, delay).unref();
      } else {
        invoice.payment = payment;
      }
      return apiJson(attachmentJson(linkerFor(em, box.accountId), letter, attachment, letter.confidential));
    }),
  });

  resource(app, ROUTES.currentBankAccount, {
    GET: guarded(em, { permission: 'READ_ACCOUNT_INFO' }, () =>
      apiJson({ bankAccount: { accountNumber: em.world.user.bankAccount }, link: [linkerFor(em).link('self', ROUTES.currentBankAccount)] }),
    ),
  });
}

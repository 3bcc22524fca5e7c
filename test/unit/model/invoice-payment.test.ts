import { describe, expect, it } from 'vitest';
import { withLetterPayment, withPayment } from '../../../src/model/invoice-payment.ts';

const REL = 'https://www.digipost.no/post/relations';
const send = { rel: `${REL}/send_to_bank`, uri: 'https://www.digipost.no/post/api/x/sendtobank' };
const facts = { amount: 100, dueDate: '2026-12-01' };

describe('withPayment', () => {
  it("reads the invoice's send_to_bank link and its payment, with the bank's website", () => {
    const attachment = {
      invoice: {
        link: [send],
        payment: {
          timePaid: '2026-11-20T10:00:00+01:00',
          debitorBankAccount: '12345678903',
          bank: 'DNB',
          link: [{ rel: `${REL}/bank_homepage`, uri: 'https://www.dnb.no/' }],
        },
      },
    };
    expect(withPayment(facts, attachment)).toEqual({
      ...facts,
      sendToBank: send,
      payment: {
        timePaid: '2026-11-20T10:00:00+01:00',
        fromAccount: '12345678903',
        bank: 'DNB',
        bankHomepage: { rel: `${REL}/bank_homepage`, uri: 'https://www.dnb.no/' },
      },
    });
  });

  it('offers nothing the service did not link, and ignores a payment that is not an object', () => {
    expect(withPayment(facts, { invoice: { link: [], payment: 'yes' } })).toEqual(facts);
    expect(withPayment(facts, { invoice: { link: [{ rel: `${REL}/send_to_bank_later`, uri: 'x' }] } })).toEqual(facts);
    expect(withPayment(facts, undefined)).toEqual(facts);
  });

  it("reads a letter's main document, else its first", () => {
    const letter = { attachment: [{ invoice: { link: [] } }, { mainDocument: true, invoice: { link: [send] } }] };
    expect(withLetterPayment(facts, letter).sendToBank).toEqual(send);
    expect(withLetterPayment(facts, { attachment: [{ invoice: { link: [send] } }] }).sendToBank).toEqual(send);
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../../src/protocol/messages.ts';
import { AppError } from '../../src/shared/errors.ts';

/*
 * "Send to my bank" shows what the worker decided (src/viewer/invoices/SendToBank.tsx): sent,
 * refused, or not confirmed yet, where Look again asks the same again (the worker only looks)
 * and sending again is the person's explicit choice, through the confirmation (resend). It never
 * says "not sent" by itself.
 */

let writes: (AppError | null)[] = [];
const asked: Request[] = [];
/** The worker's answer to getOwnBankAccount: by default it names no account. */
let account: Promise<unknown> | undefined;
vi.mock('../../src/ui/worker-client.ts', () => ({
  ask: (request: Request) => {
    asked.push(request);
    if (request.type === 'getOwnBankAccount') return account ?? Promise.resolve({});
    const next = writes.shift();
    // Once sent, the worker answers the letter as it read it again.
    return next instanceof AppError ? Promise.reject(next) : Promise.resolve({ data: null, shown: { link: [] } });
  },
}));

const { SendToBank } = await import('../../src/viewer/invoices/SendToBank.tsx');

const LETTER = { url: 'https://www.digipost.no/post/api/docs/1', relation: 'self' };
const invoice = {
  amount: 100,
  dueDate: '2099-12-01',
  accountNumber: '15034700879',
  sendToBank: { rel: 'send_to_bank', uri: `${LETTER.url}/send`, 'media-type': 'application/json' },
};
const sent = () => asked.filter((r): r is Extract<Request, { type: 'write' }> => r.type === 'write');

function renderIt() {
  render(<SendToBank invoice={invoice} letter={LETTER} attachment={0} scopes={['UPDATE_DOCUMENT']} onChanged={vi.fn()} />);
}

async function confirmSending(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Send to my bank' }));
  const group = await screen.findByRole('group', { name: 'Send this invoice to your bank?' });
  fireEvent.click(within(group).getByRole('button', { name: 'Send to my bank' }));
}

beforeEach(() => {
  writes = [];
  asked.length = 0;
  account = undefined;
});

describe('the confirmation', () => {
  it('keeps the place of "From your account" while it is looked up, so the buttons do not move under a click', async () => {
    let answer: (value: unknown) => void = () => undefined;
    account = new Promise((resolve) => {
      answer = resolve;
    });
    renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Send to my bank' }));
    const group = await screen.findByRole('group', { name: 'Send this invoice to your bank?' });
    within(group).getByText('From your account');
    within(group).getByLabelText('Loading…');
    answer({ account: '12345678903' });
    await within(group).findByText('1234 56 78903');
    expect(within(group).queryByLabelText('Loading…')).toBeNull();
  });

  it('lets the row go when the account cannot be named', async () => {
    renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Send to my bank' }));
    const group = await screen.findByRole('group', { name: 'Send this invoice to your bank?' });
    await waitFor(() => expect(within(group).queryByText('From your account')).toBeNull());
  });
});

describe('Send to my bank, when Digipost has not confirmed it', () => {
  for (const code of ['write_not_confirmed', 'worker_no_answer'] as const) {
    it(`${code}: says not confirmed yet, never "not sent"; Look again asks the same again, never to send again`, async () => {
      writes = [new AppError(code), null];
      renderIt();
      await confirmSending();
      await screen.findByText(/Digipost has not confirmed yet that the invoice reached your bank/);
      expect(document.body.textContent).not.toMatch(/did not reach|shows it as not sent/);
      fireEvent.click(screen.getByRole('button', { name: 'Look again' }));
      await screen.findByText('The invoice was sent to your bank.');
      const [first, again] = sent();
      expect(sent()).toHaveLength(2);
      expect(again).toEqual(first);
      expect(first).toEqual({ type: 'write', target: LETTER, attachment: 0, rel: 'send_to_bank' });
    });
  }

  it('Send again goes through the confirmation, and only then asks the worker to send again', async () => {
    writes = [new AppError('write_not_confirmed'), null];
    renderIt();
    await confirmSending();
    fireEvent.click(await screen.findByRole('button', { name: 'Send again…' }));
    const group = await screen.findByRole('group', { name: 'Send this invoice to your bank?' });
    expect(sent()).toHaveLength(1);
    fireEvent.click(within(group).getByRole('button', { name: 'Send to my bank' }));
    await screen.findByText('The invoice was sent to your bank.');
    const [first, second] = sent();
    expect(first).not.toHaveProperty('resend');
    expect(second).toEqual({ ...first, resend: true });
  });
});

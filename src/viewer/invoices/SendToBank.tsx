import { useEffect, useRef, useState } from 'preact/hooks';
import type { LinkTarget } from '../../api/links.ts';
import { formatDate } from '../../model/dates.ts';
import { formatAccountNumber, formatMoney } from '../../model/format.ts';
import { INVOICE_CURRENCY } from '../../model/invoice-text.ts';
import { isPaid, type InvoiceInfo } from '../../model/letters.ts';
import { isPermissionNotGranted, isPermissionWithdrawn, isRefusedByService, toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import type { Permission } from '../../shared/permissions.ts';
import { Busy, BusyButton } from '../../ui/components.tsx';
import { useWrite } from '../../ui/use-write.ts';
import { connectThen, ErrorView } from '../ErrorView.tsx';
import { ownBankAccount, sendToBank } from './send-to-bank.ts';

type State =
  | { kind: 'idle' }
  /**
   * `asking`: the person's own account is being looked up; its row is kept meanwhile, so the
   * buttons do not move under a click. `resend`: the confirmation of an explicit "send again".
   */
  | { kind: 'confirming'; resend: boolean; fromAccount?: string; asking?: true }
  | { kind: 'sending'; resend: boolean; fromAccount?: string }
  | { kind: 'sent' }
  /** Sent, and Digipost does not show it yet: asking again only looks, it sends nothing. */
  | { kind: 'not_confirmed'; looking: boolean }
  | { kind: 'error'; error: ErrorInfo };

/** The refusals a person can act on, in words about the invoice rather than about "changes". */
function refusalOf(error: ErrorInfo): string | undefined {
  if (isPermissionWithdrawn(error)) return 'send_to_bank_forbidden';
  if (isPermissionNotGranted(error)) return 'send_to_bank_needs_permission';
  return isRefusedByService(error) ? 'send_to_bank_refused' : undefined;
}

/**
 * "Send to my bank", offered only where the invoice links send_to_bank and has no payment yet,
 * and only to a session that may change letters. A confirmation names the amount, the due date,
 * the account it goes to and, where the service says, the person's own account; then exactly one
 * request, and the letter read again to show it sent. What happened is the worker's to say: sent,
 * refused (and why), or not confirmed yet, where the person may look again (nothing is sent) or,
 * by an explicit choice, send it again.
 */
export function SendToBank(props: {
  invoice: InvoiceInfo;
  letter: LinkTarget;
  attachment: number;
  scopes: readonly Permission[];
  onChanged: (letter: unknown) => void;
}) {
  const { invoice } = props;
  const [state, setState] = useState<State>({ kind: 'idle' });
  const once = useWrite();
  const heading = useRef<HTMLHeadingElement>(null);
  const locale = uiLocale();

  useEffect(() => {
    if (state.kind === 'confirming' && state.fromAccount === undefined) heading.current?.focus();
  }, [state.kind]);

  const offered = invoice.sendToBank !== undefined && invoice.payment === undefined && !isPaid(invoice);
  if (!offered && state.kind !== 'sent') return null;
  if (!props.scopes.includes('UPDATE_DOCUMENT')) return <p class="muted">{t('send_to_bank_needs_permission')}</p>;

  /**
   * Asks the worker for the person's intent: it sends the first time, and after "not confirmed"
   * it only looks (`looking`), unless the person confirmed an explicit send again (`resend`).
   */
  const confirm = (resend: boolean, fromAccount: string | undefined, looking = false): Promise<void> =>
    // The one write hook: a second ask while this one runs joins it and hears its outcome.
    once(`send_to_bank ${props.attachment} ${resend}`, async () => {
      setState(
        looking ? { kind: 'not_confirmed', looking } : { kind: 'sending', resend, ...(fromAccount === undefined ? {} : { fromAccount }) },
      );
      try {
        const outcome = await sendToBank(props.letter, props.attachment, resend);
        if (outcome === 'not_confirmed') setState({ kind: 'not_confirmed', looking: false });
        else {
          setState({ kind: 'sent' });
          // The letter as the worker read it again once sent; where it could not, it stays as shown.
          if ('shown' in outcome) props.onChanged(outcome.shown ?? undefined);
        }
      } catch (error) {
        setState({ kind: 'error', error: toErrorInfo(error) });
      }
    });

  const open = (resend = false): void => {
    setState({ kind: 'confirming', resend, asking: true });
    void ownBankAccount().then((account) => {
      setState((now) =>
        now.kind === 'confirming' && now.asking
          ? { kind: 'confirming', resend: now.resend, ...(account === undefined ? {} : { fromAccount: account }) }
          : now,
      );
    });
  };

  if (state.kind === 'sent') {
    return (
      <p class="send-to-bank-done" role="status">
        {t('send_to_bank_done')}
      </p>
    );
  }

  if (state.kind === 'confirming' || state.kind === 'sending') {
    const { resend, fromAccount } = state;
    const sending = state.kind === 'sending';
    const asking = state.kind === 'confirming' && state.asking === true;
    return (
      <div class="send-to-bank-confirm" role="group" aria-labelledby={`send-to-bank-${props.attachment}`}>
        <h3 id={`send-to-bank-${props.attachment}`} tabIndex={-1} ref={heading}>
          {t('send_to_bank_confirm_title')}
        </h3>
        <p>{t('send_to_bank_confirm_text')}</p>
        <dl class="fields send-to-bank-facts">
          {invoice.amount !== undefined ? (
            <div class="field">
              <dt>{t('receipt_amount')}</dt>
              <dd>{formatMoney(invoice.amount, INVOICE_CURRENCY, locale)}</dd>
            </div>
          ) : null}
          {invoice.dueDate !== undefined ? (
            <div class="field">
              <dt>{t('vf_due_date')}</dt>
              <dd>{formatDate(invoice.dueDate, locale)}</dd>
            </div>
          ) : null}
          {invoice.accountNumber !== undefined ? (
            <div class="field">
              <dt>{t('send_to_bank_to_account')}</dt>
              <dd>{formatAccountNumber(invoice.accountNumber)}</dd>
            </div>
          ) : null}
          {fromAccount !== undefined || asking ? (
            <div class="field">
              <dt>{t('send_to_bank_from_account')}</dt>
              <dd>
                {fromAccount !== undefined ? (
                  formatAccountNumber(fromAccount)
                ) : (
                  <span class="skeleton-line field-pending" aria-label={t('loading')} />
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        <div class="actions">
          {/* Inert while sending, and the same intent whatever happens: two clicks are one request. */}
          <BusyButton type="button" class="primary" busy={sending} onClick={() => void confirm(resend, fromAccount)}>
            {t('send_to_bank_confirm')}
          </BusyButton>
          <BusyButton type="button" busy={sending} onClick={() => setState({ kind: 'idle' })}>
            {t('send_to_bank_cancel')}
          </BusyButton>
        </div>
        {sending ? <Busy label={t('send_to_bank_sending')} /> : null}
      </div>
    );
  }

  if (state.kind === 'not_confirmed') {
    const { looking } = state;
    return (
      <div class="alert send-to-bank-unconfirmed" role="status">
        <p>{t('send_to_bank_not_confirmed')}</p>
        <div class="actions">
          <BusyButton type="button" class="primary" busy={looking} onClick={() => void confirm(false, undefined, true)}>
            {t('send_to_bank_look_again')}
          </BusyButton>
          <BusyButton type="button" busy={looking} onClick={() => open(true)}>
            {t('send_to_bank_send_again')}
          </BusyButton>
        </div>
        <p class="muted">{t('send_to_bank_send_again_note')}</p>
        {looking ? <Busy label={t('send_to_bank_looking')} /> : null}
      </div>
    );
  }

  const refusal = state.kind === 'error' ? refusalOf(state.error) : undefined;
  return (
    <>
      {refusal !== undefined ? (
        <p class="alert" role="alert">
          {t(refusal)}
        </p>
      ) : null}
      {state.kind === 'error' && refusal === undefined ? (
        <ErrorView
          error={state.error}
          onRetry={() => open()}
          onConnect={() =>
            void connectThen(() => {
              open();
              return Promise.resolve();
            }).catch((e: unknown) => setState({ kind: 'error', error: toErrorInfo(e) }))
          }
        />
      ) : null}
      {state.kind === 'error' && refusal !== undefined ? null : (
        <div class="actions">
          <button type="button" class="primary" onClick={() => open()}>
            {t('send_to_bank')}
          </button>
        </div>
      )}
    </>
  );
}

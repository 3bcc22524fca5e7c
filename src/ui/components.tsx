import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';
import type { ErrorInfo } from '../shared/errors.ts';
import { errorMessage, t } from '../shared/i18n.ts';

/** A failure with its specific sentence, announced to screen readers, and the one next step. */
export function ErrorAlert(props: { error: ErrorInfo; children?: ComponentChildren }) {
  return (
    <div class="alert" role="alert">
      <p class="alert-message">{errorMessage(props.error)}</p>
      <AlertDetail error={props.error} />
      {props.children ? <div class="actions">{props.children}</div> : null}
    </div>
  );
}

/**
 * The service's or the browser's own words about a failure ("INTERNAL_SERVER_ERROR: …", "Failed to
 * fetch"): for a person who asks, under a disclosure, never in the alert's main text.
 */
export function AlertDetail(props: { error: ErrorInfo }) {
  const { detail, status } = props.error;
  const text = [detail, status === undefined ? undefined : `HTTP ${status}`].filter(Boolean).join(' · ');
  if (text === '') return null;
  return (
    <details class="alert-more">
      <summary>{t('details')}</summary>
      <p class="alert-detail">{text}</p>
    </details>
  );
}

export function Skeleton(props: { lines: number }) {
  return (
    <div class="skeleton" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: props.lines }, (_, i) => (
        <div key={i} class="skeleton-line" />
      ))}
    </div>
  );
}

export function Busy(props: { label: string }) {
  return (
    <p class="busy" role="status">
      <span class="spinner" aria-hidden="true" />
      {props.label}
    </p>
  );
}

/**
 * A button that stays focusable while what it started is under way. `disabled` would make the
 * browser take the focus off it, leaving a person who pressed it by keyboard at the top of the
 * page; while busy it says it is unavailable (aria-disabled) and a press, or a form's submission
 * through it, does nothing.
 */
export function BusyButton(props: Omit<ButtonHTMLAttributes, 'disabled'> & { busy: boolean }) {
  const { busy, onClick, ...rest } = props;
  return (
    <button
      {...rest}
      aria-disabled={busy ? 'true' : undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.call(event.currentTarget, event);
      }}
    />
  );
}

/**
 * A change that may have arrived, though no answer said so and the service shows no sign of it
 * yet. Look again asks the worker, which only reads the service and sends nothing; sending again
 * is the person's explicit choice, in words that say it may already have arrived.
 */
export function UnknownOutcome(props: { error: ErrorInfo; onLook: () => void; onResend: () => void; children?: ComponentChildren }) {
  return (
    <ErrorAlert error={props.error}>
      <button type="button" class="primary" onClick={props.onLook}>
        {t('write_look_again')}
      </button>
      <button type="button" onClick={props.onResend}>
        {t('write_send_again')}
      </button>
      {props.children}
    </ErrorAlert>
  );
}

import type { ComponentChildren } from 'preact';
import type { ErrorInfo } from '../shared/errors.ts';
import { errorMessage, t } from '../shared/i18n.ts';

/** A failure with its specific sentence, announced to screen readers, and the one next step. */
export function ErrorAlert(props: { error: ErrorInfo; children?: ComponentChildren }) {
  return (
    <div class="alert" role="alert">
      <p class="alert-message">{errorMessage(props.error)}</p>
      {props.error.detail ? <p class="alert-detail">{props.error.detail}</p> : null}
      {props.children ? <div class="actions">{props.children}</div> : null}
    </div>
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

import type { ComponentChildren } from 'preact';
import type { ErrorInfo } from '../errors.ts';
import { ErrorAlert } from '../ui/components.tsx';
import { t } from '../ui/i18n.ts';
import { ask } from '../ui/worker-client.ts';

export function needsConnect(error: ErrorInfo): boolean {
  return error.code === 'signed_out' || error.code === 'session_ended';
}

/** Connects (the service's consent window), then does again what failed. */
export async function connectThen(retry: () => Promise<void>): Promise<void> {
  await ask({ type: 'connect' });
  await retry();
}

/** A failure with its sentence and the one next step: Connect when the session is gone, else Try again. */
export function ErrorView(props: { error: ErrorInfo; onRetry: () => void; onConnect: () => void; children?: ComponentChildren }) {
  const connect = needsConnect(props.error);
  return (
    <ErrorAlert error={props.error}>
      {connect ? (
        <button type="button" class="primary" onClick={props.onConnect}>
          {t('connect')}
        </button>
      ) : null}
      <button type="button" class={connect ? '' : 'primary'} onClick={props.onRetry}>
        {t('try_again')}
      </button>
      {props.children}
    </ErrorAlert>
  );
}

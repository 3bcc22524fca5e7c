import type { ComponentChildren } from 'preact';
import { isEndedByService, isNoAnswer, needsConnect, type ErrorInfo } from '../shared/errors.ts';
import { errorMessage, t } from '../shared/i18n.ts';
import { AlertDetail } from '../ui/components.tsx';
import { InfoIcon, LockIcon } from '../ui/icons.tsx';
import { ask } from '../ui/worker-client.ts';
import { WebSiteButton } from './WebSiteButton.tsx';

/** Connects (the service's consent window), then does again what failed. */
export async function connectThen(retry: () => Promise<void>): Promise<void> {
  await ask({ type: 'connect' });
  await retry();
}

/**
 * A failure with its sentence and the one next step: Connect when the session is gone, else Try
 * again. The service's own code and message, if any, wait under a disclosure. No answer from the
 * service (no connection, none in time, a gateway's 5xx) is said in the words the popup and a
 * list shown from memory say it in: "Digipost isn't answering right now".
 */
export function ErrorView(props: { error: ErrorInfo; onRetry: () => void; onConnect: () => void; children?: ComponentChildren }) {
  const connect = needsConnect(props.error);
  return (
    <div class="alert" role="alert">
      {isNoAnswer(props.error) ? (
        <>
          <p class="alert-message">{t('no_answer_title')}</p>
          <p>{t('page_no_answer')}</p>
        </>
      ) : (
        <p class="alert-message">{errorMessage(props.error)}</p>
      )}
      <AlertDetail error={props.error} />
      <div class="actions">
        {connect ? (
          <button type="button" class="primary" onClick={props.onConnect}>
            {t('connect')}
          </button>
        ) : null}
        <button type="button" class={connect ? '' : 'primary'} onClick={props.onRetry}>
          {t('try_again')}
        </button>
        {props.children}
      </div>
    </div>
  );
}

/**
 * A page nobody is signed in to see: the session ended while it was open (Sign out in the popup, a
 * save in the options, the end of access), or before it was opened. Nothing failed, so no Try
 * again; it says why (the person signed out, or Digipost ended the connection, said until the
 * person connects again or dismisses it), and Connect signs in and shows the page again.
 */
export function SignedOutView(props: { error: ErrorInfo; onConnect: () => void }) {
  const ended = isEndedByService(props.error);
  return (
    <div class="info-panel" role="status">
      <InfoIcon class="info-panel-icon" />
      <div>
        <p class="info-panel-title">{t(ended ? 'ended_title' : 'viewer_signed_out_title')}</p>
        <p>{t(ended ? 'ended_text' : 'viewer_signed_out')}</p>
        <div class="actions">
          <button type="button" class="primary" onClick={props.onConnect}>
            {t('connect')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * A place Digipost refuses this extension where no permission it can ask for would open it (the
 * contract names none for connected applications): Try again could only be refused again, so the
 * way forward is Digipost's website. The service's own words wait under the disclosure.
 */
export function RefusedView(props: { error: ErrorInfo; serviceOrigin: string | undefined }) {
  return (
    <div class="info-panel locked-panel">
      <LockIcon class="info-panel-icon" />
      <div>
        <p class="info-panel-title">{t('refused_title')}</p>
        <p>{t('refused_text')}</p>
        <AlertDetail error={props.error} />
        {props.serviceOrigin ? (
          <div class="actions">
            <WebSiteButton serviceOrigin={props.serviceOrigin} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { formatSize } from '../model/units.ts';
import { outcomeMayBeUnknown, type ErrorInfo } from '../shared/errors.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import { ErrorAlert, UnknownOutcome } from './components.tsx';

/**
 * While a file is on its way. fetch() reports no upload progress (a request body's progress is not
 * exposed in either browser's fetch, and the worker has no XMLHttpRequest), so the bar is an
 * indeterminate one with what is known for certain: the size being sent and the time so far.
 */
export function UploadProgress(props: { size: number }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div class="upload-progress" role="status">
      <progress aria-label={t('upload_sending_label')} />
      <p>{t('upload_sending', [formatSize(props.size, uiLocale()), String(seconds)])}</p>
    </div>
  );
}

/**
 * An upload that failed: what happened, Try again with the file the page still holds, or Cancel.
 * When it may have arrived, Look again (the worker looks and sends nothing) or, by the person's
 * explicit choice, send it again.
 */
export function UploadFailed(props: { error: ErrorInfo; onRetry: (resend?: boolean) => void; onCancel: () => void }) {
  const cancel = (
    <button type="button" onClick={props.onCancel}>
      {t('upload_cancel')}
    </button>
  );
  if (outcomeMayBeUnknown(props.error)) {
    return (
      <UnknownOutcome error={props.error} onLook={() => props.onRetry()} onResend={() => props.onRetry(true)}>
        {cancel}
      </UnknownOutcome>
    );
  }
  return (
    <ErrorAlert error={props.error}>
      <button type="button" class="primary" onClick={() => props.onRetry()}>
        {t('try_again')}
      </button>
      {cancel}
    </ErrorAlert>
  );
}

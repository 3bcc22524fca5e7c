import { useEffect, useRef, useState } from 'preact/hooks';
import type { RevocationView } from '../protocol/messages.ts';
import { errorMessage, t } from '../shared/i18n.ts';
import { toErrorInfo } from '../shared/errors.ts';
import { AlertDetail, BusyButton } from './components.tsx';
import { ask } from './worker-client.ts';
import { revocationChangedEvent, sessionEndedEvent, useWorkerEvent } from './worker-events.ts';

/** After a failed try on coming back online, the wait before the one more. */
const ONLINE_RETRY_MS = 3000;

/**
 * Says, while it is so, that Digipost has not yet been told of a sign-out (its grant still works
 * there), that the extension keeps trying, and offers to try now. Shows nothing otherwise.
 */
export function RevocationNotice() {
  const [view, setView] = useState<RevocationView | undefined>(undefined);
  const [trying, setTrying] = useState(false);
  const refresh = () => {
    ask({ type: 'getRevocation' }).then(
      // Still pending: why the last "Try now" failed stays said.
      (next) => setView((now) => (next.pending && now?.error ? { ...next, error: now.error } : next)),
      () => undefined,
    );
  };
  useEffect(refresh, []);
  useWorkerEvent(revocationChangedEvent, refresh);
  // A sign-out somewhere else may leave one behind.
  useWorkerEvent(sessionEndedEvent, refresh);

  /** One try; resolves whether the sign-out is still to be told. */
  const tryNow = async (): Promise<boolean> => {
    setTrying(true);
    try {
      const next = await ask({ type: 'retryRevocation' });
      setView(next);
      return next.pending;
    } catch (error) {
      setView({ pending: true, error: toErrorInfo(error) });
      return true;
    } finally {
      setTrying(false);
    }
  };

  // Back online: the moment to try. A page hears it for sure; Chrome's service worker may not.
  // Listened for from the start, not from when the notice shows: an effect runs after the paint,
  // and the network may come back in between (then nothing would try until the next poll). The
  // page may hear 'online' before the worker's requests get through, so a failed try is made
  // once more a little later.
  const pending = useRef(false);
  pending.current = view?.pending === true;
  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    const online = () => {
      if (!pending.current) return;
      clearTimeout(later);
      void tryNow().then((still) => {
        if (still) later = setTimeout(() => void (pending.current && tryNow()), ONLINE_RETRY_MS);
      });
    };
    addEventListener('online', online);
    return () => {
      removeEventListener('online', online);
      clearTimeout(later);
    };
  }, []);

  if (!view?.pending) return null;
  return (
    <div class="pending-revocation" role="status">
      <p class="pending-revocation-title">{t('revocation_pending_title')}</p>
      <p>{t('revocation_pending_text')}</p>
      {view.error ? (
        <>
          <p>{t('revocation_failed_again', errorMessage(view.error))}</p>
          <AlertDetail error={view.error} />
        </>
      ) : null}
      <div class="actions">
        <BusyButton type="button" busy={trying} onClick={() => void tryNow()}>
          {trying ? t('revocation_trying') : t('revocation_try_now')}
        </BusyButton>
      </div>
    </div>
  );
}

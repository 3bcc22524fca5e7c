import { useEffect, useRef, useState } from 'preact/hooks';
import type { RevocationView } from '../protocol/messages.ts';
import { errorMessage, t } from '../shared/i18n.ts';
import { toErrorInfo } from '../shared/errors.ts';
import { AlertDetail } from './components.tsx';
import { ask } from './worker-client.ts';
import { useWorkerEvent } from './worker-events.ts';

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
  useWorkerEvent('revocationChanged', refresh);
  // A sign-out somewhere else may leave one behind.
  useWorkerEvent('sessionEnded', refresh);

  const tryNow = async () => {
    setTrying(true);
    try {
      setView(await ask({ type: 'retryRevocation' }));
    } catch (error) {
      setView({ pending: true, error: toErrorInfo(error) });
    } finally {
      setTrying(false);
    }
  };

  // Back online: the moment to try. A page hears it for sure; Chrome's service worker may not.
  // Listened for from the start, not from when the notice shows: an effect runs after the paint,
  // and the network may come back in between (then nothing would try until the next poll).
  const pending = useRef(false);
  pending.current = view?.pending === true;
  useEffect(() => {
    const online = () => {
      if (pending.current) void tryNow();
    };
    addEventListener('online', online);
    return () => removeEventListener('online', online);
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
        <button type="button" disabled={trying} onClick={() => void tryNow()}>
          {trying ? t('revocation_trying') : t('revocation_try_now')}
        </button>
      </div>
    </div>
  );
}

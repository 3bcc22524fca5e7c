import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { toErrorInfo, type ErrorInfo } from '../errors.ts';
import type { ResourceSnapshot } from '../protocol/messages.ts';
import { ErrorAlert, Skeleton } from '../ui/components.tsx';
import { t, uiLocale } from '../ui/i18n.ts';
import { viewerTargetFromLocation } from '../ui/open-tab.ts';
import { relationLabel } from '../ui/RelationList.tsx';
import { ask } from '../ui/worker-client.ts';
import { Value, type Json } from './ResourceTree.tsx';

type ViewerState = { kind: 'loading' } | { kind: 'ready'; snapshot: ResourceSnapshot } | { kind: 'error'; error: ErrorInfo };

function ErrorView(props: { error: ErrorInfo; onRetry: () => void; onConnect: () => void }) {
  const needsConnect = props.error.code === 'signed_out' || props.error.code === 'session_ended';
  return (
    <ErrorAlert error={props.error}>
      {needsConnect ? (
        <button type="button" class="primary" onClick={props.onConnect}>
          {t('connect')}
        </button>
      ) : null}
      <button type="button" class={needsConnect ? '' : 'primary'} onClick={props.onRetry}>
        {t('try_again')}
      </button>
    </ErrorAlert>
  );
}

export function Viewer() {
  const target = viewerTargetFromLocation(location.search);
  const [state, setState] = useState<ViewerState>({ kind: 'loading' });
  const title = target?.relation ? relationLabel(target.relation) : t('viewer_title');

  const load = async () => {
    if (!target) {
      setState({ kind: 'error', error: { code: 'link_missing' } });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const snapshot = await ask({ type: 'getResource', ...target });
      setState({ kind: 'ready', snapshot });
    } catch (error) {
      setState({ kind: 'error', error: toErrorInfo(error) });
    }
  };

  const connect = async () => {
    try {
      await ask({ type: 'connect' });
      await load();
    } catch (error) {
      setState({ kind: 'error', error: toErrorInfo(error) });
    }
  };

  useEffect(() => {
    document.title = `${title} – ${t('extShortName')}`;
    void load();
  }, []);

  return (
    <main>
      <header class="viewer-header">
        <h1>{title}</h1>
        {target ? <p class="resource-url"><code>{target.url}</code></p> : null}
        <nav class="actions">
          <button type="button" class="link-button" onClick={() => history.back()}>
            {t('back')}
          </button>
          <button type="button" class="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('open_settings')}
          </button>
        </nav>
      </header>
      {state.kind === 'loading' ? <Skeleton lines={8} /> : null}
      {state.kind === 'error' ? (
        <ErrorView error={state.error} onRetry={() => void load()} onConnect={() => void connect()} />
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <p class="fetched">
            {t('fetched_at', new Intl.DateTimeFormat(uiLocale(), { timeStyle: 'short' }).format(state.snapshot.fetchedAt))}
          </p>
          <Value value={state.snapshot.data as Json} serviceOrigin={state.snapshot.serviceOrigin} depth={0} />
        </>
      ) : null}
    </main>
  );
}

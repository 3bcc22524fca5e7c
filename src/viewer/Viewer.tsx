import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { formatTime } from '../api/format.ts';
import { toErrorInfo, type ErrorInfo } from '../errors.ts';
import type { ResourceSnapshot, RootSnapshot } from '../protocol/messages.ts';
import { Skeleton } from '../ui/components.tsx';
import { t, uiLocale } from '../ui/i18n.ts';
import { viewerTargetFromLocation, type ViewerTarget } from '../ui/open-tab.ts';
import { relationLabel } from '../ui/RelationList.tsx';
import { ask } from '../ui/worker-client.ts';
import { connectThen, ErrorView } from './ErrorView.tsx';
import { LetterList } from './LetterList.tsx';
import { LetterView } from './LetterView.tsx';
import { chooseView, foldersOf, resourceName, sessionLevelOf, type ViewKind } from './model.ts';
import { firstPageUrl } from './paging.ts';
import { ReceiptsView } from './ReceiptsView.tsx';
import { Value, type Json } from './ResourceTree.tsx';

interface Ready {
  kind: 'ready';
  snapshot: ResourceSnapshot;
  /** The root, for the session's authentication level and the folders; absent if it could not be read. */
  root: RootSnapshot | undefined;
  view: ViewKind;
  requestUrl: string;
}

type ViewerState = { kind: 'loading' } | Ready | { kind: 'error'; error: ErrorInfo };

function titleFor(target: ViewerTarget | undefined, state: ViewerState): string {
  if (state.kind === 'ready' && (state.view === 'letter' || state.view === 'letters')) {
    const name = resourceName(state.snapshot.data);
    if (name) return name;
    if (state.view === 'letter') return t('subject_none');
  }
  return target?.relation ? relationLabel(target.relation) : t('viewer_title');
}

function Resource(props: { state: Ready; target: ViewerTarget; title: string }) {
  const { snapshot, root, view, requestUrl } = props.state;
  const sessionLevel = sessionLevelOf(root?.root);
  switch (view) {
    case 'letters':
      return (
        <LetterList
          data={snapshot.data}
          requestUrl={requestUrl}
          target={props.target}
          sessionLevel={sessionLevel}
          folders={foldersOf(root?.root)}
          title={props.title}
        />
      );
    case 'letter':
      return <LetterView data={snapshot.data} serviceOrigin={snapshot.serviceOrigin} scopes={snapshot.scopes} sessionLevel={sessionLevel} />;
    case 'receipts':
      return <ReceiptsView data={snapshot.data} title={props.title} />;
    default:
      return <Value value={snapshot.data as Json} serviceOrigin={snapshot.serviceOrigin} depth={0} />;
  }
}

export function Viewer() {
  const target = viewerTargetFromLocation(location.search);
  const [state, setState] = useState<ViewerState>({ kind: 'loading' });
  const title = titleFor(target, state);

  const load = async () => {
    if (!target) {
      setState({ kind: 'error', error: { code: 'link_missing' } });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const requestUrl = firstPageUrl(target.url, target.relation);
      // The root (usually cached by the worker) tells the session's level and the folders.
      const [snapshot, root] = await Promise.all([
        ask({ type: 'getResource', ...target, url: requestUrl }),
        ask({ type: 'getRoot' }).catch(() => undefined),
      ]);
      setState({ kind: 'ready', snapshot, root, view: chooseView(target.relation, snapshot.data), requestUrl });
    } catch (error) {
      setState({ kind: 'error', error: toErrorInfo(error) });
    }
  };

  const connect = async () => {
    try {
      await connectThen(load);
    } catch (error) {
      setState({ kind: 'error', error: toErrorInfo(error) });
    }
  };

  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    document.title = `${title} – ${t('extShortName')}`;
  }, [title]);

  return (
    <main>
      <header class="viewer-header">
        <h1>{title}</h1>
        {target ? (
          <p class="resource-url">
            <code>{target.url}</code>
          </p>
        ) : null}
        <nav class="actions" aria-label={t('page_actions')}>
          <button type="button" class="link-button" onClick={() => history.back()}>
            {t('back')}
          </button>
          <button type="button" class="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('open_settings')}
          </button>
        </nav>
      </header>
      {state.kind === 'loading' ? <Skeleton lines={8} /> : null}
      {state.kind === 'error' ? <ErrorView error={state.error} onRetry={() => void load()} onConnect={() => void connect()} /> : null}
      {state.kind === 'ready' && target ? (
        <>
          <p class="fetched">
            {t('fetched_at', formatTime(state.snapshot.fetchedAt, uiLocale()))}
          </p>
          <Resource state={state} target={target} title={title} />
        </>
      ) : null}
    </main>
  );
}

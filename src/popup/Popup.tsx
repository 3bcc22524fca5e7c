import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { formatTime } from '../api/format.ts';
import { collectRelations, type RelationEntry } from '../api/links.ts';
import { toErrorInfo, type ErrorInfo } from '../errors.ts';
import { ROOT_CACHE_KEY, type RootSnapshot } from '../protocol/messages.ts';
import { Busy, ErrorAlert, Skeleton } from '../ui/components.tsx';
import { t, uiLocale } from '../ui/i18n.ts';
import { openInViewer } from '../ui/open-tab.ts';
import { RelationList } from '../ui/RelationList.tsx';
import { ask } from '../ui/worker-client.ts';
import { AccountSummary } from './AccountSummary.tsx';

export type PopupState =
  | { kind: 'loading'; cached?: RootSnapshot }
  | { kind: 'not_configured' }
  | { kind: 'signed_out'; reason?: ErrorInfo }
  | { kind: 'connecting' }
  | { kind: 'ready'; snapshot: RootSnapshot; revalidating: boolean }
  | { kind: 'offline'; snapshot: RootSnapshot }
  | { kind: 'error'; error: ErrorInfo };

/** Where a failed root fetch leaves the popup: each failure has its own state and next step. */
export function stateAfterFailure(error: ErrorInfo, cached: RootSnapshot | undefined): PopupState {
  switch (error.code) {
    case 'not_configured':
      return { kind: 'not_configured' };
    case 'signed_out':
      return { kind: 'signed_out' };
    case 'session_ended':
      return { kind: 'signed_out', reason: error };
    case 'network':
      return cached ? { kind: 'offline', snapshot: cached } : { kind: 'error', error };
    default:
      return { kind: 'error', error };
  }
}

export async function readCache(): Promise<RootSnapshot | undefined> {
  const stored = await browser.storage.session.get(ROOT_CACHE_KEY);
  return stored[ROOT_CACHE_KEY] as RootSnapshot | undefined;
}

function FetchedAt(props: { at: number; stale: boolean; updating: boolean }) {
  const time = formatTime(props.at, uiLocale());
  return (
    <p class={props.stale ? 'fetched stale' : 'fetched'}>
      {props.stale ? t('fetched_at_stale', time) : t('fetched_at', time)}
      {props.updating ? <span class="updating"> · {t('updating')}</span> : null}
    </p>
  );
}

function Ready(props: { snapshot: RootSnapshot; stale: boolean; updating: boolean; onSignOut: () => void }) {
  const { root, serviceOrigin } = props.snapshot;
  const [openError, setOpenError] = useState<ErrorInfo | undefined>();
  const open = (entry: RelationEntry) => {
    openInViewer(entry.link, entry.name, serviceOrigin).then(
      () => window.close(),
      (error: unknown) => setOpenError(toErrorInfo(error)),
    );
  };
  return (
    <>
      <AccountSummary root={root} />
      <FetchedAt at={props.snapshot.fetchedAt} stale={props.stale} updating={props.updating} />
      {openError ? <ErrorAlert error={openError} /> : null}
      <RelationList
        entries={collectRelations(root, serviceOrigin)}
        mailboxNames={(root.mailbox ?? []).map((m) => m.name ?? '')}
        onOpen={open}
      />
      <div class="actions footer">
        <button type="button" onClick={props.onSignOut}>
          {t('sign_out')}
        </button>
        <button type="button" class="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('open_settings')}
        </button>
      </div>
    </>
  );
}

function initialState(cached: RootSnapshot | undefined): PopupState {
  return cached ? { kind: 'ready', snapshot: cached, revalidating: true } : { kind: 'loading' };
}

/**
 * `cached` is read before the first render, so a warm popup paints its content at once, and the
 * worker was asked for the root (`firstAnswer`) before that, so its answer overlaps the render.
 */
export function Popup(props: { cached: RootSnapshot | undefined; firstAnswer: Promise<RootSnapshot> }) {
  const [state, setState] = useState<PopupState>(() => initialState(props.cached));

  const load = async (force: boolean, first?: { cached: RootSnapshot | undefined; answer: Promise<RootSnapshot> }) => {
    const cached = first ? first.cached : await readCache();
    setState(initialState(cached));
    try {
      const snapshot = await (first?.answer ?? ask({ type: 'getRoot', force }));
      setState({ kind: 'ready', snapshot, revalidating: false });
    } catch (error) {
      setState(stateAfterFailure(toErrorInfo(error), cached));
    }
  };

  useEffect(() => {
    void load(false, { cached: props.cached, answer: props.firstAnswer });
  }, []);

  const connect = async () => {
    setState({ kind: 'connecting' });
    try {
      await ask({ type: 'connect' });
      // The worker fetched the root as part of connecting: the cache is fresh, no second request.
      await load(false);
    } catch (error) {
      const info = toErrorInfo(error);
      setState(info.code === 'not_configured' ? { kind: 'not_configured' } : { kind: 'signed_out', reason: info });
    }
  };

  const signOut = async () => {
    try {
      await ask({ type: 'signOut' });
      setState({ kind: 'signed_out' });
    } catch (error) {
      setState({ kind: 'error', error: toErrorInfo(error) });
    }
  };

  const settings = (
    <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
      {t('open_settings')}
    </button>
  );

  switch (state.kind) {
    case 'loading':
      return (
        <>
          <h1 class="visually-hidden">{t('extName')}</h1>
          <Skeleton lines={6} />
        </>
      );
    case 'not_configured':
      return (
        <section class="state">
          <h1>{t('not_configured_title')}</h1>
          <p>{t('not_configured_text')}</p>
          <div class="actions">{settings}</div>
        </section>
      );
    case 'signed_out':
      return (
        <section class="state">
          <h1>{t('signed_out_title')}</h1>
          {state.reason ? <ErrorAlert error={state.reason} /> : <p>{t('signed_out_text')}</p>}
          <div class="actions">
            <button type="button" class="primary" onClick={() => void connect()}>
              {t('connect')}
            </button>
          </div>
        </section>
      );
    case 'connecting':
      return (
        <section class="state">
          <h1>{t('connecting_title')}</h1>
          <Busy label={t('connecting')} />
          <p class="muted">{t('connecting_hint')}</p>
        </section>
      );
    case 'ready':
      return (
        <Ready snapshot={state.snapshot} stale={false} updating={state.revalidating} onSignOut={() => void signOut()} />
      );
    case 'offline':
      return (
        <>
          <p class="offline" role="status">
            {t('offline_notice')}
          </p>
          <Ready snapshot={state.snapshot} stale updating={false} onSignOut={() => void signOut()} />
        </>
      );
    case 'error':
      return (
        <section class="state">
          <h1>{t('error_title')}</h1>
          <ErrorAlert error={state.error}>
            <button type="button" class="primary" onClick={() => void load(true)}>
              {t('try_again')}
            </button>
          </ErrorAlert>
        </section>
      );
  }
}


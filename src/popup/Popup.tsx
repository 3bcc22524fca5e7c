import { useEffect, useState } from 'preact/hooks';
import { ext as browser } from '../shared/ext.ts';
import { formatTime } from '../model/dates.ts';
import { inboxLinkOf } from '../api/inbox.ts';
import type { Link } from '../api/schemas.ts';
import type { Permission } from '../shared/permissions.ts';
import { switchTitleOf } from '../shared/offered-permissions.ts';
import {
  isEndedByService,
  isNoAnswer,
  isNotConfigured,
  needsConnect,
  needsSettings,
  toErrorInfo,
  type ErrorInfo,
} from '../shared/errors.ts';
import type { RootSnapshot } from '../protocol/messages.ts';
import { browserAreas, watchItem } from '../storage/browser-areas.ts';
import { getItem } from '../storage/item.ts';
import { needsItem, rootCacheItem, type NeedRow, type Needs } from '../storage/page-items.ts';
import { AlertDetail, Busy, ErrorAlert, Skeleton } from '../ui/components.tsx';
import { SpriteIcon } from '../ui/sprite-icon.tsx';
import { errorMessage, t, uiLocale } from '../shared/i18n.ts';
import { storageOf, webSiteUrl } from '../model/mailbox.ts';
import { mailboxLists } from '../api/mailbox-lists.ts';
import { openInViewer, openTab } from '../ui/open-tab.ts';
import { RevocationNotice } from '../ui/RevocationNotice.tsx';
import { ask } from '../ui/worker-client.ts';
import { sessionEndedEvent, signedInEvent, signInApprovedEvent, useWorkerEvent } from '../ui/worker-events.ts';
import { Header } from './Header.tsx';
import { AccountLinks } from './AccountLinks.tsx';
import { NeedsYou, slotsFor, type NeedsCoverage } from './NeedsYou.tsx';
import { NewestLetters } from './NewestLetters.tsx';
import { Places } from './Places.tsx';
import { LatePartsPending, useLatePartsShown } from './late-parts.tsx';

export type PopupState =
  /** `approved`: the consent window came back approved, and the mailbox is on its way. */
  | { kind: 'loading'; approved?: boolean | undefined }
  | { kind: 'not_configured' }
  | { kind: 'signed_out'; reason?: ErrorInfo }
  | { kind: 'connecting' }
  | { kind: 'ready'; snapshot: RootSnapshot; revalidating: boolean }
  | { kind: 'offline'; snapshot: RootSnapshot }
  | { kind: 'error'; error: ErrorInfo };

/** Where a failed root fetch leaves the popup: each failure has its own state and next step. */
function stateAfterFailure(error: ErrorInfo, cached: RootSnapshot | undefined): PopupState {
  if (isNotConfigured(error)) return { kind: 'not_configured' };
  // Signed out, and why: plainly (the state itself), or the service ended the session (the worker
  // keeps saying so until the person connects again or dismisses it).
  if (needsConnect(error)) return { kind: 'signed_out', reason: error };
  // Digipost down, a gateway's error, no network: the last view stays readable, marked as such.
  if (isNoAnswer(error) && cached) return { kind: 'offline', snapshot: cached };
  return { kind: 'error', error };
}

/** The cached view: the last root and letters, and what needs the person as the worker read it beside them, read side by side. */
export async function readCache(): Promise<{ snapshot: RootSnapshot | undefined; due: Needs | undefined }> {
  const [snapshot, due] = await Promise.all([getItem(browserAreas, rootCacheItem), getItem(browserAreas, needsItem)]);
  return { snapshot, due };
}

/**
 * The rows the worker decided (background/needs-rows.ts), most urgent first, none past, and how
 * much of the mailbox they stand on: each place the root names (the inbox and every folder, as the
 * worker reads them) is still looked in until the worker has read it in this session, the same one
 * as the root on show.
 */
function needsFor(snapshot: RootSnapshot, due: Needs | undefined, now: number): { rows: NeedRow[]; coverage: NeedsCoverage } {
  const places = due && due.generation === snapshot.generation ? due.places : {};
  const states = mailboxLists(snapshot.root).map((list) => places[list.link.uri]?.state ?? 'pending');
  const count = (state: string) => states.filter((one) => one === state).length;
  return {
    rows: Object.values(places)
      .flatMap((place) => place.rows)
      .filter((row) => (row.until ?? 9e15) > now)
      .sort((a, b) => (a.by ?? 9e15) - (b.by ?? 9e15)),
    coverage: { looking: count('pending'), notChecked: count('failed') },
  };
}

const openSettings = () => void browser.runtime.openOptionsPage();

function FetchedAt(props: { at: number; stale: boolean; updating: boolean }) {
  const time = formatTime(props.at, uiLocale());
  return (
    <p class={props.stale ? 'fetched stale' : 'fetched'} aria-live="polite">
      {t(props.stale ? 'fetched_at_stale' : 'fetched_at', time)}
      {/* A spinner whose room is kept when idle (the time's line never rewraps), its words for screen readers. */}
      <span class={props.updating ? 'updating' : 'updating idle'}>
        <span class="spinner" aria-hidden="true" />
        {props.updating ? <span class="visually-hidden"> · {t('updating')}</span> : null}
      </span>
    </p>
  );
}

function Ready(props: {
  snapshot: RootSnapshot;
  due: Needs | undefined;
  stale: boolean;
  updating: boolean;
  onSignOut: () => void;
  onRetry?: () => void;
}) {
  const { root, serviceOrigin, inbox, alertsNote } = props.snapshot;
  const [openError, setOpenError] = useState<ErrorInfo | undefined>();
  const opened = (tab: Promise<void>) => {
    tab.then(
      () => window.close(),
      (error: unknown) => setOpenError(toErrorInfo(error)),
    );
  };
  const open = (link: Link, relation: string, mailbox?: string) => opened(openInViewer(link, relation, serviceOrigin, mailbox));
  const openLetter = (self: Link, mailbox?: string) => open(self, 'self', mailbox);
  // Without a cache, the newest letters are on their way (the worker caches the root before it fetches them).
  const lettersKnown = !(props.updating && !inbox && inboxLinkOf(root) !== undefined);
  const now = Date.now();
  const needs = needsFor(props.snapshot, props.due, now);
  const lateShown = useLatePartsShown(lettersKnown, needs.coverage.looking === 0);
  const storage = storageOf(root, undefined);
  return (
    <div class="frame">
      <Header root={root} />
      {/* Worded by the worker (background/alerts.ts): "Alerts paused until 08:15". */}
      {alertsNote ? <p class="paused">{alertsNote}</p> : null}
      <div class="scroll">
        {props.stale ? (
          <div class="offline" role="status">
            <span>{t('offline_notice')}</span>
            {props.onRetry ? (
              <button type="button" class="link-button" onClick={props.onRetry}>
                {t('try_again')}
              </button>
            ) : null}
          </div>
        ) : null}
        {storage?.nearlyFull ? (
          // Said before a sender's letter or an upload is refused for want of room; the viewer's side list has the figures.
          <p class="storage-full" role="note">
            {t('storage_nearly_full_text', new Intl.NumberFormat(uiLocale(), { style: 'percent' }).format(storage.used / storage.total))}
          </p>
        ) : null}
        {openError ? <ErrorAlert error={openError} /> : null}
        {/* What the root says comes first; what arrives after it (the invoices, the letters) below, so nothing above moves. */}
        <Places
          root={root}
          scopes={props.snapshot.scopes}
          onOpen={open}
          onOpenWebSite={() => opened(openTab(webSiteUrl(serviceOrigin), serviceOrigin))}
        />
        {lateShown ? (
          <div class="late-parts" key="shown">
            <NeedsYou {...needs} now={now} onOpen={openLetter} />
            <NewestLetters glance={inbox} now={now} onOpenLetter={openLetter} />
            <AccountLinks root={root} scopes={props.snapshot.scopes} onOpen={open} />
          </div>
        ) : (
          <LatePartsPending key="pending" looking={needs.coverage.looking} slots={slotsFor(needs.rows.length)} />
        )}
      </div>
      <footer class="footer">
        <FetchedAt at={props.snapshot.fetchedAt} stale={props.stale} updating={props.updating} />
        <button type="button" class="quiet" onClick={openSettings}>
          <SpriteIcon name="settings" />
          {t('settings')}
        </button>
        <button type="button" class="quiet" onClick={props.onSignOut}>
          <SpriteIcon name="sign-out" />
          {t('sign_out')}
        </button>
      </footer>
    </div>
  );
}

/** The extension's icon, drawn by the stylesheet (popup.css): decorative, and no bytes of the popup's script. */
function Brand() {
  return <div class="brand" />;
}

/**
 * What Connect will ask the user to allow, from the permissions in settings: in the settings page's
 * words (each switch once, "Manage your letters" for its three), so the two pages describe one
 * choice the same way. By title, not from the options page's list of switches, which the popup
 * does not carry.
 */
function WhatIsAsked() {
  const [scopes, setScopes] = useState<Permission[] | undefined>();
  useEffect(() => {
    // Without an answer nothing is listed: the state is already empty.
    ask({ type: 'getPageConfig' }).then(
      (config) => setScopes(config.scopes),
      () => undefined,
    );
  }, []);
  if (!scopes?.length) return null;
  return (
    <div class="asked">
      <p>{t('signed_out_asked')}</p>
      <ul>
        {Array.from(new Set(scopes.map(switchTitleOf)), (title) => (
          <li>{t(title)}</li>
        ))}
      </ul>
    </div>
  );
}

function initialState(cached: RootSnapshot | undefined, approved?: boolean): PopupState {
  return cached ? { kind: 'ready', snapshot: cached, revalidating: true } : { kind: 'loading', approved };
}

/**
 * `cached` is read before the first render, so a warm popup paints its content at once, and the
 * worker was asked for the root (`firstAnswer`) before that, so its answer overlaps the render.
 */
export function Popup(props: { cached: RootSnapshot | undefined; due: Needs | undefined; firstAnswer: Promise<RootSnapshot> }) {
  const [state, setState] = useState<PopupState>(() => initialState(props.cached));
  // Read by the worker in the background after each fetch of the root: shown as it lands, never waited for.
  const [due, setDue] = useState(props.due);

  const load = async (force: boolean, first?: { cached: RootSnapshot | undefined; answer: Promise<RootSnapshot> }, approved?: boolean) => {
    const cached = first ? first.cached : (await readCache()).snapshot;
    setState(initialState(cached, approved));
    try {
      const snapshot = await (first?.answer ?? ask({ type: 'getRoot', force, inbox: true }));
      setState({ kind: 'ready', snapshot, revalidating: false });
    } catch (error) {
      setState(stateAfterFailure(toErrorInfo(error), cached));
    }
  };

  useEffect(() => {
    void load(false, { cached: props.cached, answer: props.firstAnswer });
    // Without a cache, the worker caches the root before it fetches the letters: show it then.
    const unwatchRoot = watchItem(rootCacheItem, (next) => {
      // …and while open, each root the worker caches (a letter read, the alarm), the newest there is:
      // one count with the badge. (Another session's never shows: a sign-out moves the popup to
      // signed out, and removes the cache.)
      if (next)
        setState((now) =>
          now.kind === 'loading' || now.kind === 'ready'
            ? { kind: 'ready', snapshot: next, revalidating: now.kind === 'loading' || now.revalidating }
            : now,
        );
    });
    const unwatchDue = watchItem(needsItem, setDue);
    return () => {
      unwatchRoot();
      unwatchDue();
    };
  }, []);

  // Signed out elsewhere (the options page, the end of access): nobody's mailbox stays on show.
  useWorkerEvent(sessionEndedEvent, ({ reason }) => {
    const signedOut: PopupState = { kind: 'signed_out', reason: { code: reason === 'ended' ? 'session_ended' : 'signed_out' } };
    setState((now) => (['ready', 'offline', 'loading', 'error'].includes(now.kind) ? signedOut : now));
  });

  // The consent window came back approved: said at once, while the worker finishes the sign-in and
  // reads the mailbox (on a slow network, many seconds), never "Finish in the Digipost window".
  useWorkerEvent(signInApprovedEvent, () => {
    setState((now) => (now.kind === 'connecting' ? { kind: 'loading', approved: true } : now));
  });

  // Signed in elsewhere (a viewer tab's Connect, the options page): the mailbox shows here too.
  useWorkerEvent(signedInEvent, () => {
    if (state.kind === 'signed_out') void load(false);
  });

  const connect = async () => {
    setState({ kind: 'connecting' });
    try {
      await ask({ type: 'connect' });
      // The worker fetched the root as part of connecting: only the newest letters are fetched now.
      await load(false, undefined, true);
    } catch (error) {
      const info = toErrorInfo(error);
      setState(isNotConfigured(info) ? { kind: 'not_configured' } : { kind: 'signed_out', reason: info });
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

  // The one next step where only the settings can mend what is wrong.
  const settingsButton = (
    <button type="button" class="primary" onClick={openSettings}>
      {t('open_settings')}
    </button>
  );

  switch (state.kind) {
    case 'loading':
      return (
        <div class="state">
          {/* Approved: what is known is said; the skeleton stands for the mailbox, still unknown. */}
          <h1 class={state.approved ? undefined : 'visually-hidden'}>{t(state.approved ? 'approved_opening' : 'extName')}</h1>
          <Skeleton lines={6} />
        </div>
      );
    case 'not_configured':
      return (
        <section class="state welcome">
          <Brand />
          <h1>{t('not_configured_title')}</h1>
          <p>{t('not_configured_text')}</p>
          <div class="actions">{settingsButton}</div>
        </section>
      );
    case 'signed_out': {
      // Why, when there is a why: Digipost ended the connection (said calmly, as news, not as a
      // failure; the settings page offers to dismiss it), or the sign-in just tried failed (its
      // reason). One next step: Connect, or the settings where only they can mend the sign-in.
      const { reason } = state;
      const ended = reason && isEndedByService(reason);
      // Plainly signed out (a reason that only says so) is the state itself, no failure to explain.
      const failed = reason && !needsConnect(reason);
      const mendInSettings = reason && needsSettings(reason);
      return (
        <section class="state welcome">
          <Brand />
          <h1>{t(ended ? 'ended_title' : 'signed_out_title')}</h1>
          {failed ? (
            <ErrorAlert error={reason}>{mendInSettings ? settingsButton : null}</ErrorAlert>
          ) : (
            <p>{t(ended ? 'ended_text' : 'signed_out_text')}</p>
          )}
          <RevocationNotice />
          {mendInSettings ? null : (
            <div class="actions">
              <button type="button" class="primary" onClick={() => void connect()}>
                {t('connect')}
              </button>
            </div>
          )}
          <WhatIsAsked />
        </section>
      );
    }
    case 'connecting':
      return (
        <section class="state welcome">
          <Brand />
          <h1>{t('connecting_title')}</h1>
          <Busy label={t('connecting')} />
          <p class="muted">{t('connecting_hint')}</p>
        </section>
      );
    case 'ready':
      return <Ready snapshot={state.snapshot} due={due} stale={false} updating={state.revalidating} onSignOut={() => void signOut()} />;
    case 'offline':
      return (
        <Ready
          snapshot={state.snapshot}
          due={due}
          stale
          updating={false}
          onSignOut={() => void signOut()}
          onRetry={() => void load(true)}
        />
      );
    case 'error': {
      // No view to show (nothing personal outlives the browser session: after a browser start there
      // is no cache). Why, in words (the service's own, if any, under Details), Try again, and the
      // ways out the mailbox view offers too: the settings and Sign out.
      const { error } = state;
      const noAnswer = isNoAnswer(error);
      return (
        <section class="state" role="alert">
          <h1>{t(noAnswer ? 'no_answer_title' : 'error_title')}</h1>
          <p>{noAnswer ? t('no_answer_text') : errorMessage(error)}</p>
          <AlertDetail error={error} />
          <div class="actions">
            <button type="button" class="primary" onClick={() => void load(true)}>
              {t('try_again')}
            </button>
            <button type="button" class="quiet" onClick={openSettings}>
              {t('settings')}
            </button>
            <button type="button" class="quiet" onClick={() => void signOut()}>
              {t('sign_out')}
            </button>
          </div>
        </section>
      );
    }
  }
}

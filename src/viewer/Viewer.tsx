import { useEffect, useRef, useState } from 'preact/hooks';
import { ext as browser } from '../shared/ext.ts';
import { relationName } from '../api/relation-name.ts';
import { isEndedByService, isRefusedOutright, needsConnect, toErrorInfo } from '../shared/errors.ts';
import { Skeleton } from '../ui/components.tsx';
import { BackIcon, InfoIcon, SettingsIcon } from '../ui/icons.tsx';
import { t } from '../shared/i18n.ts';
import { mailboxNavOf, placeHolding, storageOf } from '../model/mailbox.ts';
import { ask } from '../ui/worker-client.ts';
import { uploadPlaceAt } from '../api/upload-places.ts';
import { LockedView, permissionToAllow } from './AllowPermission.tsx';
import { connectThen, ErrorView, RefusedView, SignedOutView } from './ErrorView.tsx';
import { Toast } from './filing/FilingControls.tsx';
import { usePageFocus } from './focus.ts';
import { headingFor } from './heading.ts';
import { historyKey, useTabHistory, type Go } from './history.ts';
import { MailboxNav } from './MailboxNav.tsx';
import { ServiceNotice } from './ServiceNotice.tsx';
import { letterPreview, rememberFurtherPage } from './page-memory.ts';
import { LetterPreview } from './letter/LetterPreview.tsx';
import { subjectText } from '../model/letter-text.ts';
import { inMailbox, MailboxContext, NavigationContext, WhoseMailboxContext } from './navigation.tsx';
import { useOneMessage } from '../ui/one-message.tsx';
import { RoutedPage } from './routes.tsx';
import { LetterFinder, LetterFinderRoom } from './search/LetterFinder.tsx';
import { useTabTitle } from './tab-title.ts';
import { UploadPanel } from './upload/UploadPanel.tsx';
import { usePage } from './use-page.ts';
import { inboxTarget, useRoot } from './use-root.ts';
import type { RootSnapshot } from '../protocol/messages.ts';

/**
 * The viewer tab's frame: the top bar, the mailbox's places beside the page, and the page itself,
 * headed by its name. Which page it is comes from the tab's history (history.ts), what it holds
 * from usePage and the root from useRoot; the view that shows it from the route table (routes.tsx).
 * `cachedRoot`, the root as last cached, draws the places and the finder in the first frame, so
 * they do not push the page down when the worker's answer comes.
 */
export function Viewer(props: { cachedRoot?: RootSnapshot | undefined }) {
  const { entry, canGoBack, go } = useTabHistory();
  // What just happened on a page that is gone ("The letter was deleted."), said on the page Back leads to.
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const message = useOneMessage();
  const layout = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = typeof entry === 'object' ? entry : undefined;
  const root = useRoot(props.cachedRoot, current?.target.mailbox);
  const page = usePage(current);
  const relation = current?.target.relation ? relationName(current.target.relation) : undefined;
  const ready = page.state.kind === 'ready' ? page.state : undefined;
  const focus = usePageFocus({
    layout,
    heading: headingRef,
    entry: current,
    shown: ready && current,
    view: ready?.view,
    drawn: ready?.offline === undefined,
  });
  useTabTitle(ready?.view, relation, ready?.snapshot?.data);

  // A tab without the root (its read failed, or is not back yet) reads it again once a page has answered.
  const answered = page.state.kind === 'ready' || page.state.kind === 'error';
  useEffect(() => {
    if (answered && !root.root) void root.reload();
  }, [answered]);

  const { nav } = root;
  // What the service wants the person to see once, above every page until it is dismissed.
  const serviceNotice = root.root?.root.notice;
  // Every link taken from this page stays in the mailbox the page lies in (a letter of a shared mailbox is filed in its folders).
  const goHere: Go = (target, id) => go(inMailbox(target, nav.id), id);
  const inbox = inboxTarget(nav);
  // A letter opened from a list: what the list showed of it is shown while the letter is read.
  const preview = current && page.state.kind === 'loading' ? letterPreview(current.target.url) : undefined;
  const heading = preview
    ? subjectText(preview)
    : current
      ? headingFor(page.state, { target: current.target, relation, nav, rootUrl: root.rootUrl })
      : t('viewer_title');
  // No upload beside a list shown from memory (the service did not answer, and the list is not as
  // it is now), nor beside a place that could not be opened: offered while it is read, and once it is.
  const uploadOffered = ready ? !ready.offline : page.state.kind === 'loading';
  const uploadPlace =
    root.root?.scopes.includes('UPLOAD_DOCUMENT') && uploadOffered ? uploadPlaceAt(root.root.root, current?.target.url) : undefined;
  const openInboxAfterConnect = async () => {
    const fresh = await ask({ type: 'getRoot' });
    root.replace(fresh);
    const freshInbox = inboxTarget(mailboxNavOf(fresh.root));
    if (freshInbox) go(freshInbox);
  };

  let body;
  if (entry === 'missing') {
    const signedOut = root.error !== undefined && needsConnect(root.error);
    // Forgotten because Digipost ended the connection: that is the news, said as everywhere else.
    const ended = root.error !== undefined && isEndedByService(root.error);
    // Until the root answers, whether the person is still signed in is not known: the way on is
    // not said (neither "open the inbox" nor "connect"), so no wrong words are drawn and then changed.
    const known = root.root !== undefined || root.error !== undefined;
    body = (
      <div class="info-panel" role="note">
        <InfoIcon class="info-panel-icon" />
        <div>
          <p class="info-panel-title">{t(ended ? 'ended_title' : 'page_forgotten_title')}</p>
          {known ? (
            <p>{ended ? t('ended_text') : signedOut ? t('page_forgotten_signed_out') : t('page_forgotten')}</p>
          ) : (
            <Skeleton lines={2} />
          )}
          {inbox ? (
            <div class="actions">
              <button type="button" class="primary" onClick={() => go(inbox)}>
                {t('open_inbox')}
              </button>
            </div>
          ) : signedOut ? (
            // Signed out (which is also why the page was forgotten): connect, then open the inbox, as the text says.
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => void connectThen(openInboxAfterConnect).catch((error: unknown) => root.fail(toErrorInfo(error)))}
              >
                {t('connect_open_inbox')}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    );
  } else if (preview) {
    body = <LetterPreview letter={preview} scopes={root.root?.scopes ?? []} />;
  } else if (!current || page.state.kind === 'loading') {
    body = <Skeleton lines={8} />;
  } else if (page.state.kind === 'error' || page.state.kind === 'signed_out') {
    const connect = () =>
      void connectThen(async () => {
        await root.reload();
        await page.reload();
      }).catch((error: unknown) => page.fail(toErrorInfo(error)));
    // A place the granted permissions cannot open is locked, with "Allow…", not a failure to try again.
    const locked = page.state.kind === 'error' ? permissionToAllow(page.state.error) : undefined;
    body =
      page.state.kind === 'signed_out' ? (
        <SignedOutView error={page.state.error} onConnect={connect} />
      ) : locked ? (
        <LockedView permission={locked} />
      ) : isRefusedOutright(page.state.error) ? (
        <RefusedView error={page.state.error} serviceOrigin={root.root?.serviceOrigin} />
      ) : (
        <ErrorView error={page.state.error} onRetry={() => void page.reload()} onConnect={connect} />
      );
  } else {
    body = (
      <RoutedPage
        page={page.state}
        target={current.target}
        relation={relation}
        heading={heading}
        root={root}
        reload={page.reload}
        replaceData={page.replaceData}
        onFurtherPage={(further) => rememberFurtherPage(historyKey(current), further)}
        leave={(said) => {
          setNotice(said);
          message.speak();
          if (canGoBack) history.back();
          else if (inbox) go(inbox);
        }}
        go={goHere}
        canGoBack={canGoBack}
      />
    );
  }

  return (
    <NavigationContext.Provider value={goHere}>
      <MailboxContext.Provider value={nav.id}>
        <WhoseMailboxContext.Provider value={nav.whose}>
          <div class="viewer">
            <a
              class="skip-link"
              href="#page-heading"
              // No change of address: the viewer's history entries are its pages, and a fragment would add one.
              onClick={(event) => {
                event.preventDefault();
                headingRef.current?.focus();
              }}
            >
              {t('skip_to_content')}
            </a>
            <header class="topbar">
              {canGoBack ? (
                <button type="button" class="back-button" onClick={() => history.back()}>
                  <BackIcon /> {t('back')}
                </button>
              ) : null}
              <span class="brand">{t('extShortName')}</span>
              {nav.inbox || nav.folders.length > 0 ? (
                <LetterFinder navs={root.mailboxes.length > 0 ? root.mailboxes : [nav]} sessionLevel={root.sessionLevel} />
              ) : root.root === undefined && root.error === undefined ? (
                <LetterFinderRoom />
              ) : null}
              <button type="button" class="icon-button" onClick={() => void browser.runtime.openOptionsPage()}>
                <SettingsIcon /> <span>{t('extension_settings')}</span>
              </button>
            </header>
            <div class="layout" ref={layout}>
              <MailboxNav
                nav={nav}
                scopes={root.root?.scopes}
                mailboxes={root.mailboxes}
                storage={storageOf(root.root?.root, nav.id)}
                position={{ current: current?.target, within: ready ? placeHolding(ready.view, ready.snapshot?.data, nav) : undefined }}
              />
              <main
                class="page"
                key={current ? historyKey(current) : 'none'}
                // On the way down, before the row's own handler moves to the letter and this page is gone.
                onClickCapture={(event) => {
                  focus.remember(event.target);
                  // The next thing done here has its own outcome to say: the last page's is old news.
                  setNotice(undefined);
                }}
              >
                <h1 id="page-heading" tabIndex={-1} ref={headingRef}>
                  {heading}
                </h1>
                {serviceNotice ? (
                  <ServiceNotice notice={serviceNotice} rootUrl={root.rootUrl} onDismissed={() => void root.reload()} />
                ) : null}
                {uploadPlace && current ? <UploadPanel place={uploadPlace} onUploaded={() => void page.reload()} /> : null}
                {body}
              </main>
            </div>
            {notice && message.heard ? <Toast toast={{ message: notice }} onDone={() => setNotice(undefined)} /> : null}
          </div>
        </WhoseMailboxContext.Provider>
      </MailboxContext.Provider>
    </NavigationContext.Provider>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { targetOf, type LinkTarget } from '../api/links.ts';
import { ext as browser } from '../shared/ext.ts';
import { relationInfo } from '../api/relations.ts';
import { findLink, relationName } from '../api/relation-name.ts';
import { needsConnect, toErrorInfo } from '../shared/errors.ts';
import { Skeleton } from '../ui/components.tsx';
import { BackIcon, InfoIcon, SettingsIcon } from '../ui/icons.tsx';
import { t } from '../shared/i18n.ts';
import { relationLabel } from '../model/labels.ts';
import { newPageId } from '../protocol/viewer-address.ts';
import { ask } from '../ui/worker-client.ts';
import { usePage, type PageKind, type PageState } from './use-page.ts';
import { useRoot } from './use-root.ts';
import { useListKeys, useOpenedRow } from '../ui/list-keys.ts';
import { ActionView } from './resources/ActionView.tsx';
import { connectThen, ErrorView, SignedOutView } from './ErrorView.tsx';
import { GenericView } from './resources/GenericView.tsx';
import { RootView } from './resources/RootView.tsx';
import { LetterList } from './lists/LetterList.tsx';
import { LetterView } from './letter/LetterView.tsx';
import { LetterFiling } from './filing/LetterFiling.tsx';
import { Toast } from './filing/FilingControls.tsx';
import { ListFilingProvider } from './filing/ListFiling.tsx';
import { FolderTools } from './filing/FolderTools.tsx';
import { foldersOf, INBOX, type Place } from './filing/filing.ts';
import { MailboxNav } from './MailboxNav.tsx';
import { folderName, mailboxNavOf, placeHolding, type MailboxNav as Nav } from '../model/mailbox.ts';
import { isObj } from '../model/read-json.ts';
import { subjectText } from '../model/letter-text.ts';
import { receiptOf } from '../model/receipts.ts';
import { resourceName, sessionLevelOf } from '../model/letters.ts';
import { currentEntry, NavigationContext, pushEntry, type HistoryEntry } from './navigation.tsx';
import { ReceiptsView, ReceiptView } from './receipts/ReceiptsView.tsx';
import { RecipientSearch } from './search/RecipientSearch.tsx';
import { LetterFinder } from './search/LetterFinder.tsx';
import { UploadPanel } from './upload/UploadPanel.tsx';
import { uploadPlaceAt } from '../api/upload-places.ts';

/** The rows of a list of letters or receipts: what j and k move through. */
const LIST_ROWS = 'main .letters .letter-link';

/** A page's place in the tab's history: the same page reached again by Back or Forward has the same key. */
const historyKey = (entry: HistoryEntry) => `${entry.depth}|${entry.target.url}`;

/** The name of the page a relation leads to, by the registry: its title, else its label. */
function pageName(relation: string): string {
  const { title } = relationInfo(relation);
  return title ? t(title) : relationLabel(relation);
}

/** A list of letters is called by the list relation that led to it (Inbox, Folder, Archive), else "Letters". */
function listName(relation: string | undefined): string {
  return relation && relationInfo(relation).kind === 'list' ? pageName(relation) : t('title_letters');
}

/** The root resource: the service's description of the session, shown as the list of its links. */
function isRoot(data: unknown): boolean {
  return isObj(data) && 'primaryAccount' in data;
}

/** A page not yet shown, in words: a place by its name, a letter as "the letter". */
function targetName(target: LinkTarget, relation: string | undefined, nav: Nav, rootUrl: string | undefined): string {
  const folder = nav.folders.find((f) => f.self.uri === target.url);
  if (folder) return folderName(folder);
  if (target.url === rootUrl) return t('all_links_title');
  if (relation === 'self') return t('title_letter_lower');
  return relation ? pageName(relation) : t('viewer_title');
}

/** What the tab says: the kind of page, never its content (titles end up in browser history). */
function tabTitleOf(view: PageKind | undefined, relation: string | undefined, data: unknown): string | undefined {
  if (view === 'tree' && isRoot(data)) return t('all_links_title');
  if (view === 'letter') return t('title_letter');
  if (view === 'letters') return listName(relation);
  if (view === 'receipts') return t('rel_receipts');
  if (view === 'receipt') return t('title_receipt');
  if (view === 'search') return t('recipient_search');
  if (view === 'action' || view === 'tree') return relation ? relationLabel(relation) : undefined;
  return undefined;
}

/**
 * The page's heading: here the content may show (the subject, the folder's name). A failed page is
 * headed by what failed ("Couldn't open Bolig").
 */
function headingFor(state: PageState, target: LinkTarget, relation: string | undefined, nav: Nav, rootUrl: string | undefined): string {
  if (state.kind === 'error') return t('could_not_open', targetName(target, relation, nav, rootUrl));
  // Signed out is no failure of this page: it is still named for what it was.
  if (state.kind !== 'ready') return relation === 'self' && target.url !== rootUrl ? t('title_letter') : targetName(target, relation, nav, rootUrl);
  const generic = relation && relation !== 'self' ? relationLabel(relation) : t('viewer_title');
  const data = state.snapshot?.data;
  switch (state.view) {
    case 'letter':
      // Named as the lists name it: a confidential letter hides its subject, and says so in both places.
      return subjectText({ subject: resourceName(data) ?? '', confidential: isObj(data) && data.confidential === true });
    case 'letters':
      return resourceName(data) ?? (relation && relationInfo(relation).kind === 'list' ? listName(relation) : generic);
    case 'receipt':
      return receiptOf(data)?.storeName.trim() ? (receiptOf(data)?.storeName ?? '') : t('title_receipt');
    case 'search':
      return t('recipient_search');
    default:
      return isRoot(data) ? t('all_links_title') : (resourceName(data) ?? generic);
  }
}

export function Viewer() {
  const [entry, setEntry] = useState<HistoryEntry | 'missing' | undefined>(undefined);
  // What just happened on a page that is gone ("The letter was deleted."), said on the page Back leads to.
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const layout = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // j, k and the arrows move through the rows of the inbox, a folder or the receipts; Back to a
  // list puts focus on the row that was opened from it.
  useListKeys(layout, LIST_ROWS);
  const openedRow = useOpenedRow(layout, LIST_ROWS);
  const current = typeof entry === 'object' ? entry : undefined;
  const { root, error: rootError, reload: loadRoot, replace: replaceRoot, fail: failRoot } = useRoot();
  const { state: page, load: loadPage, replaceData, fail } = usePage(current);
  // Whether the list on show is empty now: a folder's "still holds letters" goes once it is.
  const [listEmpty, setListEmpty] = useState(false);
  const load = async (at: HistoryEntry) => {
    await loadPage(at);
    if (!root) void loadRoot();
  };
  const relation = current?.target.relation ? relationName(current.target.relation) : undefined;

  // Which page this history entry is, now and after each Back or Forward (the latest move wins).
  useEffect(() => {
    let moves = 0;
    const settle = async () => {
      const move = ++moves;
      const found = await currentEntry();
      if (move === moves) setEntry(found ?? 'missing');
    };
    void settle();
    const onPop = () => void settle();
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (current) {
      void load(current);
      scrollTo(0, 0);
    }
  }, [entry]);

  const go = (target: LinkTarget, id = newPageId()) => setEntry(pushEntry(current, target, id));
  const openInboxAfterConnect = async () => {
    const fresh = await ask({ type: 'getRoot' });
    replaceRoot(fresh);
    const inbox = mailboxNavOf(fresh.root).inbox;
    if (inbox) go(targetOf(inbox, 'document_inbox'));
  };
  const canGoBack = current !== undefined && (current.depth > 0 || current.cameFrom);
  const ready = page.kind === 'ready' && page.for === current ? page : undefined;
  const view = ready?.view;
  const nav = mailboxNavOf(root?.root);
  const rootUrl = findLink(root?.root.link, 'self')?.uri;
  const folders = foldersOf(root?.root);
  const heading = current ? headingFor(page.kind !== 'loading' && page.for === current ? page : { kind: 'loading' }, current.target, relation, nav, rootUrl) : t('viewer_title');
  const tabTitle = tabTitleOf(view, relation, ready?.snapshot?.data);
  // Kept while the list is read again after an upload, so what it says stays on screen.
  const uploadPlace = root?.scopes.includes('UPLOAD_DOCUMENT') ? uploadPlaceAt(root.root, current?.target.url) : undefined;

  useEffect(() => {
    document.title = tabTitle ? t('tab_title', tabTitle) : t('extShortName');
  }, [tabTitle]);

  // A page reached inside the tab, and any letter, puts focus on its heading once shown: a screen
  // reader then hears the subject, and Tab goes on from the top of the page, not from the row left behind.
  const shown = ready ? ready.for : undefined;
  useEffect(() => {
    if (!shown) return;
    if ((view === 'letters' || view === 'receipts') && openedRow.restore(historyKey(shown))) return;
    if (view === 'letter' || shown.depth > 0) headingRef.current?.focus({ preventScroll: true });
  }, [shown]);

  const retry = () => (current ? void load(current) : undefined);
  const sessionLevel = sessionLevelOf(root?.root);

  let body;
  if (entry === 'missing') {
    body = (
      <div class="info-panel" role="note">
        <InfoIcon class="info-panel-icon" />
        <div>
          <p class="info-panel-title">{t('page_forgotten_title')}</p>
          <p>{rootError && needsConnect(rootError) ? t('page_forgotten_signed_out') : t('page_forgotten')}</p>
          {nav.inbox ? (
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => nav.inbox && go(targetOf(nav.inbox, 'document_inbox'))}
              >
                {t('open_inbox')}
              </button>
            </div>
          ) : rootError && needsConnect(rootError) ? (
            // Signed out (which is also why the page was forgotten): connect, then open the inbox, as the text says.
            <div class="actions">
              <button type="button" class="primary" onClick={() => void connectThen(openInboxAfterConnect).catch((error: unknown) => failRoot(toErrorInfo(error)))}>
                {t('connect_open_inbox')}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    );
  } else if (!current || page.kind === 'loading' || page.for !== current) {
    body = <Skeleton lines={8} />;
  } else if (page.kind === 'error' || page.kind === 'signed_out') {
    const connect = () =>
      void connectThen(async () => {
        await loadRoot();
        await load(current);
      }).catch((error: unknown) => fail(current, toErrorInfo(error)));
    body = page.kind === 'signed_out' ? <SignedOutView error={page.error} onConnect={connect} /> : <ErrorView error={page.error} onRetry={retry} onConnect={connect} />;
  } else {
    const snapshot = page.snapshot;
    const serviceOrigin = snapshot?.serviceOrigin ?? '';
    switch (page.view) {
      case 'search':
        body = <RecipientSearch target={current.target} />;
        break;
      case 'action':
        body = (
          <ActionView label={relation ? relationLabel(relation) : t('viewer_title')} canGoBack={canGoBack} onBack={() => history.back()} serviceOrigin={root?.serviceOrigin} />
        );
        break;
      case 'letters': {
        const list = (
          <LetterList data={snapshot?.data} requestUrl={page.requestUrl} target={current.target} sessionLevel={sessionLevel} title={heading} onEmpty={setListEmpty} />
        );
        const folder = folders.find((f) => f.self.uri === current.target.url);
        const place: Place | undefined = folder ? { location: 'FOLDER', folderId: folder.id } : relation === 'document_inbox' ? INBOX : undefined;
        const scopes = snapshot?.scopes ?? [];
        body = place ? (
          <>
            <FolderTools
              canFile={scopes.includes('UPDATE_DOCUMENT')}
              listLinks={root?.root.mailbox?.[0]?.folders?.link}
              folder={folder}
              rootUrl={rootUrl}
              empty={listEmpty}
              onChanged={() => {
                void loadRoot();
                if (folder) void load(current);
              }}
              onDeleted={() => {
                // The side list is read again first, so the inbox never shows beside the folder just deleted.
                const inbox = nav.inbox;
                void loadRoot().finally(() => inbox && go(targetOf(inbox, 'document_inbox')));
              }}
            />
            <ListFilingProvider scopes={scopes} folders={folders} place={place}>
              {list}
            </ListFilingProvider>
          </>
        ) : (
          list
        );
        break;
      }
      case 'letter':
        body = (
          <>
            <LetterFiling
              data={snapshot?.data}
              scopes={snapshot?.scopes ?? []}
              folders={folders}
              onChanged={replaceData}
              onDeleted={() => {
                setNotice(t('filing_deleted'));
                if (canGoBack) history.back();
                else if (nav.inbox) go(targetOf(nav.inbox, 'document_inbox'));
              }}
            />
            <LetterView
            data={snapshot?.data}
            source={{ ...current.target, url: page.requestUrl }}
            serviceOrigin={serviceOrigin}
            scopes={snapshot?.scopes ?? []}
            sessionLevel={sessionLevel}
            onChanged={replaceData}
          />
          </>
        );
        break;
      case 'receipts':
        body = <ReceiptsView data={snapshot?.data} title={heading} serviceOrigin={serviceOrigin} />;
        break;
      case 'receipt':
        body = <ReceiptView data={snapshot?.data} serviceOrigin={serviceOrigin} />;
        break;
      default:
        body = isRoot(snapshot?.data) ? <RootView data={snapshot?.data} serviceOrigin={serviceOrigin} /> : <GenericView data={snapshot?.data} serviceOrigin={serviceOrigin} />;
    }
  }

  return (
    <NavigationContext.Provider value={go}>
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
          {nav.inbox || nav.folders.length > 0 ? <LetterFinder nav={nav} sessionLevel={sessionLevel} /> : null}
          <button type="button" class="icon-button" onClick={() => void browser.runtime.openOptionsPage()}>
            <SettingsIcon /> <span>{t('extension_settings')}</span>
          </button>
        </header>
        <div class="layout" ref={layout}>
          <MailboxNav nav={nav} position={{ current: current?.target, within: ready ? placeHolding(ready.view, ready.snapshot?.data, nav) : undefined }} />
          <main
            class="page"
            key={current ? historyKey(current) : 'none'}
            // On the way down, before the row's own handler moves to the letter and this page is gone.
            onClickCapture={(event) => {
              if (current) openedRow.remember(historyKey(current), event.target);
              // The next thing done here has its own outcome to say: the last page's is old news.
              setNotice(undefined);
            }}
          >
            <h1 id="page-heading" tabIndex={-1} ref={headingRef}>
              {heading}
            </h1>
            {uploadPlace && current ? <UploadPanel place={uploadPlace} onUploaded={() => void load(current)} /> : null}
            {body}
          </main>
        </div>
        {notice ? <Toast toast={{ message: notice }} onDone={() => setNotice(undefined)} /> : null}
      </div>
    </NavigationContext.Provider>
  );
}

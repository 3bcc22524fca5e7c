import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { LinkTarget } from '../api/links.ts';
import { t } from '../shared/i18n.ts';
import { relationLabel } from '../model/labels.ts';
import { FolderTools } from './filing/FolderTools.tsx';
import { LetterFiling } from './filing/LetterFiling.tsx';
import { ListFilingProvider } from './filing/ListFiling.tsx';
import { INBOX, type Place } from './filing/filing.ts';
import type { Go } from './history.ts';
import { LetterView } from './letter/LetterView.tsx';
import { LetterList } from './lists/LetterList.tsx';
import { RememberedListNote } from './lists/RememberedListNote.tsx';
import { isRoot } from './page-names.ts';
import { ReceiptsView, ReceiptView } from './receipts/ReceiptsView.tsx';
import { ActionView } from './resources/ActionView.tsx';
import { GenericView } from './resources/GenericView.tsx';
import { RootView } from './resources/RootView.tsx';
import { RecipientSearch } from './search/RecipientSearch.tsx';
import type { ListPage, PageKind, PageView } from './page-view.ts';
import { inboxTarget, type RootState } from './use-root.ts';

/** What a view is given: the page as read (usePage), where it was reached, and the tab's ways to act. */
export interface ViewProps {
  page: PageView;
  target: LinkTarget;
  relation: string | undefined;
  heading: string;
  root: RootState;
  /** Reads the page again. */
  reload: () => Promise<void>;
  /** The resource as a change on this page left it (the page shows it without reading it again). */
  replaceData: (data: unknown) => void;
  /** A list's "Load more" added a page: Back and Forward show the list as deep again. */
  onFurtherPage: (page: ListPage) => void;
  /** The page's resource is gone (deleted here): Back, else the inbox, where `notice` says what happened. */
  leave: (notice: string) => void;
  go: Go;
  canGoBack: boolean;
}

const dataOf = (props: ViewProps): unknown => props.page.snapshot?.data;
const serviceOriginOf = (props: ViewProps): string => props.page.snapshot?.serviceOrigin ?? '';

function ActionPage(props: ViewProps) {
  const { relation, root } = props;
  return (
    <ActionView
      label={relation ? relationLabel(relation) : t('viewer_title')}
      canGoBack={props.canGoBack}
      onBack={() => history.back()}
      serviceOrigin={root.root?.serviceOrigin}
    />
  );
}

/**
 * The inbox or a folder (with its folder tools and filing), or any other list of letters. Shown
 * from memory (Back while the service does not answer), it says so and offers no change at all.
 */
function LettersPage(props: ViewProps) {
  const { page, target, root } = props;
  // Whether the list on show is empty now: a folder's "still holds letters" goes once it is.
  const [listEmpty, setListEmpty] = useState(false);
  const list = (
    <LetterList
      // Read afresh after it was shown from memory, the list starts again from what the service says.
      key={page.offline ? 'remembered' : 'read'}
      data={dataOf(props)}
      requestUrl={page.requestUrl}
      further={page.further}
      onPage={props.onFurtherPage}
      target={target}
      sessionLevel={root.sessionLevel}
      title={props.heading}
      onEmpty={setListEmpty}
    />
  );
  if (page.offline) {
    return (
      <>
        <RememberedListNote onRetry={() => void props.reload()} />
        {list}
      </>
    );
  }
  const folder = root.folders.find((f) => f.self.uri === target.url);
  const place: Place | undefined = folder
    ? { location: 'FOLDER', folderId: folder.id }
    : props.relation === 'document_inbox'
      ? INBOX
      : undefined;
  if (!place) return list;
  const scopes = page.snapshot?.scopes ?? [];
  return (
    <>
      <FolderTools
        canFile={scopes.includes('UPDATE_DOCUMENT')}
        listLinks={root.folderLinks}
        folder={folder}
        rootUrl={root.rootUrl}
        empty={listEmpty}
        onChanged={() => {
          void root.reload();
          if (folder) void props.reload();
        }}
        onDeleted={() => {
          // The side list is read again first, so the inbox never shows beside the folder just deleted.
          const inbox = inboxTarget(root.nav);
          void root.reload().finally(() => inbox && props.go(inbox));
        }}
      />
      <ListFilingProvider scopes={scopes} folders={root.folders} place={place}>
        {list}
      </ListFilingProvider>
    </>
  );
}

function LetterPage(props: ViewProps) {
  const { page, root } = props;
  const scopes = page.snapshot?.scopes ?? [];
  return (
    <>
      <LetterFiling
        data={dataOf(props)}
        scopes={scopes}
        folders={root.folders}
        onChanged={props.replaceData}
        onDeleted={() => props.leave(t('filing_deleted'))}
      />
      <LetterView
        data={dataOf(props)}
        source={{ ...props.target, url: page.requestUrl }}
        serviceOrigin={serviceOriginOf(props)}
        scopes={scopes}
        sessionLevel={root.sessionLevel}
        onChanged={props.replaceData}
      />
    </>
  );
}

/**
 * The viewer's routes: each kind of page (usePage tells it by the link, or by the shape of what
 * the service answered) and the view that shows it. The page's resource is read by usePage; a view
 * that reads more reads it with a hook of its own (the list's further pages, a letter's content,
 * the recipients found).
 */
const ROUTES: Record<PageKind, (props: ViewProps) => JSX.Element> = {
  search: (props) => <RecipientSearch target={props.target} />,
  action: ActionPage,
  letters: LettersPage,
  letter: LetterPage,
  receipts: (props) => (
    <>
      {props.page.offline ? <RememberedListNote onRetry={() => void props.reload()} /> : null}
      <ReceiptsView data={dataOf(props)} title={props.heading} serviceOrigin={serviceOriginOf(props)} />
    </>
  ),
  receipt: (props) => <ReceiptView data={dataOf(props)} serviceOrigin={serviceOriginOf(props)} />,
  tree: (props) =>
    isRoot(dataOf(props)) ? (
      <RootView data={dataOf(props)} serviceOrigin={serviceOriginOf(props)} scopes={props.page.snapshot?.scopes} />
    ) : (
      <GenericView data={dataOf(props)} serviceOrigin={serviceOriginOf(props)} />
    ),
};

/** The page on show, by its route. */
export function RoutedPage(props: ViewProps) {
  const View = ROUTES[props.page.view];
  return <View {...props} />;
}

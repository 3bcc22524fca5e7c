import { createContext, type ComponentChildren } from 'preact';
import { targetOf, type LinkTarget } from '../api/links.ts';
import type { Link } from '../api/schemas.ts';
import { useContext, useMemo } from 'preact/hooks';
import type { Tabs } from 'webextension-polyfill';
import { ext as browser } from '../shared/ext.ts';
import { newPageId, pageIdFromLocation, recallTarget, rememberTarget, viewerAddressOf, viewerQueryOf } from '../protocol/viewer-address.ts';
import { createTab } from '../shared/create-tab.ts';

/*
 * Moving between pages inside one viewer tab. Each step is a history entry of its own (Back and
 * Forward work) whose address is only a random page id. What the id stands for is kept in
 * storage.session alone (memory, emptied at sign-out and when the browser closes), never in the
 * entry itself: the browser writes open tabs' history state to disk for session restore.
 */

export interface HistoryEntry {
  target: LinkTarget;
  /** Steps taken inside the viewer to reach this entry: 0 for the page the tab opened on. */
  depth: number;
  /** Whether the tab had a page before the viewer's first one: Back can return there. */
  cameFrom: boolean;
}

type Place = Omit<HistoryEntry, 'target'>;

function placeFromState(state: unknown): Place | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { depth, cameFrom } = state as Record<string, unknown>;
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) return undefined;
  return { depth, cameFrom: cameFrom === true };
}

/**
 * The entry the tab is on now, or undefined when its id names nothing remembered (signed out since,
 * the browser restarted, or no id at all). The first visit of an entry records its place in history.
 */
export async function currentEntry(): Promise<HistoryEntry | undefined> {
  const id = pageIdFromLocation(location.search);
  const target = id ? await recallTarget(id).catch(() => undefined) : undefined;
  if (!target) return undefined;
  const known = placeFromState(history.state);
  if (known) return { target, ...known };
  // Before the viewer pushed anything, more than one entry means the tab came from somewhere.
  const first: Place = { depth: 0, cameFrom: history.length > 1 };
  history.replaceState(first, '');
  return { target, ...first };
}

/** The entry that follows `from` when a link to `target` is taken (`id` names its address). */
export function pushEntry(from: HistoryEntry | undefined, target: LinkTarget, id: string): HistoryEntry {
  const place: Place = { depth: (from?.depth ?? -1) + 1, cameFrom: from?.cameFrom ?? false };
  void rememberTarget(id, target).catch(() => undefined);
  history.pushState(place, '', viewerQueryOf(id));
  return { target, ...place };
}

export type Go = (target: LinkTarget, id?: string) => void;

export const NavigationContext = createContext<Go>(() => undefined);

function useGo(): Go {
  return useContext(NavigationContext);
}

async function openInNewTab(id: string, target: LinkTarget, active: boolean): Promise<void> {
  await rememberTarget(id, target);
  const current = (await browser.tabs.getCurrent()) as Tabs.Tab | undefined;
  await createTab({
    url: viewerAddressOf(id),
    active,
    ...(current ? { index: current.index + 1 } : {}),
    ...(current?.id !== undefined ? { openerTabId: current.id } : {}),
  });
}

/**
 * A link to another viewer page: a real link (keyboard, focus, "open in new tab" all work) whose
 * address names nothing but a random id. A plain click stays in this tab as a new history entry.
 */
export function ViewerLink(props: {
  target: LinkTarget;
  class?: string;
  children: ComponentChildren;
  'aria-current'?: 'page' | 'location' | undefined;
  'aria-describedby'?: string;
}) {
  const go = useGo();
  const id = useMemo(newPageId, []);
  const { target } = props;
  return (
    <a
      class={props.class}
      href={viewerQueryOf(id)}
      aria-current={props['aria-current']}
      aria-describedby={props['aria-describedby']}
      onClick={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        if (event.ctrlKey || event.metaKey || event.shiftKey) void openInNewTab(id, target, event.shiftKey);
        else go(target, id);
      }}
      onAuxClick={(event) => {
        if (event.button !== 1) return;
        event.preventDefault();
        void openInNewTab(id, target, false);
      }}
      // The browser's own menu ("Open link in new tab") opens the address as it is: remember it now.
      onContextMenu={() => void rememberTarget(id, target).catch(() => undefined)}
    >
      {props.children}
    </a>
  );
}

/** A list row's content: a link to the row's own resource when it has one, plain otherwise. */
export function RowLink(props: { self: Link | undefined; relation: string; children: ComponentChildren }) {
  return props.self ? (
    <ViewerLink class="letter-link" target={targetOf(props.self, props.relation)}>
      {props.children}
    </ViewerLink>
  ) : (
    <div class="letter-link">{props.children}</div>
  );
}

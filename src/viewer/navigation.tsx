import { createContext, type ComponentChildren } from 'preact';
import { targetOf, type LinkTarget } from '../api/links.ts';
import type { Link } from '../api/schemas.ts';
import { useContext, useMemo } from 'preact/hooks';
import type { Tabs } from 'webextension-polyfill';
import { ext as browser } from '../shared/ext.ts';
import { newPageId, viewerAddressOf, viewerQueryOf } from '../shared/viewer-address.ts';
import { rememberTarget } from '../storage/viewer-pages.ts';
import { createTab } from '../shared/create-tab.ts';
import type { Go } from './history.ts';

/*
 * Links between the pages of the viewer: each leads to a new history entry in this tab (history.ts)
 * or, as any link can, to a new tab. Their addresses name nothing but a random page id.
 */

export const NavigationContext = createContext<Go>(() => undefined);

/** The mailbox the page on show lies in, by what names it (MailboxNav.id; '' for the person's own): a link from it stays in that mailbox. */
export const MailboxContext = createContext('');

/** Whose mailbox the page on show lies in, when it is one shared with the person (MailboxNav.whose); undefined for their own. */
export const WhoseMailboxContext = createContext<string | undefined>(undefined);

/** A link's target in the mailbox `id` names, unless it names a mailbox of its own (a place of the side list). */
export function inMailbox(target: LinkTarget, id: string): LinkTarget {
  return target.mailbox === undefined && id !== '' ? { ...target, mailbox: id } : target;
}

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
  const target = inMailbox(props.target, useContext(MailboxContext));
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

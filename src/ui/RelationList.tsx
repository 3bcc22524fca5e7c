import { useState } from 'preact/hooks';
import { relationInfo, type RelationEntry } from '../api/links.ts';
import { relationLabel } from '../model/labels.ts';
import { ChevronIcon } from './icons.tsx';
import { t } from '../shared/i18n.ts';
import { RelationIcon } from './relation-icons.tsx';

/** The root's own address is the service's overview; elsewhere `self` is "this resource". */
function placeLabel(entry: RelationEntry): string {
  return entry.source === 'root' && entry.name === 'self' ? t('place_overview') : relationLabel(entry.name);
}

function groupTitle(source: RelationEntry['source'], mailboxNames: readonly string[]): string {
  if (source === 'root') return t('group_root');
  if (source === 'account') return t('group_account');
  const index = Number(source.slice('mailbox:'.length));
  const name = mailboxNames[index]?.trim();
  return name ? t('group_mailbox', name) : t('group_mailbox_unnamed');
}

/**
 * The places a person can go, each address once: the account's inbox and the mailbox's inbox are
 * one place, shown where it was first offered. Actions, what the extension follows itself (the
 * registry's 'details') and links that are unsafe to follow are not places; they stay listed, with
 * the reason, under "All links".
 */
function placesByGroup(entries: readonly RelationEntry[]): Map<RelationEntry['source'], RelationEntry[]> {
  const groups = new Map<RelationEntry['source'], RelationEntry[]>();
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!entry.verdict.followable || relationInfo(entry.name).shown !== 'places' || seen.has(entry.link.uri)) continue;
    seen.add(entry.link.uri);
    groups.set(entry.source, [...(groups.get(entry.source) ?? []), entry]);
  }
  return groups;
}

/** Folded, and built only when unfolded: the popup's first paint does not pay for it. */
function AllLinks(props: { entries: readonly RelationEntry[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="all-links" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('all_links', String(props.entries.length))}</summary>
      {open ? <AllLinksList entries={props.entries} /> : null}
    </details>
  );
}

function AllLinksList(props: { entries: readonly RelationEntry[] }) {
  return (
    <ul>
      {props.entries.map((entry) => (
        <li key={`${entry.source}|${entry.name}|${entry.link.uri}`} class={entry.verdict.followable ? undefined : 'relation-blocked'}>
          <span class="all-links-label">{relationLabel(entry.name)}</span> <code class="relation-name">{entry.name}</code>
          {entry.verdict.followable ? null : entry.verdict.reason === 'link_is_action' ? (
            <span class="link-kind">{t('link_kind_action')}</span>
          ) : (
            <span class="relation-reason">{t(`error_${entry.verdict.reason}`)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every followable relation of the root, the account and each mailbox, with a translated label
 * and an icon, grouped by where it was found. The relation's own name is only in the tooltip and
 * under "All links": it is the service's vocabulary, not the reader's.
 */
export function RelationList(props: {
  entries: readonly RelationEntry[];
  mailboxNames?: readonly string[];
  onOpen: (entry: RelationEntry) => void;
}) {
  const groups = placesByGroup(props.entries);
  return (
    <div class="relations">
      {groups.size === 0 ? <p class="muted">{t('no_relations')}</p> : null}
      {[...groups].map(([source, entries]) => {
        const id = `places-${source.replace(':', '-')}`;
        return (
          <section key={source} class="relation-group" aria-labelledby={id}>
            <h3 id={id}>{groupTitle(source, props.mailboxNames ?? [])}</h3>
            <ul class="places">
              {entries.map((entry) => (
                <li key={entry.link.uri}>
                  <button type="button" class="place" title={entry.name} onClick={() => props.onOpen(entry)}>
                    <RelationIcon name={entry.name} class="place-icon" />
                    <span class="place-label">{placeLabel(entry)}</span>
                    <ChevronIcon class="place-go" />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {props.entries.length > 0 ? <AllLinks entries={props.entries} /> : null}
    </div>
  );
}

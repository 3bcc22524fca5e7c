import { KNOWN_RELATIONS, labelFromName, relationLabelKey, type RelationEntry } from '../api/links.ts';
import { t } from './i18n.ts';

export function relationLabel(name: string): string {
  return KNOWN_RELATIONS.includes(name) ? t(relationLabelKey(name)) : labelFromName(name);
}

function groupTitle(source: RelationEntry['source'], mailboxNames: readonly string[]): string {
  if (source === 'root') return t('group_root');
  if (source === 'account') return t('group_account');
  const index = Number(source.slice('mailbox:'.length));
  return t('group_mailbox', mailboxNames[index] ?? String(index + 1));
}

/**
 * The relations a person can follow, grouped by where they came from. Actions (logout, update_*,
 * ...) are not navigation and are left out; links that are unsafe to follow are shown, disabled,
 * with the reason, so nothing the service offered silently disappears.
 */
export function RelationList(props: {
  entries: readonly RelationEntry[];
  mailboxNames?: readonly string[];
  onOpen: (entry: RelationEntry) => void;
}) {
  const visible = props.entries.filter((e) => e.verdict.followable || e.verdict.reason !== 'link_is_action');
  const groups = new Map<RelationEntry['source'], RelationEntry[]>();
  for (const entry of visible) groups.set(entry.source, [...(groups.get(entry.source) ?? []), entry]);
  if (visible.length === 0) return <p class="muted">{t('no_relations')}</p>;
  return (
    <div class="relations">
      {[...groups].map(([source, entries]) => (
        <section key={source} class="relation-group" aria-label={groupTitle(source, props.mailboxNames ?? [])}>
          <h2>{groupTitle(source, props.mailboxNames ?? [])}</h2>
          <ul>
            {entries.map((entry) => (
              <li key={`${entry.name}|${entry.link.uri}`}>
                {entry.verdict.followable ? (
                  <button type="button" class="relation" onClick={() => props.onOpen(entry)}>
                    <span class="relation-label">{relationLabel(entry.name)}</span>
                    <code class="relation-name">{entry.name}</code>
                  </button>
                ) : (
                  <div class="relation relation-blocked" aria-disabled="true">
                    <span class="relation-label">{relationLabel(entry.name)}</span>
                    <code class="relation-name">{entry.name}</code>
                    <span class="relation-reason">{t(`error_${entry.verdict.reason}`)}</span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import { formatDate, isIsoDate } from '../../model/dates.ts';
import { MAX_JSON_DEPTH } from '../../api/json-depth.ts';
import { classifyLink, relationName, targetOf } from '../../api/links.ts';
import type { Link } from '../../api/schemas.ts';
import { isActionLink } from '../../shared/errors.ts';
import { t, uiLocale } from '../../shared/i18n.ts';
import { labelFromName, relationLabel } from '../../model/labels.ts';
import { ViewerLink } from '../navigation.tsx';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = Record<string, Json>;

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deep the pages show nested data; an object or list below it is shown as "…". The worker
 * lets no answer nested deeper than MAX_JSON_DEPTH through, so this matters only for data that came
 * some other way; but every level costs the renderers (and Preact) frames of the stack, and no
 * answer may take a page down with it.
 */
export const MAX_SHOWN_DEPTH = MAX_JSON_DEPTH;

/** What stands for an object or list deeper than MAX_SHOWN_DEPTH. */
export function CutOff() {
  return <span class="muted">…</span>;
}

function isLink(value: Json): value is JsonObject & { rel: string; uri: string } {
  return isObject(value) && typeof value.rel === 'string' && typeof value.uri === 'string';
}

function formatScalar(value: Json): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number') return new Intl.NumberFormat(uiLocale()).format(value);
  if (typeof value === 'string' && isIsoDate(value)) return formatDate(value, uiLocale());
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Items share a shape when they are all objects and most of their keys are the same. */
function sharedColumns(items: readonly Json[]): string[] | undefined {
  if (items.length < 2 || !items.every(isObject)) return undefined;
  const counts = new Map<string, number>();
  for (const item of items as JsonObject[]) {
    for (const [key, value] of Object.entries(item)) {
      if (!isObject(value) && !Array.isArray(value)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const columns = [...counts].filter(([, n]) => n >= items.length / 2).map(([key]) => key);
  return columns.length > 0 ? columns : undefined;
}

function LinkItem(props: { link: Link; serviceOrigin: string }) {
  const name = relationName(props.link.rel);
  const verdict = classifyLink(props.link, props.serviceOrigin);
  const target = targetOf(props.link, name);
  return (
    <li class="link-item">
      <span class="relation-label">{relationLabel(name)}</span> <code class="relation-name">{name}</code>{' '}
      <code class="link-uri">{props.link.uri}</code>{' '}
      {verdict.followable ? (
        <ViewerLink target={target}>{t('open_here')}</ViewerLink>
      ) : (
        <span class="muted">{isActionLink({ code: verdict.reason }) ? t('action_short') : t(`error_${verdict.reason}`)}</span>
      )}
    </li>
  );
}

function LinkList(props: { links: readonly Link[]; serviceOrigin: string }) {
  return (
    <ul class="links">
      {props.links.map((link, i) => (
        <LinkItem key={`${link.rel}|${link.uri}|${i}`} link={link} serviceOrigin={props.serviceOrigin} />
      ))}
    </ul>
  );
}

function Table(props: { items: JsonObject[]; columns: string[]; serviceOrigin: string; depth: number }) {
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c} scope="col">
                {labelFromName(c)}
              </th>
            ))}
            <th scope="col">{t('details')}</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item, i) => {
            const rest = Object.fromEntries(Object.entries(item).filter(([k]) => !props.columns.includes(k)));
            return (
              <tr key={i}>
                {props.columns.map((c) => (
                  <td key={c}>{c in item ? formatScalar(item[c] ?? null) : ''}</td>
                ))}
                <td>
                  {Object.keys(rest).length > 0 ? <Value value={rest} serviceOrigin={props.serviceOrigin} depth={props.depth + 1} /> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Renders any JSON as text: objects as labelled fields, arrays of alike objects as tables. */
export function Value(props: { value: Json; serviceOrigin: string; depth: number }) {
  const { value, serviceOrigin, depth } = props;
  if (depth >= MAX_SHOWN_DEPTH && (Array.isArray(value) || isObject(value))) return <CutOff />;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">{t('empty_list')}</span>;
    if (value.every(isLink)) return <LinkList links={value} serviceOrigin={serviceOrigin} />;
    const columns = sharedColumns(value);
    if (columns) return <Table items={value as JsonObject[]} columns={columns} serviceOrigin={serviceOrigin} depth={depth} />;
    return (
      <ol class="list">
        {value.map((item, i) => (
          <li key={i}>
            <Value value={item} serviceOrigin={serviceOrigin} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span class="muted">{t('empty_object')}</span>;
    return (
      <dl class="fields">
        {entries.map(([key, child]) => (
          <div key={key} class="field">
            <dt>{labelFromName(key)}</dt>
            <dd>
              <Value value={child} serviceOrigin={serviceOrigin} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{formatScalar(value)}</span>;
}

export type { Json };

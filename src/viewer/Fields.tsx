import { t, uiLocale } from '../ui/i18n.ts';
import { fieldLabel, formatFieldValue, isAddress } from './values.ts';

/*
 * Any resource's fields as a person reads them: translated labels, values in words and units,
 * nested objects as indented groups, lists of alike things as a list of cards. Links and addresses
 * are left out here: the page offers the places to go, and "All details and links" has the rest.
 */

type Scalar = string | number | boolean | null;
type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Whether a field has anything to show in the main view. */
function shown(key: string, value: unknown): boolean {
  if (key === 'link' || isAddress(value)) return false;
  if (Array.isArray(value)) return value.some((item) => !isAddress(item));
  if (isObj(value)) return Object.entries(value).some(([k, v]) => shown(k, v));
  return value !== undefined;
}

function FieldValue(props: { name: string; value: unknown; siblings: Obj; depth: number }) {
  const { name, value, depth } = props;
  const locale = uiLocale();
  if (isScalar(value)) return <>{formatFieldValue(name, value, props.siblings, locale)}</>;
  if (Array.isArray(value)) {
    const items = value.filter((item) => !isAddress(item));
    if (items.length === 0) return <span class="muted">{t('empty_list')}</span>;
    if (items.every(isScalar)) return <>{items.map((item) => formatFieldValue(name, item, props.siblings, locale)).join(', ')}</>;
    return (
      <ul class="field-cards">
        {items.map((item: unknown, i) => (
          <li key={i} class="field-card">
            {isObj(item) ? <FieldList data={item} depth={depth + 1} /> : <FieldValue name={name} value={item} siblings={{}} depth={depth + 1} />}
          </li>
        ))}
      </ul>
    );
  }
  if (isObj(value)) return <FieldList data={value} depth={depth + 1} />;
  return null;
}

export function FieldList(props: { data: unknown; depth?: number; omit?: readonly string[] }) {
  if (!isObj(props.data)) return null;
  const data = props.data;
  const entries = Object.entries(data).filter(([key, value]) => !props.omit?.includes(key) && shown(key, value));
  if (entries.length === 0) return props.depth ? null : <p class="muted">{t('nothing_to_show')}</p>;
  return (
    <dl class={props.depth ? 'fields fields-nested' : 'fields'}>
      {entries.map(([key, value]) => (
        <div key={key} class="field">
          <dt>{fieldLabel(key)}</dt>
          <dd>
            <FieldValue name={key} value={value} siblings={data} depth={props.depth ?? 0} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

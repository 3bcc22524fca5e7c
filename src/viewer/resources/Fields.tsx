import { t, uiLocale } from '../../shared/i18n.ts';
import {
  codeInWords,
  fieldLabel,
  formatFieldValue,
  isAddress,
  isInternalField,
  postalAddress,
  repeatsSibling,
} from '../../model/fields.ts';
import { isObj } from '../../model/read-json.ts';
import { CutOff, MAX_SHOWN_DEPTH } from './ResourceTree.tsx';

/*
 * Any resource's fields as a person reads them: translated labels, values in words and units,
 * nested objects as indented groups, lists of alike things as a list of cards. Links, addresses and
 * the service's plumbing (isInternalField) are left out here: the page offers the places to go, and
 * "All details and links" has the rest.
 */

type Scalar = string | number | boolean | null;
type Obj = Record<string, unknown>;

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * Whether a field has anything to show in the main view. It looks no deeper than the view shows
 * (MAX_SHOWN_DEPTH): below that, an object is taken to have something, which shows as "…".
 */
function shown(key: string, value: unknown, levelsLeft = MAX_SHOWN_DEPTH): boolean {
  if (key === 'link' || isInternalField(key) || isAddress(value) || value === '') return false;
  if (Array.isArray(value)) return value.some((item) => !isAddress(item));
  if (isObj(value)) return levelsLeft <= 0 || Object.entries(value).some(([k, v]) => shown(k, v, levelsLeft - 1));
  return value !== undefined;
}

/** A `{name, value}` pair, as the root's `settings` list is written: a setting's code and its value as text. */
interface NamedValue {
  name: string;
  value: Scalar;
}

function isNamedValue(item: unknown): item is NamedValue {
  return (
    isObj(item) &&
    typeof item.name === 'string' &&
    isScalar(item.value) &&
    Object.keys(item).every((k) => k === 'name' || k === 'value' || k === 'link')
  );
}

/** A list of named values ("NOTIFICATION_EMAIL" = "true") read as the settings they are: "Notification email: Yes". */
function NamedValues(props: { items: NamedValue[] }) {
  const locale = uiLocale();
  const valueOf = (value: Scalar): Scalar => (value === 'true' ? true : value === 'false' ? false : value);
  return (
    <dl class="fields fields-nested">
      {props.items.map((item, i) => (
        <div key={`${item.name}|${i}`} class="field">
          <dt>{codeInWords(item.name)}</dt>
          <dd>{formatFieldValue(item.name, valueOf(item.value), {}, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

function FieldValue(props: { name: string; value: unknown; siblings: Obj; depth: number }) {
  const { name, value, depth } = props;
  if (depth >= MAX_SHOWN_DEPTH && (Array.isArray(value) || isObj(value))) return <CutOff />;
  const locale = uiLocale();
  const postal = Array.isArray(value) ? undefined : postalAddress(value);
  if (postal !== undefined) return <>{postal}</>;
  if (Array.isArray(value) && value.length > 0 && value.every((item) => postalAddress(item) !== undefined)) {
    return <>{value.map((item) => postalAddress(item)).join('; ')}</>;
  }
  if (isScalar(value)) return <>{formatFieldValue(name, value, props.siblings, locale)}</>;
  if (Array.isArray(value)) {
    const items = value.filter((item) => !isAddress(item));
    if (items.length === 0) return <span class="muted">{t('empty_list')}</span>;
    if (items.every(isNamedValue)) return <NamedValues items={items} />;
    if (items.every(isScalar)) {
      const texts = items.map((item) => formatFieldValue(name, item, props.siblings, locale));
      // Sentences (permissions, descriptions) read as a list; short values as one line.
      if (texts.some((text) => text.length > 40)) {
        return (
          <ul class="value-lines">
            {texts.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        );
      }
      return <>{texts.join(', ')}</>;
    }
    return (
      <ul class="field-cards">
        {items.map((item: unknown, i) => (
          <li key={i} class="field-card">
            {isObj(item) ? (
              <FieldList data={item} depth={depth + 1} />
            ) : (
              <FieldValue name={name} value={item} siblings={{}} depth={depth + 1} />
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (isObj(value)) {
    // An object that holds one value ({"language": {"language": "nb", "link": …}}) is that value:
    // "Language: Norwegian Bokmål", not the label said twice over a group of one.
    const inner = Object.entries(value).filter(([key, child]) => shown(key, child));
    const [one] = inner;
    if (inner.length === 1 && one && isScalar(one[1]))
      return <FieldValue name={one[0]} value={one[1]} siblings={value} depth={depth + 1} />;
    return <FieldList data={value} depth={depth + 1} />;
  }
  return null;
}

export function FieldList(props: { data: unknown; depth?: number; omit?: readonly string[] }) {
  if (!isObj(props.data)) return null;
  const data = props.data;
  const entries = Object.entries(data).filter(
    ([key, value]) => !props.omit?.includes(key) && !repeatsSibling(key, data) && shown(key, value),
  );
  if (entries.length === 0) return props.depth ? null : <p class="muted">{t('nothing_to_show')}</p>;
  // A resource that is one list (connected apps, events): the page's heading already names it.
  const [only] = entries;
  if (!props.depth && entries.length === 1 && only && Array.isArray(only[1]) && only[1].some(isObj)) {
    return <FieldValue name={only[0]} value={only[1]} siblings={data} depth={0} />;
  }
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

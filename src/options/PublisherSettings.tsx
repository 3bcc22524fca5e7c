import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ConfigProblem } from '../config/config.ts';
import { t } from '../shared/i18n.ts';
import { TextField } from './form-fields.tsx';

type ServiceField = 'baseUrl' | 'clientId' | 'clientSecret';

/** The service's fields, in the order the form shows them: message keys of their label and hint. */
const SERVICE_FIELDS: readonly { field: ServiceField; label: string; hint: string; type?: 'url' | 'password' }[] = [
  { field: 'baseUrl', label: 'label_service_address', hint: 'service_address_hint', type: 'url' },
  { field: 'clientId', label: 'label_client_id', hint: 'client_id_hint' },
  { field: 'clientSecret', label: 'label_client_secret', hint: 'client_secret_hint', type: 'password' },
];

/**
 * The connection to Digipost: the application whoever publishes the extension registered. Few
 * people ever change it, so it is folded away once it is filled in, and open while it is not, or
 * while one of its fields has a problem to fix.
 */
export function PublisherSettings(props: {
  values: Record<ServiceField, string>;
  redirectUri: string;
  configured: boolean;
  problems: readonly ConfigProblem[];
  onValue: (field: ServiceField, value: string) => void;
  /** Its Save and what the save says, inside the section: they belong to these fields alone. */
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(!props.configured);
  const [copied, setCopied] = useState(false);
  const mustOpen = props.problems.some((p) => SERVICE_FIELDS.some((f) => f.field === p.field));

  const copy = async () => {
    await navigator.clipboard.writeText(props.redirectUri);
    setCopied(true);
  };

  return (
    <details class="card publisher" open={open || mustOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span class="summary-title" id="publisher-title">
          {t('publisher_title')}
        </span>
        <span class="hint">{t('publisher_hint')}</span>
      </summary>
      {SERVICE_FIELDS.map(({ field, label, hint, type }) => (
        <TextField
          key={field}
          field={field}
          label={t(label)}
          hint={t(hint)}
          type={type}
          value={props.values[field]}
          problems={props.problems}
          onValue={(value) => props.onValue(field, value)}
        />
      ))}
      <div class="field">
        <label for="redirectUri">{t('label_redirect_uri')}</label>
        <p id="redirectUri-hint" class="hint">
          {t('redirect_uri_hint')}
        </p>
        <div class="copy-row">
          <input id="redirectUri" value={props.redirectUri} readOnly aria-describedby="redirectUri-hint" />
          <button type="button" onClick={() => void copy()}>
            {copied ? t('copied') : t('copy')}
          </button>
        </div>
      </div>
      {props.children}
    </details>
  );
}

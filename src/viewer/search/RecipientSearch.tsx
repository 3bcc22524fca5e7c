import { useRef, useState } from 'preact/hooks';
import type { LinkTarget } from '../../api/links.ts';
import { toErrorInfo, type ErrorInfo } from '../../shared/errors.ts';
import { Busy, BusyButton } from '../../ui/components.tsx';
import { BuildingIcon, PersonIcon, SearchIcon } from '../../ui/icons.tsx';
import { formatOrganisationNumber } from '../../model/format.ts';
import { t, tCount } from '../../shared/i18n.ts';
import { ask } from '../../ui/worker-client.ts';
import { connectThen, ErrorView } from '../ErrorView.tsx';
import { recipientsOf, type Recipient } from '../../model/recipients.ts';
import { recipientSearchUrl } from './recipient-search.ts';

type SearchState =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; query: string; recipients: Recipient[] } | { kind: 'error'; error: ErrorInfo };

/** Finding someone to send to: one field, one button, and the people and businesses the service found. */
export function RecipientSearch(props: { target: LinkTarget }) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  // Which question is the latest: an answer to an earlier one (asked again since, or its field
  // emptied) is dropped, so the results shown are always those of the words in the field.
  const latest = useRef(0);

  const search = async (): Promise<void> => {
    const text = query.trim();
    if (text === '') {
      field.current?.focus();
      return;
    }
    const asked = ++latest.current;
    setState({ kind: 'busy' });
    try {
      const answer = await ask({
        type: 'getResource',
        url: recipientSearchUrl(props.target.url, text),
        mediaType: props.target.mediaType,
        relation: 'search',
      });
      if (asked === latest.current) setState({ kind: 'done', query: text, recipients: recipientsOf(answer.data) });
    } catch (failure) {
      if (asked === latest.current) setState({ kind: 'error', error: toErrorInfo(failure) });
    }
  };

  return (
    <>
      <form
        class="search-form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <label for="recipient-query">{t('recipient_search_label')}</label>
        <div class="search-row">
          <input
            id="recipient-query"
            ref={field}
            type="search"
            autocomplete="off"
            value={query}
            onInput={(event) => {
              const text = event.currentTarget.value;
              setQuery(text);
              // An empty field (cleared, or its × pressed) shows no answer to a question no longer asked.
              if (text.trim() === '') {
                latest.current++;
                setState({ kind: 'idle' });
              }
            }}
            aria-describedby="recipient-hint"
          />
          <BusyButton type="submit" class="primary" busy={state.kind === 'busy'}>
            <SearchIcon /> {t('search')}
          </BusyButton>
        </div>
        <p id="recipient-hint" class="hint">
          {t('recipient_search_hint')}
        </p>
      </form>
      {state.kind === 'busy' ? <Busy label={t('searching')} /> : null}
      {state.kind === 'error' ? (
        <ErrorView
          error={state.error}
          onRetry={() => void search()}
          onConnect={() => void connectThen(search).catch((failure: unknown) => setState({ kind: 'error', error: toErrorInfo(failure) }))}
        />
      ) : null}
      {state.kind === 'done' ? (
        <section aria-labelledby="results-heading" class="search-results">
          <h2 id="results-heading">{t('search_results')}</h2>
          <p role="status" class={state.recipients.length === 0 ? 'empty-state' : 'muted'}>
            {state.recipients.length === 0 ? t('recipients_none', state.query) : tCount('recipients_found', state.recipients.length)}
          </p>
          {state.recipients.length === 0 ? <p class="hint">{t('recipients_none_hint')}</p> : null}
          {state.recipients.length > 0 ? (
            <ul class="recipients">
              {state.recipients.map((recipient) => (
                <li key={recipient.key} class="recipient">
                  {recipient.organisationNumber !== undefined ? (
                    <BuildingIcon class="recipient-icon" />
                  ) : (
                    <PersonIcon class="recipient-icon" />
                  )}
                  <div>
                    <p class="recipient-name">{recipient.name.trim() !== '' ? recipient.name : t('recipient_unnamed')}</p>
                    <p class="recipient-meta">
                      {[
                        recipient.address !== undefined ? t('recipient_address', recipient.address) : undefined,
                        recipient.organisationNumber !== undefined
                          ? t('recipient_org_number', formatOrganisationNumber(recipient.organisationNumber))
                          : undefined,
                      ]
                        .filter((part): part is string => part !== undefined)
                        .join(' · ')}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

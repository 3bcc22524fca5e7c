import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { targetOf } from '../../api/links.ts';
import { formatRelativeDate } from '../../model/dates.ts';
import { senderText, subjectText } from '../../model/letter-text.ts';
import type { LetterSummary } from '../../model/letters.ts';
import type { MailboxNav } from '../../model/mailbox.ts';
import { t, tCount, uiLocale } from '../../shared/i18n.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import { useLatest } from '../../ui/use-latest.ts';
import { sessionEndedEvent, useWorkerEvent } from '../../ui/worker-events.ts';
import { NavigationContext } from '../navigation.tsx';
import { buildLetterIndex, findLetters, foundBy, type LetterIndex, type LetterPlace } from './letter-index.ts';
import { readLetters, type ReadLetters } from './letter-source.ts';

/** How long letters read for finding are trusted before the next focus reads them again. */
const FRESH_FOR_MS = 60_000;

/** The letters read for finding, their index, the places that failed, and when they were read. */
interface Source {
  read: ReadLetters;
  index: LetterIndex;
  failed: LetterPlace[];
  at: number;
}

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function countText(total: number, shown: number): string {
  if (total === 0) return t('find_letter_none');
  const found = total === 1 ? t('find_letter_one') : t('find_letter_many', String(total));
  return shown < total ? `${found} ${t('find_letter_first', String(shown))}` : found;
}

/**
 * Finding a letter by its sender or subject, in the inbox and every folder of every mailbox the
 * person may read (`navs`, their own first), as one types. The
 * letters are read when the field is first used and kept only in this page's memory (gone with
 * the tab, and at once when the session ends); the index makes each keystroke a few string
 * comparisons. `/` puts focus in the field; the arrows move through the results; Enter opens one.
 */
export function LetterFinder(props: { navs: readonly MailboxNav[]; sessionLevel: number }) {
  const go = useContext(NavigationContext);
  const [query, setQuery] = useState('');
  // The latest read wins; the letters read before stay findable while it runs, and go with the session.
  const source = useLatest<Source>({ keep: true, endsWithSession: true });
  // Before the first read has answered: what it has found so far (each place as it answers), and how many places it still waits for.
  const [sofar, setSofar] = useState<{ index: LetterIndex; waiting: number } | undefined>();
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);

  /** Reads the places (with `earlier`, only those it did not read), keeping `at` as when the letters kept were read. */
  const read = (earlier?: Source) =>
    source
      .run(async (signal) => {
        const answer = await readLetters(props.navs, props.sessionLevel, earlier?.read, (part, waiting) => {
          if (!signal.aborted) setSofar({ index: buildLetterIndex(part.places), waiting });
        });
        return { read: answer, index: buildLetterIndex(answer.places), failed: answer.failed, at: earlier?.at ?? Date.now() };
      })
      .finally(() => setSofar(undefined));

  const readIfStale = () => {
    const known = source.value;
    if (source.loading || props.navs.every((nav) => !nav.inbox && nav.folders.length === 0)) return;
    if (known && Date.now() - known.at < FRESH_FOR_MS) {
      // Within FRESH_FOR_MS, a place that failed is tried again alone: what the others gave is kept,
      // and read again with them once it is as old as FRESH_FOR_MS.
      if (known.failed.length > 0) void read(known);
      return;
    }
    void read();
  };

  // The session ended: what was read of the mailbox is dropped at once (useLatest), and so is the question.
  useWorkerEvent(sessionEndedEvent, () => {
    setQuery('');
    setOpen(false);
  });

  // `/` from anywhere but a text field, as in many mail clients (j and k stay the list's).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      event.preventDefault();
      field.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A read answered is what is found; before the first has, what it has read so far.
  const index = source.value?.index ?? sofar?.index;
  const waiting = source.value ? 0 : (sofar?.waiting ?? 0);
  const found = useMemo(() => (index ? findLetters(index, query) : undefined), [index, query]);
  const letters: LetterSummary[] = found ? found.groups.flatMap((group) => group.letters) : [];
  // Each letter found opens in its own mailbox (filing it offers that mailbox's folders).
  const mailboxOf = new Map(found?.groups.flatMap((group) => group.letters.map((letter) => [letter.key, group.place.mailbox])));
  const asking = query.trim() !== '';
  const showing = open && asking;

  const openLetter = (letter: LetterSummary | undefined) => {
    if (!letter?.self) return;
    setOpen(false);
    setQuery('');
    go(targetOf(letter.self, 'self', mailboxOf.get(letter.key)));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (letters.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((at) => (event.key === 'ArrowDown' ? Math.min(at + 1, letters.length - 1) : Math.max(at - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openLetter(letters[Math.min(active, letters.length - 1)]);
    } else if (event.key === 'Escape') {
      if (query === '') field.current?.blur();
      setQuery('');
      setOpen(false);
    }
  };

  // Which places failed is told of the read that answered, not while the next one runs.
  const ready = source.loading ? undefined : source.value;
  const failed = ready && asking ? ready.failed : [];
  const failedText = failed.length > 0 ? t('find_letter_failed', failed.map((place) => place.name).join(', ')) : undefined;
  // Nothing could be read: that, not "no letter matches", is the answer.
  const nothingRead = ready?.index.places.length === 0 && failedText !== undefined;
  const counted = found ? countText(found.total, letters.length) : '';
  const status = !asking
    ? ''
    : !found
      ? t('find_letter_reading')
      : nothingRead
        ? failedText
        : waiting > 0
          ? `${counted} ${tCount('due_still_looking', waiting)}`
          : counted;
  const now = Date.now();
  const locale = uiLocale();
  let position = -1;

  return (
    <div
      class="letter-finder"
      role="search"
      aria-label={t('find_letter_placeholder')}
      ref={box}
      onFocusOut={(event) => {
        // Focus left the field and its results: the results fold away (the query stays).
        if (!(event.relatedTarget instanceof Node && box.current?.contains(event.relatedTarget))) setOpen(false);
      }}
    >
      <label for="letter-query" class="visually-hidden">
        {t('find_letter_label')}
      </label>
      <div class="finder-field">
        <SearchIcon class="finder-icon" />
        <input
          id="letter-query"
          ref={field}
          type="search"
          autocomplete="off"
          spellcheck={false}
          placeholder={t('find_letter_placeholder')}
          role="combobox"
          aria-expanded={showing}
          aria-controls="letter-results"
          aria-autocomplete="list"
          aria-activedescendant={showing && letters.length > 0 ? `found-${Math.min(active, letters.length - 1)}` : undefined}
          aria-keyshortcuts="/"
          value={query}
          onFocus={() => {
            readIfStale();
            setOpen(true);
          }}
          onInput={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p class="visually-hidden" role="status" aria-live="polite">
        {showing ? status : ''}
      </p>
      {showing ? (
        <div class="finder-results">
          <p class="finder-count muted" aria-hidden="true">
            {status}
          </p>
          {failedText && failedText !== status ? <p class="finder-failed">{failedText}</p> : null}
          <div id="letter-results" role="listbox" aria-label={t('find_letter_results')}>
            {found?.groups.map((group, g) => (
              <div key={group.place.key} role="group" aria-labelledby={`found-place-${g}`}>
                <p class="finder-place" id={`found-place-${g}`} role="presentation">
                  {group.place.name}
                </p>
                {group.letters.map((letter) => {
                  position++;
                  const at = position;
                  const why = foundBy(letter, query);
                  return (
                    <div
                      key={letter.key}
                      id={`found-${at}`}
                      role="option"
                      aria-selected={at === Math.min(active, letters.length - 1)}
                      class={`finder-letter${at === Math.min(active, letters.length - 1) ? ' active' : ''}`}
                      // Focus stays in the field: the option is chosen without taking it away.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => openLetter(letter)}
                      onMouseEnter={() => setActive(at)}
                    >
                      <span class="finder-sender">{senderText(letter)}</span>
                      <span class="finder-subject">
                        {subjectText(letter)}
                        {why !== undefined ? <span class="finder-why">{t('find_letter_receipt_line', why)}</span> : null}
                      </span>
                      {letter.created !== undefined ? (
                        <span class="finder-date muted">{formatRelativeDate(letter.created, { now, locale })}</span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The finder's room in the top bar while the mailbox's places are not known yet (the root is read
 * after the first frame): an empty field of the finder's size, so the bar does not grow when the
 * finder comes (in a narrow window it takes a row of its own). Nothing to use yet, so hidden from
 * assistive technology and out of the tab order.
 */
export function LetterFinderRoom() {
  return (
    <div class="letter-finder" aria-hidden="true">
      <div class="finder-field">
        <input type="search" disabled tabIndex={-1} />
      </div>
    </div>
  );
}

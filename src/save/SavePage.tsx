import { useRef, useState } from 'preact/hooks';
import { uploadPlacesOf, type NamedPlace } from '../api/upload-places.ts';
import { MAX_SUBJECT_LENGTH, subjectFromName, UPLOAD_TYPES } from '../api/upload-rules.ts';
import { mayAskForOrigin, serviceHostPermission } from '../config/host-permission.ts';
import { formatSize } from '../model/units.ts';
import { viewerUrl } from '../storage/viewer-pages.ts';
import { needsSiteAccess, nextStep, type ErrorInfo } from '../shared/errors.ts';
import { ext as browser } from '../shared/ext.ts';
import { t, uiLocale } from '../shared/i18n.ts';
import { browserAreas } from '../storage/browser-areas.ts';
import { getItem } from '../storage/item.ts';
import { saveRequests } from '../storage/upload-items.ts';
import { Busy, ErrorAlert } from '../ui/components.tsx';
import { UploadFailed, UploadProgress } from '../ui/UploadProgress.tsx';
import { useUpload } from '../ui/upload-flow.ts';
import { useLatest } from '../ui/use-latest.ts';
import { ask } from '../ui/worker-client.ts';
import { sessionChangedEvent, sessionEndedEvent, useWorkerEvent } from '../ui/worker-events.ts';
import { fetchFile } from './fetch-file.ts';
import { hostAsRead } from './site-address.ts';

/** Where reading the file led: what the page then shows (a failure is useLatest's error). */
type Loaded =
  | { state: 'gone' }
  | { state: 'not_allowed' }
  | { state: 'no_places' }
  /** `redirected`: the file's address led on to `url`, whose answer was let go of unread. */
  | { state: 'confirm_host'; url: string; redirected: boolean; places: NamedPlace[] }
  | { state: 'ready'; file: FileFacts; places: NamedPlace[] };

/** What the page shows: where the load led, or that it runs, failed, or ended with the session. */
type Showing = Loaded | { state: 'loading' } | { state: 'ended'; error: ErrorInfo } | { state: 'failed'; error: ErrorInfo; url: string };

/** What the page shows of the file; the Blob itself is held by the upload (useUpload), and let go when it is done. */
interface FileFacts {
  name: string;
  size: number;
  kind: keyof typeof UPLOAD_TYPES;
}

const KIND_NAMES = { pdf: 'PDF', png: 'PNG', jpg: 'JPEG' } satisfies Record<keyof typeof UPLOAD_TYPES, string>;

/** Which file was right-clicked (the worker keeps its address under this id); never the upload's id. */
function saveId(): string | undefined {
  const id = new URLSearchParams(location.search).get('save');
  return id !== null && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : undefined;
}

/**
 * A place in words. A shared mailbox's places say whose they are ("Ola Nordmann's inbox",
 * "Pensjon · Ola Nordmann"), here and in "Saved to …"; beside them (`several`), the person's own
 * inbox is "Your inbox", so even the closed field, where a group's label does not show, says whose.
 */
function placeName(place: NamedPlace, several = false): string {
  const { whose } = place;
  if (place.place.kind === 'inbox')
    return whose !== undefined ? t('shared_inbox_title', whose) : t(several ? 'save_your_inbox' : 'location_inbox');
  const folder = place.name === undefined || place.name === '' ? t('folder_unnamed') : place.name;
  return whose === undefined ? folder : `${folder} · ${whose}`;
}

/**
 * The places in the order given, grouped by mailbox where one is shared with the person (the
 * person's own first, as "Your mailbox"); with only their own, one group without a label.
 */
function placeGroups(places: readonly NamedPlace[]): { label?: string; places: [NamedPlace, number][] }[] {
  const indexed = places.map((place, i): [NamedPlace, number] => [place, i]);
  if (places.every((place) => place.whose === undefined)) return [{ places: indexed }];
  const groups = new Map<string | undefined, [NamedPlace, number][]>();
  for (const entry of indexed) groups.set(entry[0].whose, [...(groups.get(entry[0].whose) ?? []), entry]);
  return [...groups].map(([whose, grouped]) => ({
    label: whose === undefined ? t('save_mailbox_own') : t('save_mailbox_of', whose),
    places: grouped,
  }));
}

/**
 * A file that could not be reached may be on a site the extension has no access to: asking is the
 * person's to do, where this build may ask at all (any https site; an address on this computer
 * only in a build for a service there).
 */
function mayAskAccess(error: ErrorInfo, url: string): boolean {
  return needsSiteAccess(error) && /^https?:/i.test(url) && mayAskForOrigin(new URL(url).origin);
}

/**
 * "Save to Digipost": where the file comes from (first of all), the file a right-click pointed at,
 * what it is, the subject it gets and where it goes. The page holds the file, in memory only, and
 * Save hands it to the worker by reference (send-file.ts); nothing here ever holds the token.
 * Closing the page loses the file: nothing is on disk. A file on the person's own machine or
 * network is fetched only once they have said yes to its host (site-address.ts), and one a redirect
 * led to is used only then (fetch-file.ts says what of a redirect can be seen). When the session
 * ends, the page lets go of the file and says so, as every page does.
 */
export function SavePage() {
  const id = saveId();
  /** The file's address, as the worker keeps it for this page. */
  const [fileUrl, setFileUrl] = useState<string | undefined>(undefined);
  /** The private hosts the person said yes to on this page, as hostAsRead writes them. */
  const confirmedHosts = useRef<string[]>([]);
  const [subject, setSubject] = useState('');
  const [placeIndex, setPlaceIndex] = useState(0);
  const [letterAddress, setLetterAddress] = useState<string | undefined>(undefined);
  const upload = useUpload();

  /** Reads the request, the session's right to upload, the places and then the file; each step only while this read is the page's latest. */
  async function load(signal: AbortSignal): Promise<Loaded> {
    const request = id === undefined ? undefined : await getItem(browserAreas, saveRequests.item(id));
    signal.throwIfAborted();
    if (!id || !request) return { state: 'gone' };
    setFileUrl(request.url);
    const status = await ask({ type: 'getStatus' });
    signal.throwIfAborted();
    if (status.state !== 'signed_in' || !status.scopes.includes('UPLOAD_DOCUMENT')) return { state: 'not_allowed' };
    const places = uploadPlacesOf((await ask({ type: 'getRoot' })).root);
    signal.throwIfAborted();
    if (places.length === 0) return { state: 'no_places' };
    const fetched = await fetchFile(request.url, confirmedHosts.current);
    signal.throwIfAborted();
    if ('confirm' in fetched) return { state: 'confirm_host', url: fetched.confirm, redirected: fetched.redirected, places };
    const { blob, name, kind } = fetched;
    upload.hold({ blob, name });
    setSubject(subjectFromName(name));
    return { state: 'ready', file: { name, size: blob.size, kind }, places };
  }

  // The latest load wins: a sign-out, or Try again, makes one on its way stale. Signed out (or
  // access ended), the load is dropped and what is left says why (useLatest).
  const loaded = useLatest<Loaded>({ key: 'the file', read: load, endsWithSession: true });

  // The file is let go at once, with the Save button. The request itself is gone from the worker too.
  useWorkerEvent(sessionEndedEvent, () => {
    upload.drop();
    setLetterAddress(undefined);
  });

  // Saving turned on (or a sign-in) in another page: the file is fetched now.
  useWorkerEvent(sessionChangedEvent, ({ scopes }) => {
    if (loaded.value?.state === 'not_allowed' && scopes.includes('UPLOAD_DOCUMENT')) void loaded.reload();
  });

  async function askAccess(url: string): Promise<void> {
    // Straight from the click: the browser asks only for a request made in answer to one.
    const granted = await browser.permissions.request({ origins: [serviceHostPermission(new URL(url).origin)] }).catch(() => false);
    if (granted) await loaded.reload();
  }

  /** The person said yes to a private host: the file is fetched (again) with that host allowed. */
  function confirmHost(url: string): void {
    confirmedHosts.current = [...confirmedHosts.current, hostAsRead(url)];
    void loaded.reload();
  }

  async function save(place: NamedPlace, resend = false): Promise<void> {
    const letter = await upload.send(subject.trim(), place.place, resend);
    if (letter) setLetterAddress(await viewerUrl(letter));
  }

  const source = fileUrl === undefined ? undefined : hostAsRead(fileUrl);
  // A failure before the file's address was read has no site to ask access to ('').
  const showing: Showing = loaded.loading
    ? { state: 'loading' }
    : loaded.ended
      ? { state: 'ended', error: loaded.ended }
      : loaded.error
        ? { state: 'failed', error: loaded.error, url: fileUrl ?? '' }
        : (loaded.value ?? { state: 'loading' });

  let body;
  switch (showing.state) {
    case 'loading':
      body = <Busy label={t('save_fetching')} />;
      break;
    case 'gone':
      body = <p>{t('save_gone')}</p>;
      break;
    case 'not_allowed':
      body = (
        <>
          <p>{t('save_not_allowed')}</p>
          <div class="actions">
            <button type="button" class="primary" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('open_settings')}
            </button>
          </div>
        </>
      );
      break;
    case 'no_places':
      body = <p>{t('save_no_places')}</p>;
      break;
    case 'confirm_host':
      body = (
        <div class="info-panel" role="alert">
          <p>{t(showing.redirected ? 'save_private_redirect_question' : 'save_private_host_question', hostAsRead(showing.url))}</p>
          <p>{t(showing.redirected ? 'save_private_redirect_why' : 'save_private_host_why')}</p>
          <div class="actions">
            <button type="button" class="primary" onClick={() => confirmHost(showing.url)}>
              {t('save_private_host_fetch')}
            </button>
          </div>
        </div>
      );
      break;
    case 'ended':
      body = <ErrorAlert error={showing.error} />;
      break;
    case 'failed':
      body = (
        <ErrorAlert error={showing.error}>
          {mayAskAccess(showing.error, showing.url) ? (
            <button type="button" class="primary" onClick={() => void askAccess(showing.url)}>
              {t('save_allow_site', new URL(showing.url).host)}
            </button>
          ) : null}
          {/* A refusal of the file itself (HTML, too large) would only be refused again. */}
          {nextStep(showing.error) !== 'none' ? (
            <button type="button" onClick={() => void loaded.reload()}>
              {t('try_again')}
            </button>
          ) : null}
        </ErrorAlert>
      );
      break;
    case 'ready': {
      const { file, places } = showing;
      const place = places[placeIndex] ?? places[0];
      const grouped = places.some((p) => p.whose !== undefined);
      const state = upload.state;
      const editable = state.phase === 'ready';
      body = (
        <>
          <div class="file-card">
            <p class="file-name">{file.name}</p>
            <p class="file-facts">
              {KIND_NAMES[file.kind]} · {formatSize(file.size, uiLocale())}
            </p>
          </div>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (place && subject.trim() !== '') void save(place);
            }}
          >
            <label for="subject">{t('save_subject')}</label>
            <input
              id="subject"
              type="text"
              required
              maxLength={MAX_SUBJECT_LENGTH}
              value={subject}
              disabled={!editable}
              onInput={(e) => setSubject(e.currentTarget.value)}
            />
            <label for="place">{t('save_place')}</label>
            <select
              id="place"
              class="select"
              value={String(placeIndex)}
              disabled={!editable}
              onChange={(e) => setPlaceIndex(Number(e.currentTarget.value))}
            >
              {placeGroups(places).map((group) => {
                const options = group.places.map(([p, i]) => (
                  <option key={i} value={String(i)}>
                    {placeName(p, grouped)}
                  </option>
                ));
                // With a mailbox shared with the person, the places go under whose mailbox they are in.
                return group.label === undefined ? options : <optgroup label={group.label}>{options}</optgroup>;
              })}
            </select>
            {state.phase === 'ready' ? (
              <div class="actions">
                <button type="submit" class="primary">
                  {t('save_button')}
                </button>
                <button type="button" onClick={() => void upload.cancel()}>
                  {t('upload_cancel')}
                </button>
              </div>
            ) : null}
          </form>
          {state.phase === 'sending' ? <UploadProgress size={state.size} /> : null}
          {state.phase === 'failed' && place ? (
            <UploadFailed error={state.error} onRetry={(resend) => void save(place, resend)} onCancel={() => void upload.cancel()} />
          ) : null}
          {state.phase === 'done' && place ? (
            <div class="info-panel" role="status">
              <p>{t('save_done', placeName(place))}</p>
              {letterAddress ? (
                <div class="actions">
                  <a href={letterAddress}>{t('save_open_letter')}</a>
                </div>
              ) : null}
            </div>
          ) : null}
          {state.phase === 'cancelled' ? <p role="status">{t('save_cancelled')}</p> : null}
        </>
      );
      break;
    }
  }

  return (
    <main class="save">
      <h1>{t('save_heading')}</h1>
      {source !== undefined ? <p class="save-source">{t('save_from_host', source)}</p> : null}
      {body}
    </main>
  );
}

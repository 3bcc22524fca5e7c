import { findLink, targetOf, type LinkTarget } from '../../api/links.ts';
import { documentsOf, summarize, type LetterSummary } from '../../model/letters.ts';
import { withLetterMarks } from '../../model/letter-kind.ts';
import { folderName, type MailboxNav } from '../../model/mailbox.ts';
import { linksOf } from '../../model/read-json.ts';
import { t } from '../../shared/i18n.ts';
import { settleLimited } from '../../shared/settle-limited.ts';
import { ask } from '../../ui/worker-client.ts';
import { firstPageUrl, newLetters, nextPageUrl } from '../lists/paging.ts';
import type { LetterPlace, PlaceLetters } from './letter-index.ts';

/** How many of each place's newest letters are read for finding: the inbox pages until it has this many. */
const LETTERS_PER_PLACE = 100;
/**
 * Places read at once: a mailbox of many folders is read a few places at a time (each place's
 * pages one after the other), so finding never sends the worker, and the service, a burst of
 * requests beside the page's own, yet does not wait one round trip per place.
 */
const PLACES_IN_FLIGHT = 3;

/**
 * The places whose letters can be found: of each mailbox (the person's own first), the inbox, then
 * each folder, as the side list shows them. With more than one mailbox, a place is named with whose
 * it is ("Ola Nordmann · Inbox"), so the letters found are grouped by mailbox and place.
 */
function placesOf(navs: readonly MailboxNav[]): { place: LetterPlace; target: LinkTarget }[] {
  return navs.flatMap((nav) => {
    const named = (name: string) => (navs.length > 1 ? `${nav.name} · ${name}` : name);
    const mailbox = nav.id;
    const places = nav.inbox
      ? [{ place: { key: nav.inbox.uri, name: named(t('rel_document_inbox')), mailbox }, target: targetOf(nav.inbox, 'document_inbox') }]
      : [];
    for (const folder of nav.folders)
      places.push({ place: { key: folder.self.uri, name: named(folderName(folder)), mailbox }, target: targetOf(folder.self, 'folder') });
    return places;
  });
}

/**
 * A place's newest letters, read through the worker as its list reads them: page after page (the
 * inbox pages, a folder comes in one answer) until there are LETTERS_PER_PLACE or no more.
 */
async function readPlace(target: LinkTarget, sessionLevel: number): Promise<LetterSummary[]> {
  const seen = new Set<string>();
  const letters: LetterSummary[] = [];
  let url: string | undefined = firstPageUrl(target.url, target.relation);
  let nextLinksSeen = false;
  while (url !== undefined && letters.length < LETTERS_PER_PLACE) {
    const requestUrl: string = url;
    const { data } = await ask({ type: 'getResource', ...target, url: requestUrl });
    const documents = documentsOf(data) ?? [];
    // With its kind and a receipt's shop and lines: a letter is found by what it bought too.
    const page = documents.map((doc, i) => withLetterMarks(summarize(doc, sessionLevel, `${requestUrl}#${i}`), doc));
    const fresh = newLetters(seen, page);
    letters.push(...fresh);
    if (findLink(linksOf(data), 'next')) nextLinksSeen = true;
    const next = nextPageUrl({
      requestUrl,
      data,
      letters: page,
      nextLinksSeen,
      computable: Array.isArray((data as { document?: unknown } | null)?.document),
    });
    // A page that adds nothing, or points at itself, would loop for ever.
    url = next === requestUrl || fresh.length === 0 ? undefined : next;
  }
  return letters.slice(0, LETTERS_PER_PLACE);
}

export interface ReadLetters {
  places: PlaceLetters[];
  /** The places that could not be read (their letters cannot be found until a later try). */
  failed: LetterPlace[];
}

/**
 * The newest letters of the inbox and every folder of every mailbox in `navs`, PLACES_IN_FLIGHT
 * places at a time; one place failing keeps the others. With `earlier` (a read that left places
 * failed), what it read of a place is kept and only the other places are read: the ones that
 * failed, and any new folder. `onProgress` is told what is read so far as each place answers, and
 * how many are still on their way.
 */
export async function readLetters(
  navs: readonly MailboxNav[],
  sessionLevel: number,
  earlier?: ReadLetters,
  onProgress?: (sofar: ReadLetters, waiting: number) => void,
): Promise<ReadLetters> {
  const places = placesOf(navs);
  const kept = new Map((earlier?.places ?? []).map((read) => [read.place.key, read.letters]));
  const toRead = places.filter(({ place }) => !kept.has(place.key));
  const answered = new Map<string, PromiseSettledResult<LetterSummary[]>>();
  // In the order of the side list (inbox first), each under its name now (a folder renamed since);
  // a place not answered yet is neither read nor failed.
  const sofar = (): ReadLetters => {
    const read: ReadLetters = { places: [], failed: [] };
    for (const { place } of places) {
      const letters = kept.get(place.key);
      const answer = answered.get(place.key);
      if (letters) read.places.push({ place, letters });
      else if (answer?.status === 'fulfilled') read.places.push({ place, letters: answer.value });
      else if (answer) read.failed.push(place);
    }
    return read;
  };
  await settleLimited(toRead, PLACES_IN_FLIGHT, async ({ place, target }) => {
    // Each place's letters are findable as soon as they arrive: the first results do not wait for the last place.
    try {
      const letters = await readPlace(target, sessionLevel);
      answered.set(place.key, { status: 'fulfilled', value: letters });
    } catch (reason) {
      answered.set(place.key, { status: 'rejected', reason });
    }
    if (answered.size < toRead.length) onProgress?.(sofar(), toRead.length - answered.size);
  });
  return sofar();
}

import { newestFirst, type LetterSummary } from '../../model/letters.ts';

/*
 * Finding a letter by its sender or subject among the letters read from the inbox and the folders,
 * or by the words its structured data adds (a receipt's shop and lines: letter-kind.ts).
 * The text is normalised once, when the index is built; each keystroke then only compares strings,
 * so a thousand letters answer well within a frame. Pure code: the viewer keeps the index in the
 * page's memory only (never on disk), and the tests build one in Node.
 */

/** A place the letters were read from: the inbox or one folder, by its address and its name in words. */
export interface LetterPlace {
  key: string;
  name: string;
  /** The mailbox it is in (MailboxNav.id: '' for the person's own): a letter found opens there. */
  mailbox: string;
}

export interface PlaceLetters {
  place: LetterPlace;
  letters: readonly LetterSummary[];
}

interface Entry {
  letter: LetterSummary;
  placeIndex: number;
  /** Sender, subject and the letter's other words, normalised, with a separator no query can contain so no word spans two. */
  text: string;
}

export interface LetterIndex {
  places: readonly LetterPlace[];
  entries: readonly Entry[];
}

interface FoundGroup {
  place: LetterPlace;
  letters: LetterSummary[];
}

export interface FoundLetters {
  groups: FoundGroup[];
  /** All letters that match, also those beyond the limit shown. */
  total: number;
}

/**
 * Lower case without accents, so "sKATTEetaten" finds "Skatteetaten" and "Sondre" finds "Søndre".
 * Å loses its ring like any accent (a keyboard without å still finds "Lånekassen"), and the two
 * Norwegian letters that are no accented letter are spelled as one writes them without them:
 * ø as o, æ as ae.
 */
export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ');
}

const SEPARATOR = '\u0000';

/**
 * The index of every letter of every place, in the places' order (inbox first). A letter that lies
 * in two lists (the service lists it twice) is kept once, in the first place it was read from.
 */
export function buildLetterIndex(places: readonly PlaceLetters[]): LetterIndex {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  places.forEach(({ letters }, placeIndex) => {
    for (const letter of letters) {
      if (seen.has(letter.key)) continue;
      seen.add(letter.key);
      const text = [letter.sender, letter.subject, ...(letter.findWords ?? [])].map(normaliseForSearch).join(SEPARATOR);
      entries.push({ letter, placeIndex, text });
    }
  });
  return { places: places.map((p) => p.place), entries };
}

/**
 * Why a letter found was found, when its sender and subject alone would not have found it: the
 * first of its other words (a receipt's line, "Kaffe Evergood filtermalt") that holds a word of
 * the query the sender and subject lack.
 */
export function foundBy(letter: LetterSummary, query: string): string | undefined {
  const words = normaliseForSearch(query)
    .split(' ')
    .filter((word) => word !== '');
  const named = `${normaliseForSearch(letter.sender)}${SEPARATOR}${normaliseForSearch(letter.subject)}`;
  const missing = words.filter((word) => !named.includes(word));
  if (missing.length === 0) return undefined;
  return letter.findWords?.find((other) => missing.some((word) => normaliseForSearch(other).includes(word)));
}

/**
 * The letters whose sender, subject or other words hold every word of the query, grouped by place in the
 * index's order and newest first inside each place (as the lists are), at most `limit` in all.
 */
export function findLetters(index: LetterIndex, query: string, limit = 50): FoundLetters {
  const words = normaliseForSearch(query)
    .split(' ')
    .filter((word) => word !== '');
  if (words.length === 0) return { groups: [], total: 0 };
  const byPlace = new Map<number, LetterSummary[]>();
  let total = 0;
  for (const entry of index.entries) {
    if (!words.every((word) => entry.text.includes(word))) continue;
    total++;
    if (total > limit) continue;
    const found = byPlace.get(entry.placeIndex);
    if (found) found.push(entry.letter);
    else byPlace.set(entry.placeIndex, [entry.letter]);
  }
  const groups: FoundGroup[] = [];
  index.places.forEach((place, i) => {
    const letters = byPlace.get(i);
    if (letters) groups.push({ place, letters: letters.sort(newestFirst) });
  });
  return { groups, total };
}

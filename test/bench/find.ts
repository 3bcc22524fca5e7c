// Find a letter: how long one keystroke's search takes over 1,000 letters held in memory (the
// issue's goal: an answer within one frame). Measured on the viewer's own search code
// (src/viewer/search/letter-index.ts) in Node, whose V8 is the engine Chromium runs; what the page
// then draws is at most the 50 letters shown, as any list.
import { buildLetterIndex, findLetters } from '../../src/viewer/search/letter-index.ts';
import { thousandLetters } from '../support/thousand-letters.ts';

/** What a person types, a keystroke at a time: each prefix is one search. */
const TYPED = ['strøm', 'skatteetaten 5', 'lanekassen', 'brev nummer 9', 'faktura'];
/** One frame at 60 Hz. */
export const FRAME_MS = 1000 / 60;

export interface FindTiming {
  letters: number;
  /** The very first search, before V8 has compiled the code: as the page's first keystroke. */
  first: number;
  /** Each keystroke's search after that, in ms. */
  searches: number[];
}

export function measureFind(rounds: number): FindTiming {
  const index = buildLetterIndex(thousandLetters());
  const keystrokes = TYPED.flatMap((words) => Array.from({ length: words.length }, (_, i) => words.slice(0, i + 1)));
  const started = performance.now();
  findLetters(index, keystrokes[0] ?? 's');
  const first = performance.now() - started;
  const searches: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of keystrokes) {
      const started = performance.now();
      findLetters(index, query);
      searches.push(performance.now() - started);
    }
  }
  return { letters: index.entries.length, first, searches };
}

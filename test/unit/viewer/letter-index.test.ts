import { describe, expect, it } from 'vitest';
import { buildLetterIndex, findLetters, normaliseForSearch } from '../../../src/viewer/search/letter-index.ts';
import { letter, thousandLetters } from '../../support/thousand-letters.ts';

describe('normaliseForSearch', () => {
  it('ignores case and accents, and spells ø and æ as one writes them without', () => {
    expect(normaliseForSearch('SKATTEetaten')).toBe('skatteetaten');
    expect(normaliseForSearch('Lånekassen')).toBe('lanekassen');
    expect(normaliseForSearch('Søndre')).toBe('sondre');
    expect(normaliseForSearch('Ærlig')).toBe('aerlig');
    expect(normaliseForSearch('Café  Noël')).toBe('cafe noel');
  });
});

describe('findLetters over 1,000 letters', () => {
  const index = buildLetterIndex(thousandLetters());

  it('indexes every letter once', () => {
    expect(index.entries).toHaveLength(1000);
  });

  it('finds by part of a subject, grouped by place in the places order, never in the inbox where it is not', () => {
    const found = findLetters(index, 'strøm');
    expect(found.total).toBe(8);
    expect(found.groups.map((g) => g.place.name)).toEqual(['Folder 1', 'Folder 2', 'Folder 3', 'Folder 4']);
    expect(found.groups[0]?.letters.map((l) => l.subject)).toEqual(['Faktura for strøm 207', 'Faktura for strøm 307']);
  });

  it('finds the same without the Norwegian letters, and by the sender, case aside', () => {
    expect(findLetters(index, 'STROM').total).toBe(8);
    expect(findLetters(index, 'lanekassen').total).toBe(200);
    expect(findLetters(index, 'sondre land').total).toBe(200);
    expect(findLetters(index, 'aerlig').total).toBe(200);
  });

  it('needs every word, in the sender or the subject', () => {
    const found = findLetters(index, 'skatteetaten 500');
    expect(found.total).toBe(1);
    expect(found.groups).toEqual([
      { place: { key: 'place2', name: 'Folder 2', mailbox: '' }, letters: [expect.objectContaining({ key: 'l500' })] },
    ]);
  });

  it('does not let a word span the sender and the subject', () => {
    // "Posten" + "Brev": "postenbrev" nowhere, "tenbr" neither.
    expect(findLetters(index, 'tenbr').total).toBe(0);
  });

  it('shows at most the limit, newest first in each place, and counts all', () => {
    const found = findLetters(index, 'brev', 30);
    expect(found.total).toBe(992);
    expect(found.groups.flatMap((g) => g.letters)).toHaveLength(30);
    const inbox = found.groups[0]?.letters ?? [];
    expect(inbox.map((l) => l.key).slice(0, 3)).toEqual(['l0', 'l1', 'l2']);
  });

  it('finds nothing for an empty query or one that matches nothing', () => {
    expect(findLetters(index, '   ')).toEqual({ groups: [], total: 0 });
    expect(findLetters(index, 'zzz')).toEqual({ groups: [], total: 0 });
  });
});

describe('buildLetterIndex', () => {
  it('keeps a letter listed in two places once, in the first', () => {
    const index = buildLetterIndex([
      { place: { key: 'a', name: 'Inbox', mailbox: '' }, letters: [letter('same', 'NAV', 'Vedtak')] },
      { place: { key: 'b', name: 'Jobb', mailbox: '' }, letters: [letter('same', 'NAV', 'Vedtak')] },
    ]);
    expect(findLetters(index, 'vedtak').groups.map((g) => g.place.name)).toEqual(['Inbox']);
  });
});

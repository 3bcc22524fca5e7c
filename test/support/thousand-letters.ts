// 1,000 letters over the inbox and four folders, as Find a letter holds them in memory: its unit
// tests search them, and the benchmark times a keystroke's search over them.
import type { LetterSummary } from '../../src/model/letters.ts';
import type { PlaceLetters } from '../../src/viewer/search/letter-index.ts';

export function letter(key: string, sender: string, subject: string, created?: string): LetterSummary {
  return {
    key,
    sender,
    subject,
    uploaded: false,
    unread: false,
    locked: false,
    confidential: false,
    attachmentCount: 1,
    ...(created === undefined ? {} : { created }),
  };
}

const SENDERS = ['Skatteetaten', 'Lånekassen', 'Søndre Land kommune', 'Posten', 'Ærlig Bank'];

/** 1,000 letters over the inbox and four folders; the 7th of every 100 in a folder is about "strøm". */
export function thousandLetters(): PlaceLetters[] {
  const places: PlaceLetters[] = [];
  for (let p = 0; p < 5; p++) {
    const letters: LetterSummary[] = [];
    for (let i = 0; i < 200; i++) {
      const n = p * 200 + i;
      const subject = p > 0 && i % 100 === 7 ? `Faktura for strøm ${n}` : `Brev nummer ${n}`;
      letters.push(
        letter(`l${n}`, SENDERS[n % SENDERS.length] ?? '', subject, new Date(Date.UTC(2026, 0, 1) - n * 3_600_000).toISOString()),
      );
    }
    places.push({ place: { key: `place${p}`, name: p === 0 ? 'Inbox' : `Folder ${p}`, mailbox: '' }, letters });
  }
  return places;
}

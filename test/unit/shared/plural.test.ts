import { describe, expect, it } from 'vitest';
import { formatCount, pluralKey } from '../../../src/shared/plural.ts';
import { catalogueI18n } from '../../support/catalogue-i18n.ts';

describe('the plural form of a counted message', () => {
  it('is `one` for 1 and `other` for 0 and 2, in English, Bokmål and Nynorsk', () => {
    for (const locale of ['en', 'nb', 'nn']) {
      expect(pluralKey('letters_shown_all', 0, locale), locale).toBe('letters_shown_all_other');
      expect(pluralKey('letters_shown_all', 1, locale), locale).toBe('letters_shown_all_one');
      expect(pluralKey('letters_shown_all', 2, locale), locale).toBe('letters_shown_all_other');
    }
  });

  it('falls back to `other` for a language tag Intl cannot read, and for a category we do not write', () => {
    expect(pluralKey('size_bytes', 1, 'not a tag!')).toBe('size_bytes_other');
    // Arabic calls 2 `two`: our catalogues write only `one` and `other`.
    expect(pluralKey('size_bytes', 2, 'ar')).toBe('size_bytes_other');
  });

  it('writes the count as the language writes numbers', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234, 'nb')).toBe('1\u00a0234');
    expect(formatCount(1234, 'nn')).toBe('1\u00a0234');
    expect(formatCount(7, 'not a tag!')).toBe('7');
  });
});

describe('a counted message in each language', () => {
  const counted = [
    'letters_shown_all',
    'letters_shown_more',
    'letter_attachments',
    'recipients_found',
    'size_bytes',
    'notification_summary_title',
    'notification_away_title',
  ];

  it('reads right for 1, never "all 1 letters"', () => {
    const english = catalogueI18n(() => 'en');
    expect(english.tCount('letters_shown_all', 1)).toBe('Showing the only letter.');
    expect(english.tCount('letters_shown_all', 2)).toBe('Showing all 2 letters.');
    expect(english.tCount('recipients_found', 1)).toBe('1 recipient found.');
    expect(catalogueI18n(() => 'nb').tCount('letter_attachments', 1)).toBe('1 dokument');
    expect(catalogueI18n(() => 'nn').tCount('letters_shown_all', 2)).toBe('Viser alle 2 breva.');
    for (const language of ['en', 'nb', 'nn']) {
      const { tCount } = catalogueI18n(() => language);
      for (const key of counted) {
        const one = tCount(key, 1);
        expect(one, `${language}:${key}`).not.toMatch(
          /\b1 (letters|documents|recipients|bytes|days|brevene|dokumenter|mottakere|dager|dagar|mottakarar|dokument(a|er))\b/,
        );
      }
    }
  });
});

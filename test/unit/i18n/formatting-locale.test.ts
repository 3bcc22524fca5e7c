import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/model/format.ts';
import { formattingLocale } from '../../../src/shared/formatting-locale.ts';

describe("the locale a page's dates and numbers are written in", () => {
  it('is the language of the page where the browser knows it', () => {
    expect(formattingLocale('nn', (locales) => locales)).toBe('nn');
    expect(formattingLocale('nb', (locales) => locales)).toBe('nb');
  });

  it('is Bokmål for a Nynorsk page in a browser without Nynorsk data (Chromium), never English', () => {
    const chromium = (locales: string[]) => locales.filter((l) => l !== 'nn');
    const locale = formattingLocale('nn', chromium);
    expect(locale).toBe('nb');
    expect(formatMoney(812.4, 'NOK', locale)).toMatch(/^812,40\s*kr$/);
  });

  it('leaves English alone', () => {
    expect(formattingLocale('en', () => [])).toBe('en');
  });
});

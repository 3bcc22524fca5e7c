import { describe, expect, it, vi } from 'vitest';

// The pages' `t` reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../../support/catalogue-i18n.ts')).catalogueI18n());

const { formatDuration, formatSize } = await import('../../../src/model/units.ts');

describe('quantities in their units', () => {
  it('sizes: bytes with the right plural, then kB and MB', () => {
    expect(formatSize(1, 'en')).toBe('1 byte');
    expect(formatSize(188, 'en')).toBe('188 bytes');
    expect(formatSize(0, 'en')).toBe('0 bytes');
    expect(formatSize(1536, 'en')).toBe('1.5 kB');
    expect(formatSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
    expect(formatSize(-1, 'en')).toBe('-1');
  });

  it.each([
    [0, 'en', '0 bytes'],
    [512, 'en', '512 bytes'],
    [1536, 'en', '1.5 kB'],
    [15641167, 'en', '15 MB'],
    [1073741824, 'en', '1 GB'],
    [1073741824, 'nb', '1 GB'],
    [1610612736, 'nb', '1,5 GB'],
  ])('sizes in powers of 1024: %i in %s is %s', (n, locale, text) => {
    expect(formatSize(n, locale).replace(/[\u00a0\u202f]/g, ' ')).toBe(text);
  });

  it('sizes that are nonsense are shown as they came', () => {
    expect(formatSize(-1, 'en')).toBe('-1');
    expect(formatSize(Number.NaN, 'en')).toBe('NaN');
  });

  it('durations with their units, the two largest', () => {
    expect(formatDuration(894, 'en')).toBe('14 minutes 54 seconds');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
    expect(formatDuration(90_061, 'en')).toBe('1 day 1 hour');
    expect(formatDuration(0, 'en')).toBe('0 seconds');
    expect(formatDuration(894, 'nb')).toBe('14 minutter 54 sekunder');
  });
});

import { describe, expect, it, vi } from 'vitest';

// The pages' `t` reads the browser's catalogue; here the English one on disk.
vi.mock('../../../src/shared/i18n.ts', async () => (await import('../catalogue-i18n.ts')).catalogueI18n());

const { codeInWords, fieldLabel, formatDuration, formatFieldValue, formatFullDate, formatSize, isCode } = await import('../../../src/model/values.ts');
const { postalAddress } = await import('../../../src/viewer/Fields.tsx');
const { recipientSearchUrl, RECIPIENT_QUERY_PARAM } = await import('../../../src/viewer/recipient-search.ts');

describe('values in words and units', () => {
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

  it('authentication levels, origins, kinds and other codes in words', () => {
    expect(codeInWords('PASSWORD')).toBe('Password');
    expect(codeInWords('TWO_FACTOR')).toBe('Two-factor');
    expect(codeInWords('IDPORTEN_3')).toBe('ID-porten level 3 (BankID and similar)');
    expect(codeInWords('IDPORTEN_4')).toBe('ID-porten level 4 (BankID and similar)');
    expect(codeInWords('CORPORATION')).toBe('A business');
    expect(codeInWords('INVOICE')).toBe('Invoice');
    expect(codeInWords('READ_RECEIPTS')).toBe('See your receipts from stores (if you use Digipost receipts).');
    expect(codeInWords('SOMETHING_NEW_HERE')).toBe('Something new here');
    // A short capitalised word may be a name: it stays.
    expect(codeInWords('NAV')).toBe('NAV');
    expect(isCode('OAUTH_ACCESS_GRANTED')).toBe(true);
    expect(isCode('Oslo')).toBe(false);
  });

  it('fields: known labels translated, unknown ones made from the name; values by what the field is', () => {
    expect(fieldLabel('notificationSms')).toBe('Notify by text message');
    expect(fieldLabel('authenticationlevel')).toBe('Authentication level');
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(formatFieldValue('authenticationlevel', 2, {}, 'en')).toBe('Password');
    expect(formatFieldValue('expiresIn', 894, {}, 'en')).toBe('14 minutes 54 seconds');
    expect(formatFieldValue('fileSize', 188, {}, 'en')).toBe('188 bytes');
    expect(formatFieldValue('amount', 99.5, { currency: 'EUR' }, 'en')).toBe('€99.50');
    expect(formatFieldValue('autoArchiveAfterDays', 30, {}, 'en')).toBe('30 days');
    expect(formatFieldValue('notificationEmail', true, {}, 'en')).toBe('Yes');
    expect(formatFieldValue('language', 'nb', {}, 'en')).toBe('Norwegian Bokmål');
    expect(formatFieldValue('sortOrder', 'NEWEST_FIRST', {}, 'en')).toBe('Newest first');
    expect(formatFieldValue('currency', 'NOK', {}, 'en')).toBe('NOK');
    expect(formatFieldValue('organisationNumber', 974761076, {}, 'en')).toBe('974 761 076');
  });

  it('a full date in the time zone asked for, a date-only value without a shift', () => {
    process.env.TZ = 'Europe/Oslo';
    expect(formatFullDate('2025-11-10T13:05:00Z', 'en')).toBe('Monday, November 10, 2025 at 2:05 PM');
    expect(formatFullDate('2025-11-10', 'en')).toBe('Monday, November 10, 2025');
    expect(formatFullDate('not a date', 'en')).toBe('not a date');
  });

  it('a postal address as one line, whichever style its names are in', () => {
    expect(postalAddress({ street: 'Storgata', 'house-number': '12', 'house-letter': 'B', 'additional-addressline': '', 'zip-code': '0155', city: 'OSLO' })).toBe(
      'Storgata 12B, 0155 OSLO',
    );
    expect(postalAddress({ street: 'Kongens gate', houseNumber: 3, postalCode: '7011', city: 'Trondheim', country: 'Norway' })).toBe('Kongens gate 3, 7011 Trondheim, Norway');
    expect(postalAddress({ email: 'x@y' })).toBeUndefined();
  });
});

describe('recipient search', () => {
  it('sends the text as the one query parameter the service reads', () => {
    expect(RECIPIENT_QUERY_PARAM).toBe('recipientId');
    expect(recipientSearchUrl('https://www.digipost.no/post/api/recipients/search', '  Oslo kommune ')).toBe(
      'https://www.digipost.no/post/api/recipients/search?recipientId=Oslo+kommune',
    );
    expect(recipientSearchUrl('https://www.digipost.no/post/api/recipients/search?x=1', 'nav#0002')).toBe(
      'https://www.digipost.no/post/api/recipients/search?x=1&recipientId=nav%230002',
    );
  });
});

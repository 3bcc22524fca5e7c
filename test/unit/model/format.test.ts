import { describe, expect, it } from 'vitest';
import { formatAccountNumber, formatMoney, formatOrganisationNumber, formatPhone } from '../../../src/model/format.ts';

describe('formatMoney', () => {
  it('money in the locale', () => {
    expect(formatMoney(1299.5, 'NOK', 'en').replace(/\s/g, ' ')).toBe('NOK 1,299.50');
    expect(formatMoney(1299.5, 'NOK', 'nb').replace(/\s/g, ' ')).toBe('1 299,50 kr');
  });

  it('money still shows its amount with an unknown or empty currency', () => {
    expect(formatMoney(10, 'kroner', 'en')).toBe('10.00 kroner');
    expect(formatMoney(10, '', 'nb')).toBe('10,00');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'NOK', 'en')).toBe('Infinity');
  });

  it('money with its currency, in the page language', () => {
    expect(formatMoney(1250, 'NOK', 'en').replace(/\s/g, ' ')).toBe('NOK 1,250.00');
    expect(formatMoney(1250, 'NOK', 'nb').replace(/\s/g, ' ')).toBe('1 250,00 kr');
    expect(formatMoney(12.5, '', 'en')).toBe('12.50');
    expect(formatMoney(12.5, 'POINTS', 'en')).toBe('12.50 POINTS');
  });
});

describe('formatPhone', () => {
  it('groups a Norwegian number as people write it, mobile and landline', () => {
    expect(formatPhone('+4791234567')).toBe('+47 912 34 567');
    expect(formatPhone('004741234567')).toBe('+47 412 34 567');
    expect(formatPhone('22123456')).toBe('22 12 34 56');
    expect(formatPhone('+47 22 12 34 56')).toBe('+47 22 12 34 56');
  });

  it('leaves any other number as the service gave it', () => {
    expect(formatPhone('+46701234567')).toBe('+46701234567');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
  });
});

describe('formatOrganisationNumber', () => {
  it('groups nine digits in threes, and leaves anything else as it is', () => {
    expect(formatOrganisationNumber('958935420')).toBe('958 935 420');
    expect(formatOrganisationNumber('958 935 420')).toBe('958 935 420');
    expect(formatOrganisationNumber('NO958935420MVA')).toBe('NO958935420MVA');
  });
});

describe('formatAccountNumber', () => {
  it('groups eleven digits as 4-2-5, and leaves anything else as it is', () => {
    expect(formatAccountNumber('15034700879')).toBe('1503 47 00879');
    expect(formatAccountNumber('1503.47.00879')).toBe('1503 47 00879');
    expect(formatAccountNumber('NO9386011117947')).toBe('NO9386011117947');
  });
});

import { describe, expect, it } from 'vitest';
import { formAmount, formDigits } from '../../../src/model/bank-form.ts';

describe('formDigits: what a bank form takes for an account number or KID', () => {
  it.each([
    ['15034700879', '15034700879'],
    ['1503 47 00879', '15034700879'],
    ['1503.47.00879', '15034700879'],
    [' 1234-5678-903 ', '12345678903'],
    ['0012345678', '0012345678'],
  ])('%j → %j', (value, digits) => {
    expect(formDigits(value)).toBe(digits);
  });

  it.each([undefined, '', '   ', 'NO93 8601 1117 947', 'abc', '12;34'])('%j has nothing a form would take', (value) => {
    expect(formDigits(value)).toBeUndefined();
  });
});

describe('formAmount: kroner with a decimal point and two decimals', () => {
  it.each([
    [1234.5, '1234.50'],
    [1299.5, '1299.50'],
    [99, '99.00'],
    [0, '0.00'],
    [0.1 + 0.2, '0.30'],
    [1234567.891, '1234567.89'],
    [0.005, '0.01'],
  ])('%d → %s', (amount, text) => {
    expect(formAmount(amount)).toBe(text);
  });

  it.each([undefined, -1, Number.NaN, Number.POSITIVE_INFINITY])('%j is not offered', (amount) => {
    expect(formAmount(amount)).toBeUndefined();
  });
});

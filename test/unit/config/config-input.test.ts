import { describe, expect, it } from 'vitest';
import { validateConfigInput, type ConfigInput } from '../../../src/config/config.ts';

describe('validateConfigInput (what a service configuration must be)', () => {
  const good = {
    baseUrl: 'https://www.digipost.no/',
    clientId: 'id',
    clientSecret: 'secret',
    scopes: ['READ_ACCOUNT_INFO'],
    pollMinutes: 5,
  };
  const configOf = (input: ConfigInput) => {
    const checked = validateConfigInput(input);
    if (!checked.ok) throw new Error('refused');
    return checked.config;
  };

  it('accepts a good configuration and normalises the base address', () => {
    expect(configOf(good)).toEqual({ ...good, baseUrl: 'https://www.digipost.no', notify: false });
    expect(configOf({ ...good, baseUrl: 'http://127.0.0.1:8787' }).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it.each([
    ['a plain http address', { ...good, baseUrl: 'http://www.digipost.no' }],
    ['an address with a query', { ...good, baseUrl: 'https://www.digipost.no/?x=1' }],
    ['an address with credentials', { ...good, baseUrl: 'https://u:p@www.digipost.no' }],
    ['no address', { ...good, baseUrl: '' }],
    ['an empty client id', { ...good, clientId: '' }],
    ['an empty secret', { ...good, clientSecret: '' }],
    ['no scopes', { ...good, scopes: [] }],
    ['an unknown scope', { ...good, scopes: ['FULL'] }],
    ['a blank client id', { ...good, clientId: '  ' }],
    ['an address that is not one', { ...good, baseUrl: 'digipost' }],
  ])('refuses %s', (_name, value) => {
    expect(validateConfigInput(value).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { authorizeEndpoint, rootResourceUrl, tokenEndpoint } from '../../../src/auth/service-config.ts';

describe('service addresses', () => {
  it('builds the three fixed addresses from the base address', () => {
    expect(tokenEndpoint('https://www.digipost.no')).toBe('https://www.digipost.no/post/api/oauth/accesstoken');
    expect(authorizeEndpoint('https://www.digipost.no')).toBe('https://www.digipost.no/post/api/oauth/authorize/new');
    expect(rootResourceUrl('https://qa.digipost.no')).toBe('https://qa.digipost.no/post/api');
  });
});

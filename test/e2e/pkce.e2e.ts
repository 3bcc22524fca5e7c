import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsAccount, storedItems } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { role } from '../support/person.ts';
import { pendingSignInItem } from '../../src/storage/items.ts';

/*
 * Sign-in against a service that requires PKCE (RFC 7636): the emulator refuses an authorization
 * request without an S256 challenge, and a code exchange without the verifier of that challenge.
 * The other sign-in tests run against the default emulator, which requires nothing.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { requirePkce: true } });
});
afterAll(async () => {
  await h.close();
});

describe('a service that requires PKCE', () => {
  it('signs in: the consent window gets the S256 challenge, the token endpoint the matching verifier', async () => {
    const popup = await h.openPopup();
    await role(popup, 'heading', 'Not connected').wait();
    await h.connectVia(popup, 'Approve');
    await showsAccount(h, popup);

    const log = await h.emulator.admin.requests();
    // One consent window, one state: Firefox has been seen loading a window's address twice.
    const authorize = log.filter((entry) => entry.path.endsWith('/oauth/authorize/new'));
    expect(new Set(authorize.map((entry) => entry.query))).toHaveProperty('size', 1);
    const query = new URLSearchParams(authorize[0]?.query ?? '');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.has('code_verifier')).toBe(false);
    // The emulator gave tokens only for the verifier that hashes to that challenge.
    expect(log.filter((entry) => entry.path.endsWith('/oauth/accesstoken')).map((entry) => entry.status)).toEqual([200]);
    // With the sign-in done, its verifier is gone with the rest of the pending sign-in.
    expect(Object.keys(await storedItems(h, 'session'))).not.toContain(pendingSignInItem.key);
  });
});

import { describe, expect, it } from 'vitest';
import { opaqueKey } from '../../../src/shared/opaque-key.ts';

/* What storage.local keeps of a letter or a mailbox: a key that recognises it again and names nothing. */

const SERVICE = 'https://www.digipost.no';

describe('an opaque key', () => {
  it('is the same for one address every time, different for two, and holds nothing of the address', async () => {
    const a = await opaqueKey(`${SERVICE}/post/api/private/documents/1`);
    expect(await opaqueKey(`${SERVICE}/post/api/private/documents/1`)).toBe(a);
    expect(await opaqueKey(`${SERVICE}/post/api/private/documents/2`)).not.toBe(a);
    const mailbox = await opaqueKey(`${SERVICE}/post/api/private/accounts/2047/documents/inbox`);
    expect(mailbox).toMatch(/^[\w-]{22}$/);
    expect(mailbox).not.toContain('2047');
    // The person's own mailbox ('') has a key too, as every other.
    expect(await opaqueKey('')).toMatch(/^[\w-]{22}$/);
  });
});

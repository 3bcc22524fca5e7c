import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.ts';
import { openPlace, sayingWhatItShows, signInWith } from '../support/helpers.ts';
import { isChecked, isThere, role, shows, textOf } from '../support/person.ts';

/*
 * One consent for managing letters, and open tabs that follow the session (issue #29, points 5
 * and 6): switching on "Manage your letters" opens Digipost's consent window once for filing,
 * deleting and uploading; a viewer tab open meanwhile shows Upload a file without a reload. What an
 * open tab says at a sign-out is stale-screens.test.tsx's, the worker telling it session-end.e2e.ts's.
 */

const AUTHORIZE = '/post/api/oauth/authorize/new';
const MANAGING = ['UPDATE_DOCUMENT', 'DELETE_DOCUMENT', 'UPLOAD_DOCUMENT'];

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT']);
});
afterAll(async () => {
  await h.close();
});

/**
 * The consent windows the service was asked to show, by the scope each asked for. Each sign-in
 * sends its own state; Firefox has been seen loading a window's address twice, which is one window.
 */
async function consentsAsked(): Promise<string[][]> {
  const windows = new Map<string, string[]>();
  for (const r of await h.emulator.admin.requests()) {
    if (r.method !== 'GET' || r.path !== AUTHORIZE) continue;
    const query = new URLSearchParams(r.query);
    windows.set(query.get('state') ?? '', (query.get('scope') ?? '').split(' '));
  }
  return [...windows.values()];
}

describe('managing letters, switched on with a viewer tab open', () => {
  it('asks Digipost once for filing, deleting and uploading, and the open tab offers Upload a file without a reload', async () => {
    const viewer = await openPlace(h, 'document_inbox');
    expect(await textOf(viewer, 'h1')).toBe('Inbox');
    expect(await isThere(viewer, 'button', 'Upload a file')).toBe(false);

    const options = await h.open('src/options/options.html');
    await role(options, 'heading', h.emulator.user.fullName).wait();
    await h.emulator.admin.clearRequests();
    const consent = await h.nextPage(
      () => role(options, 'switch', 'Manage your letters').click(),
      (address) => address.includes('/oauth/authorize'),
    );
    await role(consent, 'button', 'Approve').click();
    await shows(options, 'Done. Digipost now allows what is switched on.');
    const asked = await consentsAsked();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(expect.arrayContaining(MANAGING));
    expect(await isChecked(options, 'switch', 'Manage your letters')).toBe(true);
    await options.close();

    await sayingWhatItShows(viewer, 'The open viewer tab did not offer Upload a file.', () =>
      role(viewer, 'button', 'Upload a file').wait(),
    );
    await viewer.close();
  });
});

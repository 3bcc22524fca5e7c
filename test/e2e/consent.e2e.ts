import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.ts';
import { cachedLink, sayingWhatItShows, signInWith, viewerPageFor, visibleText } from '../support/helpers.ts';

/*
 * One consent for managing letters, and open tabs that follow the session (issue #29, points 5
 * and 6): switching on "Manage your letters" opens Digipost's consent window once for filing,
 * deleting and uploading; a viewer tab open meanwhile shows Upload a file without a reload, and
 * says the person signed out, with Connect, when they sign out elsewhere.
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
    const viewer = await h.context.newPage();
    await viewer.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
    await viewer.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await viewer.locator('main .letters').waitFor();
    expect(await viewer.getByRole('button', { name: 'Upload a file' }).count()).toBe(0);

    const options = await h.context.newPage();
    await options.goto(h.url('src/options/options.html'));
    await options.getByRole('heading', { name: h.emulator.user.fullName }).waitFor();
    await h.emulator.admin.clearRequests();
    const consentOpened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/oauth/authorize') });
    await options.getByRole('switch', { name: 'Manage your letters' }).check();
    const consent = await consentOpened;
    await consent.getByRole('button', { name: 'Approve' }).click();
    await options.getByText('Done. Digipost now allows what is switched on.').waitFor();
    const asked = await consentsAsked();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(expect.arrayContaining(MANAGING));

    await sayingWhatItShows(viewer, 'The open viewer tab did not offer Upload a file.', () => viewer.getByRole('button', { name: 'Upload a file' }).waitFor());
    expect(await options.getByRole('switch', { name: 'Manage your letters' }).isChecked()).toBe(true);
    await options.close();
    await viewer.close();
  });
});

describe('an open viewer tab at a sign-out', () => {
  it('says the person signed out, with Connect; no "Couldn’t open", no Try again', async () => {
    const viewer = await h.context.newPage();
    await viewer.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
    await viewer.locator('main .letters').waitFor();
    const popup = await h.openPopup();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.getByRole('button', { name: 'Connect' }).waitFor();
    await popup.close();

    await sayingWhatItShows(viewer, 'The open viewer tab did not say the person signed out.', () => viewer.getByText('You signed out').waitFor());
    const main = viewer.getByRole('main');
    await main.getByRole('button', { name: 'Connect' }).waitFor();
    expect(await main.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await visibleText(viewer)).not.toContain('Couldn’t open');
    expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');
    await viewer.close();
  });
});

import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { saveRequests } from '../../src/storage/upload-items.ts';
import { extension } from '../support/fake-extension.ts';
import { rootSnapshot } from './fixtures.ts';
import { openPage } from './page.ts';

/*
 * The save page (src/save/SavePage.tsx) before any file is fetched: what it says when there is
 * nothing to save, when the session may not upload, and when Digipost offers no place. Fetching,
 * saving, refusals and Try again run in real browsers (test/e2e/upload.*).
 */

const { worker } = extension;
const ID = 'abcdefghijklmnopqrstuv';

async function request(url: string): Promise<void> {
  await extension.storage.session.set({ [saveRequests.item(ID).key]: { url } });
}

describe('the save page', () => {
  it('says there is nothing to save when its id stands for nothing (a restart or a sign-out since)', async () => {
    await openPage('save', `?save=${ID}`);
    await screen.findByText(/There is nothing to save here any more/);
    expect(document.title).toBe('Save to Digipost');
  });

  it('sends to the settings when the session may not upload, and fetches nothing', async () => {
    await request('https://bank.example/a.pdf');
    worker.answer('getStatus', { state: 'signed_in', scopes: ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO'] });
    await openPage('save', `?save=${ID}`);
    await screen.findByText(/Saving files from the web is not turned on/);
    screen.getByRole('button', { name: 'Open settings' });
    expect(worker.requests.map((r) => r.type)).not.toContain('getRoot');
  });

  it('says so when Digipost offers no place to upload to', async () => {
    await request('https://bank.example/a.pdf');
    worker.answer('getStatus', { state: 'signed_in', scopes: ['READ_DOCUMENT_META_INFO', 'UPLOAD_DOCUMENT'] });
    worker.answer('getRoot', rootSnapshot());
    await openPage('save', `?save=${ID}`);
    await screen.findByText('Digipost offers no place to save files to in your mailbox.');
  });
});

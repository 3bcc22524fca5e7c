import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusView } from '../../src/protocol/messages.ts';
import { AppError } from '../../src/shared/errors.ts';
import { saveRequests } from '../../src/storage/upload-items.ts';
import { extension } from '../support/fake-extension.ts';
import { fullRoot, rootSnapshot, SERVICE } from './fixtures.ts';
import { closePage, openPage } from './page.ts';

/*
 * The save page (src/save/SavePage.tsx): what it says when there is nothing to save, when the
 * session may not upload, and when Digipost offers no place; the host it shows first; the question
 * it asks before fetching from the person's own machine or network, or using what a redirect
 * brought from there; a sign-out; what each save asks the worker, and what it offers when a save
 * may have arrived. The file's fetch is the page's own (a stubbed fetch here, the test site in
 * test/e2e/upload.*, where saving, refusals and Try again run in real browsers).
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

const MAY_UPLOAD: StatusView = { state: 'signed_in', scopes: ['READ_DOCUMENT_META_INFO', 'UPLOAD_DOCUMENT'] };

/** A root whose inbox takes uploads. */
function uploadableRoot() {
  const snapshot = rootSnapshot({ root: fullRoot() });
  const [mailbox] = snapshot.root.mailbox ?? [];
  mailbox?.link.push({
    rel: `${SERVICE}/post/relations/upload_document_to_inbox`,
    uri: `${SERVICE}/post/api/private/mailboxes/1/upload`,
    'media-type': 'multipart/form-data',
  });
  return snapshot;
}

/** The web, as the page's fetch sees it: every address asked for, each answered with a small PDF. */
const web = { asked: [] as string[] };

describe('the save page with a file', () => {
  beforeEach(() => {
    web.asked = [];
    vi.stubGlobal('fetch', (input: string) => {
      web.asked.push(input);
      return Promise.resolve(new Response('%PDF-1.7\n%%EOF\n', { headers: { 'content-type': 'application/pdf' } }));
    });
    worker.answer('getStatus', MAY_UPLOAD);
    worker.answer('getRoot', uploadableRoot());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('chrome', extension.api);
  });

  it('shows the host the file comes from before anything else, even before the file', async () => {
    await request('https://bank.example:8443/statements/a.pdf');
    await openPage('save', `?save=${ID}`);
    const from = await screen.findByText('From bank.example:8443');
    const main = document.querySelector('main');
    // First after the heading, before the spinner or the file.
    expect(main?.children[1]).toBe(from);
    await screen.findByText('a.pdf');
    expect(web.asked).toEqual(['https://bank.example:8443/statements/a.pdf']);
  });

  it.each(['http://127.0.0.1:8080/a.pdf', 'http://192.168.1.1/a.pdf', 'http://printer.local/a.pdf', 'http://[::1]/a.pdf'])(
    'asks before fetching %s from the machine or home network, and fetches it only once the person says yes',
    async (url) => {
      await request(url);
      await openPage('save', `?save=${ID}`);
      const host = new URL(url).host;
      await screen.findByText(`The file is on ${host}, an address on this computer or your own network. Fetch it from there?`);
      expect(web.asked).toEqual([]);
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
      await screen.findByText('a.pdf');
      expect(web.asked).toEqual([url]);
    },
  );

  it('asks before using a file that a public address redirected to the machine or home network, and uses it only once the person says yes', async () => {
    const url = 'https://evil.example/a.pdf';
    const landed = 'http://192.168.1.1/backup.pdf';
    vi.stubGlobal('fetch', (input: string) => {
      web.asked.push(input);
      // As a browser answers once it has followed the redirects itself: where it ended up.
      const response = new Response('%PDF-1.7\n%%EOF\n', { headers: { 'content-type': 'application/pdf' } });
      Object.defineProperties(response, { url: { value: landed }, redirected: { value: true } });
      return Promise.resolve(response);
    });
    await request(url);
    await openPage('save', `?save=${ID}`);
    await screen.findByText(
      'The address led on to 192.168.1.1, an address on this computer or your own network. Fetch the file from there?',
    );
    expect(screen.queryByText('backup.pdf')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    await screen.findByText('backup.pdf');
    // Asked again, once the person had said yes: the first answer was let go of unread.
    expect(web.asked).toEqual([url, url]);
  });

  it('lets go of the file and its Save button when the session ends', async () => {
    await request('https://bank.example/a.pdf');
    await openPage('save', `?save=${ID}`);
    await screen.findByRole('button', { name: 'Save' });
    extension.tellPages({ event: 'sessionEnded', reason: 'user' });
    await screen.findByText('You are not connected. Connect to see your mailbox.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText('a.pdf')).toBeNull();
  });

  it('names no id: each Save asks the worker for this file, subject and place, and the worker knows a save it has seen', async () => {
    await request('https://bank.example/a.pdf');
    worker.answer('upload', {});
    const save = async () => {
      await openPage('save', `?save=${ID}`);
      fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
      await screen.findByText('Saved to Inbox.');
    };
    await save();
    closePage();
    await save();
    const uploads = worker.asked('upload');
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      expect(upload).not.toHaveProperty('id');
      expect(upload).not.toHaveProperty('resend');
      expect([upload.subject, upload.place, upload.name]).toEqual([uploads[0]?.subject, { kind: 'inbox' }, 'a.pdf']);
    }
  });

  it("with a mailbox shared with the person, asks which mailbox: its places under whose they are, the person's own first", async () => {
    const snapshot = uploadableRoot();
    snapshot.root.mailbox?.push({
      name: 'Ola Nordmann',
      owner: false,
      digipostaddress: 'ola#2',
      link: [
        { rel: `${SERVICE}/post/relations/document_inbox`, uri: `${SERVICE}/post/api/private/accounts/2047/documents/inbox` },
        {
          rel: `${SERVICE}/post/relations/upload_document_to_inbox`,
          uri: `${SERVICE}/post/api/private/accounts/2047/upload`,
          'media-type': 'multipart/form-data',
        },
      ],
    });
    worker.answer('getRoot', snapshot);
    worker.answer('upload', {});
    await request('https://bank.example/a.pdf');
    await openPage('save', `?save=${ID}`);
    const select = await screen.findByRole<HTMLSelectElement>('combobox');
    const groups = [...select.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map((option) => option.textContent),
    ]);
    expect(groups).toEqual([
      ['Your mailbox', ['Your inbox']],
      ['Ola Nordmann’s mailbox', ['Ola Nordmann’s inbox']],
    ]);
    const olaInbox = [...select.querySelectorAll('optgroup')][1]?.querySelector('option')?.value ?? '';
    fireEvent.change(select, { target: { value: olaInbox } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(worker.asked('upload')).toHaveLength(1));
    expect(worker.asked('upload')[0]?.place).toEqual({
      kind: 'inbox',
      mailbox: `${SERVICE}/post/api/private/accounts/2047/documents/inbox`,
    });
    await screen.findByText('Saved to Ola Nordmann’s inbox.');
  });

  it('a save that may have arrived: Look again only asks again, and sending again is an explicit, worded choice', async () => {
    await request('https://bank.example/a.pdf');
    let answered = 0;
    worker.answer('upload', () => (answered++ < 2 ? Promise.reject(new AppError('write_outcome_unknown')) : Promise.resolve({})));
    await openPage('save', `?save=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Look again' }));
    await waitFor(() => expect(worker.asked('upload')).toHaveLength(2));
    expect(screen.queryByText('Saved to Inbox.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Send again, though it may have arrived' }));
    await screen.findByText('Saved to Inbox.');
    expect(worker.asked('upload').map((upload) => upload.resend)).toEqual([undefined, undefined, true]);
  });
});

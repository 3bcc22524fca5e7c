import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { LinkTarget } from '../../src/api/links.ts';
import { RELATIONS } from '../../src/api/relations.ts';
import type { RootResource } from '../../src/api/schemas.ts';
import { viewerPages } from '../../src/storage/page-items.ts';
import { extension } from '../support/fake-extension.ts';
import { content, fullRoot, letter, READ_SCOPES, resourceSnapshot, rootSnapshot, SERVICE } from './fixtures.ts';
import { closePage, openPage } from './page.ts';
import { createApp } from '../emulator/app.ts';
import { settingsFrom } from '../emulator/config.ts';
import { Emulator } from '../emulator/state.ts';
import type { Permission } from '../../src/shared/permissions.ts';
import type { RootSnapshot } from '../../src/protocol/messages.ts';
import { ROOT_INTERNALS } from '../support/root-internals.ts';

/*
 * The viewer as a person reads it, its page logic (moved from test/e2e/viewer-reader.e2e.ts, issue
 * #45 point 1): the emulator's inbox, letters of each kind, a folder, a receipt and the settings
 * pages without URLs, relation names or raw codes (the emulator's answers, in this process), the side list marks the place a page belongs to, the recipient search says what it
 * found and when nothing matches, an action is explained rather than fetched, the places' pages show
 * no internals of the root, the top bar's settings button is the extension's. What needs a real
 * browser (history across documents, tabs, CSS, axe, PDFs drawn) stays in the e2e file.
 */

vi.mock('../../src/viewer/letter/pdf-pages.ts', () => import('./pdf-stand-in.ts'));

const { worker } = extension;
const PAGE_ID = 'CCCCCCCCCCCCCCCCCCCCCC';
const ACCOUNT = `${SERVICE}/post/api/private/accounts/1234`;
const MEDIA = 'application/vnd.digipost-v2+json';
const INBOX: LinkTarget = { url: `${ACCOUNT}/documents/inbox`, relation: 'document_inbox' };
const link = (relation: string, uri: string) => ({ rel: `${SERVICE}/post/relations/${relation}`, uri, 'media-type': MEDIA });

/** The root as the service sends it, with what no person needs to see (as test/emulator/api-root.ts makes it). */
function root(): RootResource {
  const base = fullRoot();
  const [own] = base.mailbox ?? [];
  const folders = own?.folders?.folder ?? [];
  return {
    ...base,
    csrfToken: '0123456789abcdef0123456789abcdef',
    authenticationlevelIdporten: 'PASSWORD',
    role: 'PRIVAT',
    validationRules: { email: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', personalIdentificationNumber: '^[0-9]{11}$' },
    mailbox: own
      ? [
          {
            ...own,
            folders: {
              link: [],
              folder: [...folders, { name: 'Arkiv', id: 3, icon: 'ARCHIVE', link: [link('self', `${ACCOUNT}/folders/3`)] }],
            },
          },
        ]
      : [],
    link: [...base.link, link('logout', `${SERVICE}/post/api/logout`)],
  };
}

const RECEIPT = {
  id: '7000',
  storeName: 'Rema 1000',
  franchiceName: 'Rema 1000',
  amount: 234.5,
  currency: 'NOK',
  timeOfPurchase: '2026-11-18T14:05:00.000+01:00',
  card: ['************4821'],
  link: [link('self', `${ACCOUNT}/receipts/7000`)],
};
const LETTER = letter(11, { subject: 'Skattemelding 2026', creatorName: 'Skatteetaten' });
const folderLetter = (id: number, subject: string) => letter(id, { subject, creatorName: 'Skatteetaten', read: true });

/** What the service answers for each address the viewer asks for. */
function answerFor(url: string): unknown {
  const path = new URL(url).pathname;
  if (path.endsWith('/documents/inbox')) return { document: [LETTER], link: [] };
  if (/\/folders\/\d+$/.test(path))
    return { name: 'Folder', document: [folderLetter(20 + Number(path.slice(-1)), 'Brev i mappen')], link: [] };
  if (path.endsWith('/receipts')) return { receipt: [RECEIPT], link: [] };
  if (path.endsWith('/receipts/7000')) return RECEIPT;
  if (path.endsWith('/documents/11')) return LETTER;
  if (path === '/post/api/private') return root();
  if (path.endsWith('/settings')) return { smsNotification: false, link: [] };
  throw new Error(`the test gives no answer for ${url}`);
}

/** Opens a viewer tab on `target`, the worker answering as the service would. */
async function openViewer(target: LinkTarget): Promise<void> {
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: target });
  // The receipts are read: this sign-in was granted their permission (without it, they are marked locked).
  worker.answer('getRoot', rootSnapshot({ root: root(), scopes: [...READ_SCOPES, 'READ_RECEIPTS'] }));
  worker.answer('getResource', (request) => resourceSnapshot(answerFor(request.url), request.url));
  worker.answer('getContent', content('application/pdf', '%PDF-1.4'));
  await openPage('viewer', `?page=${PAGE_ID}`);
}

/** The text a person reads: closed details show only their summary. */
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const details of copy.querySelectorAll('details:not([open])'))
    for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
  return copy.textContent.replace(/\s+/g, ' ');
}

/** Service internals a person must not see outside "All details and links" (as viewer-reader.e2e.ts checked them). */
function internals(text: string, host = new URL(SERVICE).host): string[] {
  const found: string[] = [];
  if (/https?:\/\//.test(text)) found.push('a URL');
  if (text.includes(host) || text.includes('/post/')) found.push('the service address');
  for (const name of [...RELATIONS.keys()].filter((n) => n.includes('_'))) {
    if (text.includes(name)) found.push(name);
  }
  for (const code of text.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? []) found.push(code);
  for (const code of ['PASSWORD', 'CORPORATION', 'PUBLIC_ENTITY', 'INVOICE', 'NEWEST_FIRST', 'READ_ACCOUNT_INFO']) {
    if (new RegExp(`\\b${code}\\b`).test(text)) found.push(code);
  }
  if (/\b\d+ byte\b/.test(text.replace(/\b1 byte\b/g, ''))) found.push('"byte" after a number other than 1');
  return found;
}

const sideList = () => screen.getByRole('navigation', { name: 'Mailbox' });
const place = (name: string) => within(sideList()).getByRole('link', { name: new RegExp(`^${name}\\b`) });
const headingIs = (words: string) => screen.findByRole('heading', { level: 1, name: words });

/** Waits until the side list marks the place with this name as `current` (aria-current), and no other. */
const marked = (name: string, current: 'page' | 'location') =>
  waitFor(() => {
    const markedLinks = [...sideList().querySelectorAll('[aria-current]')];
    expect(markedLinks.map((el) => [el.getAttribute('aria-current'), el.textContent.trim()])).toEqual([[current, name]]);
  });

function clickRow(position: number): void {
  const rowLink = document.querySelectorAll('.letter-row a')[position];
  if (!rowLink) throw new Error(`no row ${position}`);
  fireEvent.click(rowLink);
}

describe('the list of letters', () => {
  it('marks in the side list the place a letter or a receipt belongs to', async () => {
    await openViewer(INBOX);
    await screen.findByText('Skattemelding 2026');
    await marked('Inbox', 'page');
    clickRow(0);
    await waitFor(() => expect(document.querySelector('.letter-head')).not.toBeNull());
    await marked('Inbox', 'location');
    fireEvent.click(place('Receipts'));
    await headingIs('Receipts');
    const receiptLink = await waitFor(() => {
      const found = document.querySelector('.letters.receipts .letter-row a');
      if (!found) throw new Error('no receipt is listed');
      return found;
    });
    fireEvent.click(receiptLink);
    await waitFor(() => expect(document.querySelector('.receipt-paper')?.textContent).toContain('Total'));
    await marked('Receipts', 'location');
  });
});

describe('recipient search and actions', () => {
  it('searches recipients by what the person types, and says so when nothing matches', async () => {
    // Not beside every page (nothing can be sent from here): under "All links from the service".
    await openViewer(INBOX);
    await screen.findByText('Skattemelding 2026');
    expect(readable(document.body)).not.toContain('Recipient search');
    // The next page opens in the same tab, as the e2e test's goto did.
    closePage();
    await openViewer({ url: `${SERVICE}/post/api/private`, relation: 'self' });
    fireEvent.click(await screen.findByRole('link', { name: 'Recipient search' }));
    await headingIs('Recipient search');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    worker.requests.length = 0;
    worker.answer('getResource', (request) =>
      resourceSnapshot(
        new URL(request.url).searchParams.get('recipientId') === 'kommune'
          ? { recipient: [{ name: 'Oslo kommune', digipostaddress: 'oslo.kommune#0001', organisationNumber: 974761076 }] }
          : { recipient: [] },
        request.url,
      ),
    );
    const field = screen.getByRole('searchbox', { name: 'Name or Digipost address' });
    fireEvent.input(field, { target: { value: 'kommune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(document.querySelector('.recipient')).not.toBeNull());
    const results = [...document.querySelectorAll('.recipient')].map((el) => el.textContent);
    expect(results).toHaveLength(1);
    expect(results[0]).toContain('Oslo kommune');
    const searched = worker.asked('getResource').filter((r) => r.url.includes('/recipients/search'));
    expect(searched.map((r) => new URL(r.url).searchParams.get('recipientId'))).toEqual(['kommune']);
    expect(internals(readable(document.body))).toEqual([]);

    fireEvent.input(field, { target: { value: 'ingen slik mottaker' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('[role="status"], output')].some((status) =>
          status.textContent.includes('No recipient matches “ingen slik mottaker”.'),
        ),
        'No status said that nothing matched.',
      ).toBe(true),
    );
    expect(document.body.textContent).toContain('Check the spelling, or search for a Digipost address such as name#1234.');
    expect(document.querySelectorAll('.recipient')).toHaveLength(0);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('explains an action calmly instead of fetching it, with the web site and the way back', async () => {
    const back = vi.spyOn(history, 'back').mockImplementation(() => undefined);
    await openViewer({ url: `${SERVICE}/post/api/logout`, relation: 'logout' });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('is something the service does, not a page');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(worker.requests.filter((r) => JSON.stringify(r).includes('logout'))).toEqual([]);
    expect(internals(readable(document.body))).toEqual([]);
    // The way forward for what the extension does not do: the service's web site.
    // It comes once the service's address is known (the root is read beside the page), after Back.
    await within(note).findByRole('button', { name: 'Open on Digipost’s website' });
    expect([...note.querySelectorAll('button')].map((b) => b.textContent.trim())).toEqual(['Back', 'Open on Digipost’s website']);
    fireEvent.click(within(note).getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });
});

describe("the places' pages", () => {
  /** A form token as the emulator makes them: 32 hexadecimal digits. */
  const TOKEN = /\b[0-9a-f]{32}\b/;

  it('the pages of the inbox, Skatt, Bolig, Arkiv and Receipts show no internals outside their details', async () => {
    await openViewer(INBOX);
    for (const label of ['Inbox', 'Skatt', 'Bolig', 'Arkiv', 'Receipts']) {
      if (label !== 'Inbox') fireEvent.click(place(label));
      await headingIs(label);
      await waitFor(() => expect(document.querySelector('main .skeleton'), 'The viewer did not draw its page.').toBeNull());
      const main = screen.getByRole('main');
      const heading = readable(within(main).getByRole('heading', { level: 1 })).trim();
      expect(heading, label).not.toMatch(/resource/i);
      const shown = readable(main);
      expect(shown, label).not.toMatch(TOKEN);
      for (const internal of ROOT_INTERNALS) expect(shown, `${label}: ${internal}`).not.toContain(internal);
    }
  });
});

describe('the top bar', () => {
  it("names the top bar's settings button for the extension, apart from the service's own settings pages", async () => {
    await openViewer({ url: `${ACCOUNT}/settings`, relation: 'account_settings' });
    await headingIs('Account settings');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryAllByRole('button', { name: 'Open settings' })).toHaveLength(0);
    fireEvent.click(within(banner).getByRole('button', { name: 'Extension settings' }));
    await waitFor(() =>
      expect(extension.optionsPagesOpened + extension.openedTabs.filter((tab) => tab.url?.includes('options.html')).length).toBe(1),
    );
  });
});

/*
 * The emulator's own answers (test/emulator), in this process: the seeded mailbox the e2e test
 * read, its letters of each kind, receipts and settings pages, as the worker would hand them over.
 */
const BASE = 'http://127.0.0.1:4999';
const SCOPES: Permission[] = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'READ_RECEIPTS', 'READ_SETTINGS'];

async function emulator(letters?: number) {
  const em = new Emulator(settingsFrom({ quiet: true, ...(letters === undefined ? {} : { letters }) }));
  em.baseUrl = BASE;
  const app = createApp(em);
  const [client] = em.clients;
  if (!client) throw new Error('the emulator registers no client');
  const grant = em.world.tokens.addGrant(client.id, SCOPES, Date.now());
  const { token } = em.world.tokens.addAccessToken(grant.id, SCOPES, Date.now() + 3_600_000);
  const get = async (url: string, accept = MEDIA) => {
    const response = await app.request(url, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
    if (!response.ok) throw new Error(`the emulator answered ${response.status} for ${url}`);
    return response;
  };
  const json = async (url: string): Promise<unknown> => (await get(url)).json();
  const rootJson = (await json(`${BASE}/post/api`)) as RootResource;
  const linkOf = (where: 'root' | 'account', relation: string) => {
    const links = where === 'root' ? rootJson.link : (rootJson.primaryAccount?.link ?? []);
    const found = links.find((l) => l.rel.endsWith(`/${relation}`));
    if (!found) throw new Error(`the root has no ${relation} link`);
    return found.uri;
  };
  return { get, json, rootJson, linkOf };
}

type Emulated = Awaited<ReturnType<typeof emulator>>;

async function openOn(emu: Emulated, where: 'root' | 'account', relation: string): Promise<void> {
  const inbox = emu.linkOf('account', 'document_inbox');
  const snapshot: RootSnapshot = {
    generation: 1,
    root: emu.rootJson,
    fetchedAt: Date.now(),
    serviceOrigin: BASE,
    scopes: SCOPES,
    inbox: { uri: inbox, fetchedAt: Date.now(), documents: ((await emu.json(inbox)) as { document: [] }).document },
  };
  await extension.storage.session.set({ [viewerPages.item(PAGE_ID).key]: { url: emu.linkOf(where, relation), relation } });
  worker.answer('getRoot', snapshot);
  worker.answer('getResource', async (request) => resourceSnapshot(await emu.json(request.url), request.url, SCOPES));
  worker.answer('getContent', async (request) => {
    const response = await emu.get(request.url, '*/*');
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { contentType: response.headers.get('Content-Type') ?? '', base64: Buffer.from(bytes).toString('base64'), size: bytes.length };
  });
  await openPage('viewer', `?page=${PAGE_ID}`);
}

describe('what a person sees', () => {
  /** Opens the section under this summary, as a person's click does. */
  async function openDetails(summary: string): Promise<void> {
    const section = await waitFor(() => {
      const found = [...document.querySelectorAll('details')].find((d) => d.querySelector('summary')?.textContent.includes(summary));
      if (!found) throw new Error(`no section "${summary}"`);
      return found;
    });
    section.open = true;
  }

  const rows = () =>
    waitFor(() => {
      const found = document.querySelectorAll('main .letter-row');
      if (found.length === 0) throw new Error('no rows');
      return found;
    });
  /** What a person reads, each element set apart from the next as a browser's innerText sets blocks apart. */
  const shownText = () => {
    const copy = document.body.cloneNode(true) as Element;
    for (const element of copy.querySelectorAll('*')) element.after(' ');
    return readable(copy);
  };
  /** Service internals, at the emulator's host. */
  const internalsHere = (text: string) => internals(text, new URL(BASE).host);

  it('the inbox, a letter, a receipt, a folder and other resources show no URLs, relation names or raw codes', async () => {
    const emu = await emulator();
    await openOn(emu, 'account', 'document_inbox');
    await headingIs('Inbox');
    await rows();
    expect(internalsHere(shownText())).toEqual([]);

    // Letters of each kind: the invoice (amount, due date), the locked one, the one with an opening receipt, three documents.
    for (const position of [6, 2, 3, 5]) {
      clickRow(position);
      await waitFor(() => expect(document.querySelector('.letter-head')).not.toBeNull());
      // The facts are folded under Details: open them, so the check covers them too.
      await openDetails('Details');
      const text = shownText();
      expect(internalsHere(text), `letter ${position}`).toEqual([]);
      if (position === 2) expect(text).toContain('ID-porten level 4 (BankID and similar)');
      if (position === 6) expect(text).toMatch(/Kind\s+Invoice/);
      expect(text).toMatch(/Sent by\s+(A business|A public body|A private person|Uploaded by you)/);
      // The restriction is information with a way forward, not an error.
      if (position === 2 || position === 3) {
        await waitFor(() => expect(document.querySelector('[role="note"]')).not.toBeNull());
        expect(screen.queryAllByRole('alert')).toHaveLength(0);
        expect(document.querySelector('[role="note"]')?.querySelectorAll('button').length).toBeGreaterThan(0);
      }
      fireEvent.click(place('Inbox'));
      await headingIs('Inbox');
      await rows();
    }
    // The raw data is still there for who wants it.
    clickRow(6);
    await openDetails('All details and links');
    await waitFor(() => expect(shownText()).toContain('get_document_content'));

    fireEvent.click(place('Skatt'));
    await headingIs('Skatt');
    await rows();
    expect(internalsHere(shownText())).toEqual([]);

    fireEvent.click(place('Receipts'));
    await headingIs('Receipts');
    await rows();
    clickRow(0);
    await headingIs('Rema 1000');
    const receipt = shownText();
    expect(internalsHere(receipt)).toEqual([]);
    expect(receipt).toMatch(/Total\s+NOK\s?\d/);
    expect(receipt).toMatch(/Paid by card\s+•••• \d{4}/);
    closePage();

    const expectations: [string, 'root' | 'account', RegExp[]][] = [
      ['account_settings', 'account', [/Notify by text message\s+No/, /Storgata 12B, 0155 OSLO/]],
      ['mailbox_settings', 'account', [/Language\s+Norwegian Bokmål/, /Order of letters\s+Newest first/, /Archived automatically\s+Never/]],
      ['event_log', 'account', [/Access given to an app/]],
      ['token_list', 'account', [/Read letter content/]],
      ['session', 'root', [/Expires in\s+\d+ minutes?( \d+ seconds?)?/, /Authentication level\s+Password/]],
      // "All links from the service": the person's own settings show, in words, beside the links.
      ['self', 'root', [/Language\s+Norwegian Bokmål/, /Notify by email\s+Yes/, /Notify by text message\s+No/]],
    ];
    for (const [relation, where, expected] of expectations) {
      await openOn(emu, where, relation);
      await waitFor(() => expect(document.querySelector('main .fields, main .field-cards')).not.toBeNull());
      // The person's settings pages, by their names.
      if (relation === 'account_settings') expect(screen.getByRole('heading', { level: 1 }).textContent.trim()).toBe('Account settings');
      if (relation === 'mailbox_settings') expect(screen.getByRole('heading', { level: 1 }).textContent.trim()).toBe('Mailbox settings');
      const text = shownText();
      expect(internalsHere(text), relation).toEqual([]);
      for (const pattern of expected) expect(text, relation).toMatch(pattern);
      closePage();
    }
  });
});

describe('the inbox', () => {
  it('opens a folder from the inbox as a list of its letters', async () => {
    await openOn(await emulator(10_000), 'account', 'document_inbox');
    await headingIs('Inbox');
    // The side list comes from the root, read beside the letters: it may arrive after them.
    fireEvent.click(await waitFor(() => place('Skatt')));
    // The heading names the folder while its letters are on their way; then they are listed.
    await headingIs('Skatt');
    await waitFor(() =>
      expect(
        document.querySelector('.letter-row') !== null && document.querySelector('main h1')?.textContent.trim() === 'Skatt',
        'The folder listed none of its own letters.',
      ).toBe(true),
    );
    // The folder's own letters (Skatt holds Skatteetaten's), not the inbox's.
    const texts = [...document.querySelectorAll('.letter-row')].map((el) => el.textContent);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Skatteetaten');
    // A person with only their own mailbox has nothing to switch to (issue #36): no list of mailboxes.
    expect(screen.queryByRole('navigation', { name: 'Mailboxes' })).toBeNull();
  });
});

describe('receipts', () => {
  it('shows receipts as a list of store, amount and time', async () => {
    await openOn(await emulator(10_000), 'account', 'receipts');
    await waitFor(() => expect(document.querySelector('ul.receipts .letter-row')).not.toBeNull());
    const receipts = [...document.querySelectorAll('ul.receipts .letter-row')].map((el) => el.textContent);
    expect(receipts).toHaveLength(6);
    expect(receipts[0]).toContain('Rema 1000');
    expect(receipts[0]).toMatch(/NOK|kr/);
  });
});

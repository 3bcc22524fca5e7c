import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';
import { SITE_PDF } from '../emulator/site.ts';
import { FLOOD_SLACK_BYTES, settledFlood } from '../emulator/site-floods.ts';
import { MAX_UPLOAD_BYTES } from '../../src/api/upload-rules.ts';
import { configItem } from '../../src/storage/items.ts';
import { saveRequests } from '../../src/storage/upload-items.ts';
import { E2E_CLIENT_ID, E2E_CLIENT_SECRET } from '../support/build-extension.ts';
import { launchFirefoxWithExtension, navigate, type FirefoxWithExtension } from '../support/firefox.ts';
import { click, element, field, shows, WAIT, waitFor } from '../support/firefox-page.ts';
import { FIREFOX_E2E_DIST, FIREFOX_E2E_PORT } from './firefox-setup.ts';

/*
 * Save to Digipost in Firefox. The web site is a second emulator on its own port (its /__site/ pages),
 * another origin than the service: Firefox's host permission for the service's host (no port) covers
 * it, as it does any port of 127.0.0.1. Over WebDriver BiDi a test can neither open the context menu
 * nor reach the add-on's background page, so the test does what the menu's click handler does
 * (background/save-menu.ts): it stores the file's address under a new id in storage.session and
 * opens the save page with that id. From there on, everything is the extension's.
 */

const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? FIREFOX_E2E_PORT + 3);
const SCOPES = ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPLOAD_DOCUMENT'];

let emulator: RunningEmulator;
let website: RunningEmulator;
let firefox: FirefoxWithExtension;

const site = (path: string) => `${website.url}/__site/${path}`;

async function uploads(): Promise<number> {
  return (await emulator.admin.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/upload')).length;
}

interface PageGlobal {
  browser: { storage: { local: { set(items: object): Promise<void> }; session: { set(items: object): Promise<void> } } };
}

/**
 * What the menu's click does for a link: the address under a new id, then the save page with it.
 * The site is on 127.0.0.1, so the page asks first; `confirm` says yes to it.
 */
async function saveLink(path: string, { confirm = true } = {}): Promise<Page> {
  const page = await firefox.openPage('src/popup/popup.html');
  const id = `e2e${Date.now()}${Math.random().toString(36).slice(2, 10)}`.padEnd(20, 'x');
  await page.evaluate((key: string, url: string) => (globalThis as unknown as PageGlobal).browser.storage.session.set({ [key]: { url } }), saveRequests.item(id).key, site(path));
  await navigate(page, firefox.url(`src/save/save.html?save=${id}`));
  if (confirm) await click(page, 'Fetch', true);
  return page;
}

/** The site's requests for `path`, from its own log. */
async function siteRequests(path: string): Promise<number> {
  return (await website.admin.requests()).filter((r) => r.path === `/__site/${path}`).length;
}

/** Whether the page offers a button named `name` now. */
function offers(page: Page, name: string): Promise<boolean> {
  return page.evaluate((wanted: string) => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === wanted), name);
}

async function downloadedBytes(page: Page): Promise<Buffer> {
  await element(page, 'a[download]', WAIT);
  const bytes = await page.evaluate(async () => {
    const a = document.querySelector<HTMLAnchorElement>('a[download]');
    return Array.from(new Uint8Array(await (await fetch(a?.href ?? '')).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: FIREFOX_E2E_PORT, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, letters: 10, quiet: true });
  website = await startEmulator({ port: SITE_PORT, quiet: true });
  firefox = await launchFirefoxWithExtension(FIREFOX_E2E_DIST);
  // The permission as the options page will offer it; here set in the stored settings, then Connect.
  const popup = await firefox.openPage('src/popup/popup.html');
  await popup.evaluate(
    (key: string, value: object) => (globalThis as unknown as PageGlobal).browser.storage.local.set({ [key]: value }),
    configItem.key,
    { baseUrl: emulator.url, clientId: E2E_CLIENT_ID, clientSecret: E2E_CLIENT_SECRET, scopes: SCOPES, pollMinutes: 5 },
  );
  await navigate(popup, firefox.url('src/popup/popup.html'));
  const consent = await firefox.nextPage(() => click(popup, 'Connect', true), (t) => t.url().includes('/oauth/authorize'));
  await click(consent, 'Approve', true);
  await shows(popup, 'unread letters');
  await popup.close();
});

afterAll(async () => {
  await (firefox as FirefoxWithExtension | undefined)?.close();
  await (website as RunningEmulator | undefined)?.stop();
  await (emulator as RunningEmulator | undefined)?.stop();
});

beforeEach(async () => {
  await emulator.admin.configure({ uploadFault: 'none' });
  await emulator.admin.clearRequests();
});

describe('Firefox: Save to Digipost from a web page', () => {
  it('a linked PDF on another site is fetched, saved to the inbox and opens in the viewer with the same bytes', async () => {
    const page = await saveLink('payslip.pdf');
    await shows(page, 'payslip.pdf');
    const subject = await field(page, 'Subject');
    expect(await subject.evaluate((input) => input.value)).toBe('payslip');
    await subject.evaluate((input) => {
      input.value = 'Lønnsslipp desember';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(page, 'Save', true);
    await shows(page, 'Saved to Inbox.');
    expect(await uploads()).toBe(1);
    await click(page, 'Open the letter', true);
    await waitFor(page, () => document.querySelector('h1')?.textContent.trim() === 'Lønnsslipp desember', WAIT);
    expect((await downloadedBytes(page)).equals(SITE_PDF)).toBe(true);
    await page.close();
  });

  it('refuses an HTML page and a 101 MiB file before anything is uploaded', async () => {
    const html = await saveLink('terms.html');
    await shows(html, 'This is a web page, not a file.');
    await html.close();
    const big = await saveLink(`sized.pdf?bytes=${101 * 1024 * 1024}`);
    await shows(big, 'The file is larger than 100 MB');
    await big.close();
    expect(await uploads()).toBe(0);
  });

  it('a failed upload that the service stored is found by the worker and said saved, without sending the file again', async () => {
    await emulator.admin.configure({ uploadFault: 'fail-after-storing' });
    const page = await saveLink('payslip.pdf');
    await shows(page, 'payslip.pdf');
    await click(page, 'Save', true);
    await shows(page, 'Saved to Inbox.');
    expect(await uploads()).toBe(1);
    await page.close();
  });

  it('a failed upload beside an older letter of the same subject (another file): it may have arrived, so the page asks; Send again stores the new file\'s bytes, once', async () => {
    // Uploaded a minute ago: the same subject, another file.
    await emulator.admin.addLetter({ subject: 'Kvittering ski', origin: 'UPLOADED' });
    // A gateway answers 502 and the upload never reaches the service.
    await emulator.admin.failNext(1, '502', '/post/api/private/accounts/', 'POST');
    const page = await saveLink('payslip.pdf');
    await shows(page, 'payslip.pdf');
    await (await field(page, 'Subject')).evaluate((input) => {
      input.value = 'Kvittering ski';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(page, 'Save', true);
    // No answer says what happened and the older letter is not taken for it: nothing is sent again unasked.
    await shows(page, 'Digipost did not say whether the change was made');
    expect(await offers(page, 'Try again')).toBe(false);
    expect(await uploads()).toBe(1);
    await click(page, 'Send again, though it may have arrived', true);
    await shows(page, 'Saved to Inbox.');
    expect(await uploads()).toBe(2);
    await click(page, 'Open the letter', true);
    await waitFor(page, () => document.querySelector('h1')?.textContent.trim() === 'Kvittering ski', WAIT);
    expect((await downloadedBytes(page)).equals(SITE_PDF)).toBe(true);
    await page.close();
  });
});

describe('Firefox: Save to Digipost: the file\'s host, and limits that hold while the file streams', () => {
  it('a link to 127.0.0.1 shows its host first and fetches nothing until the person says Fetch', async () => {
    await website.admin.clearRequests();
    const page = await saveLink('payslip.pdf', { confirm: false });
    const host = new URL(website.url).host;
    await shows(page, `From ${host}`);
    await shows(page, `The file is on ${host}, an address on this computer or your own network. Fetch it from there?`);
    expect(await offers(page, 'Save')).toBe(false);
    expect(await siteRequests('payslip.pdf')).toBe(0);
    await click(page, 'Fetch', true);
    await shows(page, 'payslip.pdf');
    expect(await siteRequests('payslip.pdf')).toBe(1);
    await page.close();
  });

  // The site makes each flood as it is read and counts the decoded bytes it generated before the
  // browser went away: the limit and the buffers between (FLOOD_SLACK_BYTES), not the 300 MiB on
  // offer. Before the decoded bytes were counted, a small declared length let the browser read all.

  for (const [name, file] of [
    ['a gzip bomb (90 MB declared, 300 MiB inflated)', 'bomb.pdf'],
    ['a lying chunked answer (1 KiB declared, 300 MiB sent)', 'lying.pdf'],
  ] as const) {
    it(`${name} is refused as too large, with nothing to send, after the browser took at most the limit`, async () => {
      const path = `${file}?run=firefox-${Date.now()}`;
      const page = await saveLink(path);
      await waitFor(
        page,
        (wanted: string) => document.body.innerText.includes(wanted),
        { ...WAIT, timeout: 45_000 },
        'The file is larger than 100 MB, the most Digipost takes. Nothing was uploaded.',
      );
      for (const offer of ['Save', 'Try again', 'Fetch']) expect(await offers(page, offer)).toBe(false);
      const flood = await settledFlood(website.url, `/__site/${path}`);
      expect(flood.state).toBe('closed');
      expect(flood.generated).toBeGreaterThan(MAX_UPLOAD_BYTES);
      expect(flood.generated).toBeLessThan(MAX_UPLOAD_BYTES + FLOOD_SLACK_BYTES);
      expect(await uploads()).toBe(0);
      await page.close();
    });
  }
});

describe('Firefox: Upload in the viewer', () => {
  /** A file given to the page as the file chooser or a drop would: a File in a DataTransfer. */
  async function give(page: Page, how: 'choose' | 'drop', name: string, type: string, bytes: number[]): Promise<void> {
    await page.evaluate(
      (h: string, n: string, t: string, b: number[]) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(b)], n, { type: t }));
        if (h === 'choose') {
          const input = document.querySelector<HTMLInputElement>('input[type=file]');
          if (!input) throw new Error('no file input');
          input.files = data.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
          return;
        }
        const list = document.querySelector('.letters') ?? document.body;
        list.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        list.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      },
      how,
      name,
      type,
      bytes,
    );
  }

  it('Upload and drag and drop put a PDF in the inbox; a dropped HTML file is refused before any upload', async () => {
    const popup = await firefox.openPage('src/popup/popup.html');
    const viewer = await firefox.nextPage(() => click(popup, 'Inbox'));
    await waitFor(viewer, () => document.querySelector('h1')?.textContent.trim() === 'Inbox', WAIT);
    await shows(viewer, 'Upload a file');
    await give(viewer, 'choose', 'Strømregning.pdf', 'application/pdf', [...SITE_PDF]);
    // The subject is asked first, the file's name without .pdf in it; nothing is sent before Upload.
    expect(await (await field(viewer, 'Subject')).evaluate((input) => input.value)).toBe('Strømregning');
    expect(await uploads()).toBe(0);
    await click(viewer, 'Upload', true);
    await shows(viewer, '“Strømregning” was uploaded.');
    await give(viewer, 'drop', 'side.html', 'text/html', [...Buffer.from('<!doctype html><p>hei</p>')]);
    await shows(viewer, 'This is a web page, not a file.');
    expect(await uploads()).toBe(1);
    await give(viewer, 'drop', 'Fjernvarme.pdf', 'application/pdf', [...SITE_PDF]);
    await click(viewer, 'Upload', true);
    await shows(viewer, '“Fjernvarme” was uploaded.');
    await waitFor(
      viewer,
      () => ['Strømregning', 'Fjernvarme'].every((s) => [...document.querySelectorAll('.subject-text')].some((el) => el.textContent === s)),
      WAIT,
    );
    expect(await uploads()).toBe(2);
    await viewer.close();
    await popup.close();
  });
});

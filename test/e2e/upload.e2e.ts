import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SITE_PDF } from '../emulator/site.ts';
import { FLOOD_SLACK_BYTES, settledFlood } from '../emulator/site-floods.ts';
import { MAX_UPLOAD_BYTES } from '../../src/api/upload-rules.ts';
import { cachedLink, signInWith, viewerPageFor } from '../support/helpers.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/*
 * Save to Digipost in Chromium. A test cannot open the browser's real context menu, so the menu's
 * click is dispatched to the worker's own onClicked listener (chrome.contextMenus.onClicked.dispatch),
 * with what Chrome hands it for a right-click on a link: from there on, everything is the
 * extension's. The test site is served by the emulator's server (/__site/), whose origin the e2e
 * build may reach; a real click would grant activeTab for the tab's site instead.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await signInWith(h, ['READ_ACCOUNT_INFO', 'READ_DOCUMENT_META_INFO', 'READ_DOCUMENT_CONTENT', 'UPLOAD_DOCUMENT']);
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.emulator.admin.configure({ uploadFault: 'none' });
  await h.emulator.admin.clearRequests();
});

const site = (path: string) => `${h.emulator.url}/__site/${path}`;

/** The POSTs that reached an upload relation, from the emulator's log. */
async function uploads(): Promise<number> {
  return (await h.emulator.admin.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/upload')).length;
}

interface MenuGlobal {
  chrome: {
    contextMenus: { onClicked: { dispatch(info: object, tab?: object): void } };
    tabs: { query(q: object): Promise<object[]> };
  };
}

/**
 * Right-click → Save to Digipost on a link of the site page, as the menu would; answers the save
 * page that opens. The site is on 127.0.0.1, so the page asks first; `confirm` says yes to it.
 */
async function saveLink(path: string, { confirm = true } = {}): Promise<Page> {
  const sitePage = await h.context.newPage();
  await sitePage.goto(site(''));
  const opened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/src/save/save.html') });
  const worker = await h.worker();
  await worker.evaluate(
    async ([linkUrl, pageUrl]) => {
      const api = (globalThis as unknown as MenuGlobal).chrome;
      const [tab] = await api.tabs.query({ active: true, lastFocusedWindow: true });
      api.contextMenus.onClicked.dispatch({ menuItemId: 'save-link', linkUrl, pageUrl, editable: false }, tab);
    },
    [site(path), site('')] as const,
  );
  const page = await opened;
  await sitePage.close();
  if (confirm) await page.getByRole('button', { name: 'Fetch', exact: true }).click();
  return page;
}

/** The site's requests for `path`, from the emulator's log (the site is served beside the service). */
async function siteRequests(path: string): Promise<number> {
  return (await h.emulator.admin.requests()).filter((r) => r.path === `/__site/${path}`).length;
}

/** The bytes behind the letter's download link in the viewer. */
async function downloadedBytes(page: Page): Promise<Buffer> {
  const link = page.locator('a[download]').first();
  await link.waitFor();
  const bytes = await link.evaluate(async (a: HTMLAnchorElement) => Array.from(new Uint8Array(await (await fetch(a.href)).arrayBuffer())));
  return Buffer.from(bytes);
}

describe('Save to Digipost from a web page', () => {
  it('a linked PDF is saved to the inbox from the menu\'s action and opens in the viewer with the same bytes', async () => {
    const page = await saveLink('payslip.pdf');
    await page.getByText('payslip.pdf').waitFor();
    await page.getByText(/^PDF · /).waitFor();
    expect(await page.title()).toBe('Save to Digipost');
    const subject = page.getByLabel('Subject');
    expect(await subject.inputValue()).toBe('payslip');
    await subject.fill('Lønnsslipp november');
    expect(await page.getByLabel('Save to').inputValue()).toBe('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved to Inbox.').waitFor();
    expect(await uploads()).toBe(1);

    await page.getByRole('link', { name: 'Open the letter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lønnsslipp november' }).waitFor();
    expect((await downloadedBytes(page)).equals(SITE_PDF)).toBe(true);
    await page.close();
  });

  it('keeps the file in the page only: no IndexedDB database of the extension holds it while it waits or once it is saved', async () => {
    const page = await saveLink('payslip.pdf');
    await page.getByText('payslip.pdf').waitFor();
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
    expect(await databases()).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved to Inbox.').waitFor();
    expect(await databases()).toEqual([]);
    await page.close();
  });

  it('refuses an HTML page and a 101 MiB file with clear words, before anything is uploaded', async () => {
    const html = await saveLink('terms.html');
    await html.getByText('This is a web page, not a file.', { exact: false }).waitFor();
    await html.close();
    const big = await saveLink(`sized.pdf?bytes=${101 * 1024 * 1024}`);
    await big.getByText('The file is larger than 100 MB', { exact: false }).waitFor();
    await big.close();
    expect(await uploads()).toBe(0);
  });

  it('an upload whose answer failed after the service stored it: the worker finds the letter itself, says Saved, and sends nothing again', async () => {
    await h.emulator.admin.configure({ uploadFault: 'fail-after-storing' });
    const page = await saveLink('payslip.pdf');
    await page.getByLabel('Subject').fill('Kvittering sykkel');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved to Inbox.').waitFor();
    expect(await uploads()).toBe(1);
    await page.getByRole('link', { name: 'Open the letter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kvittering sykkel' }).waitFor();
    expect((await downloadedBytes(page)).equals(SITE_PDF)).toBe(true);
    await page.close();
  });

  it('a failed upload beside an older letter of the same subject (another file): it may have arrived, so the page asks; Send again stores the new file\'s bytes, once', async () => {
    // Uploaded a minute ago: the same subject, another file.
    await h.emulator.admin.addLetter({ subject: 'Kvittering ski', origin: 'UPLOADED' });
    // A gateway answers 502 and the upload never reaches the service.
    await h.emulator.admin.failNext(1, '502', '/post/api/private/accounts/', 'POST');
    const page = await saveLink('payslip.pdf');
    await page.getByLabel('Subject').fill('Kvittering ski');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // No answer says what happened and the older letter is not taken for it: nothing is sent again unasked.
    await page.getByRole('alert').filter({ hasText: 'Digipost did not say whether the change was made' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await uploads()).toBe(1);
    await page.getByRole('button', { name: 'Send again, though it may have arrived' }).click();
    await page.getByText('Saved to Inbox.').waitFor();
    expect(await uploads()).toBe(2);
    await page.getByRole('link', { name: 'Open the letter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kvittering ski' }).waitFor();
    expect((await downloadedBytes(page)).equals(SITE_PDF)).toBe(true);
    // In the inbox: the older letter and the new one, not two new ones.
    await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
    await page.locator('.letter-row').first().waitFor();
    expect(await page.locator('.letter-row', { hasText: 'Kvittering ski' }).count()).toBe(2);
    await page.close();
  });
});

describe('Save to Digipost: the file\'s host, and limits that hold while the file streams', () => {
  it('a link to 127.0.0.1 shows its host first and fetches nothing until the person says Fetch', async () => {
    const page = await saveLink('payslip.pdf', { confirm: false });
    const host = new URL(h.emulator.url).host;
    await page.getByText(`From ${host}`, { exact: true }).waitFor();
    await page.getByText(`The file is on ${host}, an address on this computer or your own network. Fetch it from there?`).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await siteRequests('payslip.pdf')).toBe(0);
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await page.getByText('payslip.pdf').waitFor();
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
      const path = `${file}?run=chromium-${Date.now()}`;
      const page = await saveLink(path);
      await page.getByText('The file is larger than 100 MB, the most Digipost takes. Nothing was uploaded.').waitFor({ timeout: 45_000 });
      for (const offer of ['Save', 'Try again', 'Fetch']) expect(await page.getByRole('button', { name: offer, exact: true }).count()).toBe(0);
      const flood = await settledFlood(h.emulator.url, `/__site/${path}`);
      expect(flood.state).toBe('closed');
      expect(flood.generated).toBeGreaterThan(MAX_UPLOAD_BYTES);
      expect(flood.generated).toBeLessThan(MAX_UPLOAD_BYTES + FLOOD_SLACK_BYTES);
      expect(await uploads()).toBe(0);
      await page.close();
    });
  }
});

describe('Upload in the viewer', () => {
  async function openInbox(): Promise<Page> {
    const page = await h.context.newPage();
    await page.goto(await viewerPageFor(h, { url: await cachedLink(h, 'account', 'document_inbox'), relation: 'document_inbox' }));
    await page.getByRole('button', { name: 'Upload a file' }).waitFor();
    return page;
  }

  it('Upload: a chosen PDF waits for its subject (the file name without .pdf), goes in under the one given, and the list shows it', async () => {
    const page = await openInbox();
    await page.locator('input[type=file]').setInputFiles({ name: 'Strømregning.pdf', mimeType: 'application/pdf', buffer: SITE_PDF });
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.waitFor();
    expect(await subject.inputValue()).toBe('Strømregning');
    // Nothing is sent before the person says so.
    expect(await uploads()).toBe(0);
    await subject.fill('Strøm november');
    await page.getByRole('button', { name: 'Upload', exact: true }).dblclick();
    await page.getByText('“Strøm november” was uploaded.').waitFor();
    await page.locator('.subject-text').getByText('Strøm november', { exact: true }).waitFor();
    expect(await uploads()).toBe(1);
    expect(await subject.count()).toBe(0);
    // Cancel sends nothing and lets the file go.
    await page.locator('input[type=file]').setInputFiles({ name: 'Angrer.pdf', mimeType: 'application/pdf', buffer: SITE_PDF });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await subject.waitFor({ state: 'detached' });
    expect(await uploads()).toBe(1);
    await page.close();
  });

  it('drag and drop: a PDF dropped on the inbox goes into it; an HTML file dropped is refused before any upload', async () => {
    const page = await openInbox();
    const drop = (name: string, type: string, bytes: number[]) =>
      page.evaluate(
        ([n, t, b]) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(b)], n, { type: t }));
          const list = document.querySelector('.letters') ?? document.body;
          list.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
          list.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        [name, type, bytes] as const,
      );
    await drop('side.html', 'text/html', [...Buffer.from('<!doctype html><p>hei</p>')]);
    await page.getByText('This is a web page, not a file.', { exact: false }).waitFor();
    expect(await uploads()).toBe(0);
    await drop('Fjernvarme.pdf', 'application/pdf', [...SITE_PDF]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('“Fjernvarme” was uploaded.').waitFor();
    await page.locator('.subject-text').getByText('Fjernvarme', { exact: true }).waitFor();
    expect(await uploads()).toBe(1);
    await page.close();
  });
});

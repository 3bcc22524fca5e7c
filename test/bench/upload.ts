import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { role, text } from '../support/person.ts';
import { signIn as apiSignIn } from '../emulator/flow.ts';
import { BLANK_PAGE } from './build.ts';
import type { Bench } from './pages.ts';

/** The upload row's file: a PDF of 20 MiB from the emulator's test site (one origin the bench build may reach). */
export const UPLOAD_BYTES = 20 * 1024 * 1024;

export const UPLOAD_METHOD =
  `Upload: a ${UPLOAD_BYTES / 1024 / 1024} MiB PDF from the emulator's test site (/__site/sized.pdf). Extension: the context menu's click dispatched to the worker's ` +
  'listener, the save page fetches the file into a Blob it keeps, then the time on the page\'s clock from the click on Save to "Saved to Inbox." in the page (a MutationObserver; the worker reads the root from its ' +
  "cache, takes the page's Blob, posted to it by reference, and POSTs the form). Plain: the same bytes fetched into a Blob on the bench's blank extension page, then the time of one " +
  'fetch() POSTing the same multipart form with a bearer token to the same relation. Runs interleaved. Memory: the resident memory (VmRSS, /proc) of every ' +
  "renderer process (where the worker and the extension's pages run; other tabs closed), sampled every 50 ms during separate runs of the extension's upload (not timed: sampling costs CPU), peak minus the sample just before " +
  "Save; the file's Blob is kept by Chrome's blob store in the browser process, which this does not count.";

interface ProcessInfo {
  type: string;
  id: number;
}

/** The summed resident memory of Chromium's renderer processes, in bytes. */
async function rendererRss(bench: Bench): Promise<number> {
  const cdp = await bench.browser.browser.target().createCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as unknown as { processInfo: ProcessInfo[] };
    let total = 0;
    for (const process of processInfo.filter((p) => p.type === 'renderer')) {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${process.id}/status`, 'utf8'))?.[1];
        total += Number(kb ?? 0) * 1024;
      } catch {
        // The process ended meanwhile.
      }
    }
    return total;
  } finally {
    await cdp.detach();
  }
}

/** Samples `measure` until `done` settles; answers the highest sample. */
async function peakDuring(measure: () => Promise<number>, done: Promise<unknown>): Promise<number> {
  const state = { finished: false };
  void done.finally(() => (state.finished = true));
  let peak = 0;
  while (!state.finished) {
    peak = Math.max(peak, await measure());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Math.max(peak, await measure());
}

/** Closes every tab but these: the renderers measured are then the extension's (and the holder's blank tab). */
async function closeOtherPages(bench: Bench, keep: readonly Page[]): Promise<void> {
  for (const page of await bench.browser.browser.pages()) if (!keep.includes(page)) await page.close();
}

interface MenuGlobal {
  chrome: { contextMenus: { onClicked: { dispatch(info: object): void } } };
}

/**
 * One upload through the extension: ms from Save to saved, or (`sampleMemory`) the renderers' memory
 * growth meanwhile. Sampling costs CPU on the same machine, so a sampled run is not timed.
 */
async function throughExtension(
  bench: Bench,
  holder: Page,
  fileUrl: string,
  subject: string,
  sampleMemory: boolean,
): Promise<{ ms: number; memory: number }> {
  const page = await bench.browser.nextPage(
    () =>
      bench.browser.inWorker(
        (url: string) =>
          (globalThis as unknown as MenuGlobal).chrome.contextMenus.onClicked.dispatch({
            menuItemId: 'save-link',
            linkUrl: url,
            editable: false,
          }),
        fileUrl,
      ),
    (address) => address.includes('/src/save/save.html'),
  );
  await closeOtherPages(bench, [page, holder]);
  // The test site is on 127.0.0.1: the page asks before it fetches from this machine.
  await role(page, 'button', 'Fetch').setTimeout(60_000).click();
  await role(page, 'textbox', 'Subject').setTimeout(60_000).fill(subject);
  const save = await role(page, 'button', 'Save').waitHandle();
  if (sampleMemory) {
    const before = await rendererRss(bench);
    await save.asLocator().click();
    const peak = await peakDuring(() => rendererRss(bench), text(page, 'Saved to Inbox.').setTimeout(120_000).wait());
    await page.close();
    return { ms: 0, memory: peak - before };
  }
  // Timed on the page's own clock, as the plain fetch is: from the click to the words on screen,
  // without the test driver's round trips.
  const ms = await save.evaluate(
    (button) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.body.textContent.includes('Saved to Inbox.')) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        (button as HTMLButtonElement).click();
      }),
  );
  await page.close();
  return { ms, memory: 0 };
}

/** One upload of the same bytes by a plain fetch() from an extension page. */
async function plainFetch(bench: Bench, fileUrl: string, uploadUrl: string, token: string): Promise<number> {
  const page = await bench.browser.open(BLANK_PAGE);
  const ms = await page.evaluate(
    async (file: string, upload: string, bearer: string) => {
      const blob = await (await fetch(file)).blob();
      const form = new FormData();
      form.set('subject', 'Plain fetch');
      form.set('file', blob, 'sized.pdf');
      const started = performance.now();
      const answer = await fetch(upload, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/vnd.digipost-v2+json' },
      });
      if (answer.status !== 201) throw new Error(`plain upload: ${answer.status}`);
      return performance.now() - started;
    },
    fileUrl,
    uploadUrl,
    token,
  );
  await page.close();
  return ms;
}

export interface UploadFigures {
  extension: number[];
  plain: number[];
  memory: number[];
}

/** Interleaved runs of the extension's upload and the plain one. Needs a session holding UPLOAD_DOCUMENT. */
export async function measureUpload(bench: Bench, runs: number): Promise<UploadFigures> {
  const { emulator } = bench;
  const fileUrl = `${emulator.url}/__site/sized.pdf?bytes=${UPLOAD_BYTES}`;
  const session = await apiSignIn(emulator, 'READ_DOCUMENT_META_INFO UPLOAD_DOCUMENT');
  const root = (await (
    await fetch(`${emulator.url}/post/api`, {
      headers: { Authorization: `Bearer ${session.access_token}`, Accept: 'application/vnd.digipost-v2+json' },
    })
  ).json()) as {
    mailbox: { link: { rel: string; uri: string }[] }[];
  };
  const uploadUrl = root.mailbox[0]?.link.find((l) => l.rel.endsWith('/upload_document_to_inbox'))?.uri;
  if (!uploadUrl) throw new Error('the emulator offers no upload to the inbox');
  // A tab that stays: a right-click happens in a window, and the save page opens in it.
  const holder = await bench.browser.browser.newPage();
  const figures: UploadFigures = { extension: [], plain: [], memory: [] };
  for (let run = 0; run < runs; run++) {
    figures.plain.push(await plainFetch(bench, fileUrl, uploadUrl, session.access_token));
    figures.extension.push((await throughExtension(bench, holder, fileUrl, `Bench upload ${run}`, false)).ms);
  }
  for (let run = 0; run < Math.min(runs, 3); run++) {
    figures.memory.push((await throughExtension(bench, holder, fileUrl, `Bench upload, memory ${run}`, true)).memory);
  }
  await holder.close();
  return figures;
}

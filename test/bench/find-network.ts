// Find a letter at network speed (issue #36, point 6): over two mailboxes (the person's own and
// one shared with them) of ten folders each, with every answer of the service 100 ms away, how
// long from the field taking focus with a query until the first letters found are on screen, and
// until every place has been read (the status no longer says it is still looking).
import type { Page } from 'puppeteer-core';
import type { RunningEmulator } from '../emulator/index.ts';
import { api, getJson, linkOf, signIn, type RootJson } from '../emulator/flow.ts';
import { viewerPageFor } from '../support/helpers.ts';
import { BLANK_PAGE } from './build.ts';
import { commit, type Bench } from './pages.ts';

export const FOLDERS_PER_MAILBOX = 10;
export const FIND_LATENCY_MS = 100;
/** Goal for every place read: the 1.5 s. */
export const FIND_ALL_GOAL_MS = 1500;
/** The sender of one letter in every place: the query finds a letter in each. */
const SENDER = 'Målebyrået';
const MEDIA_TYPE = 'application/vnd.digipost-v2+json';

export const FIND_NETWORK_METHOD =
  `Find a letter at network speed: the emulator with a mailbox shared with the person, each mailbox with ${FOLDERS_PER_MAILBOX} folders ` +
  `(made through the service's create_folder) and a letter from "${SENDER}" in every place; every answer ${FIND_LATENCY_MS} ms away. ` +
  'A new viewer tab on the inbox; the finder takes focus with the query typed at once; the first mark is the first frame with a letter found on screen, ' +
  "the second the first frame whose status no longer says it is still looking (every place read). Times on the page's clock from the focus.";

type Mailbox = RootJson['mailbox'][number] & { owner?: boolean; digipostaddress?: string };

/** Each mailbox to FOLDERS_PER_MAILBOX folders, and a letter from SENDER in each inbox and folder. */
export async function prepareTwoMailboxes(emulator: RunningEmulator): Promise<number> {
  const { access_token: token } = await signIn(emulator, 'READ_DOCUMENT_META_INFO UPDATE_DOCUMENT');
  const mailboxes = async () => (await getJson<RootJson>(`${emulator.url}/post/api`, token)).mailbox as Mailbox[];
  const before = await mailboxes();
  if (!before.some((mailbox) => mailbox.owner === false)) throw new Error('the emulator serves no shared mailbox (sharedMailbox: true)');
  for (const mailbox of before) {
    const create = linkOf(mailbox.folders.link, 'create_folder');
    for (let n = mailbox.folders.folder.length; n < FOLDERS_PER_MAILBOX; n++) {
      const made = await api(create.uri, token, {
        method: 'POST',
        headers: { 'Content-Type': MEDIA_TYPE },
        body: JSON.stringify({ name: `Mappe ${n + 1}`, icon: 'FOLDER' }),
      });
      if (!made.ok) throw new Error(`create_folder: ${made.status} ${await made.text()}`);
    }
  }
  let places = 0;
  for (const mailbox of await mailboxes()) {
    const into = mailbox.owner === false && mailbox.digipostaddress !== undefined ? { mailbox: mailbox.digipostaddress } : {};
    await emulator.admin.addLetter({ subject: 'Måling i innboksen', creatorName: SENDER, ...into });
    places += 1;
    for (const folder of mailbox.folders.folder) {
      await emulator.admin.addLetter({ subject: `Måling i ${folder.name}`, creatorName: SENDER, folderId: folder.id, ...into });
      places += 1;
    }
  }
  return places;
}

/**
 * Runs in the viewer (serialized): focuses the finder with the query typed, and returns, on the
 * page's clock from that moment, the first frame with a letter found on screen and the first frame
 * whose status has every place read.
 */
async function findOnce(query: string): Promise<{ first: number; all: number }> {
  // No named functions inside: the driver serializes this one alone (tsx would wrap inner ones in a helper the page lacks).
  const field = document.querySelector<HTMLInputElement>('#letter-query');
  if (!field) throw new Error('no finder on the page');
  const started = performance.now();
  field.focus();
  field.value = query;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  let first: number | undefined;
  for (;;) {
    const at = await new Promise<number>((done) => requestAnimationFrame(done));
    const status = document.querySelector('.letter-finder [role="status"]')?.textContent ?? '';
    if (at - started > 30_000) throw new Error(`Find a letter did not finish: "${status}"`);
    if (first === undefined && document.querySelector('#letter-results [role="option"]')) first = at - started;
    if (first !== undefined && status.endsWith('found.')) return { first, all: at - started };
  }
}

export interface FindNetworkResult {
  first: number[];
  all: number[];
  places: number;
}

/** `runs` fresh viewer tabs on the inbox, each finding SENDER's letters with every answer FIND_LATENCY_MS away. */
export async function measureFindOverNetwork(bench: Bench, runs: number, places: number): Promise<FindNetworkResult> {
  const { emulator } = bench;
  const { access_token: token } = await signIn(emulator, 'READ_DOCUMENT_META_INFO');
  const root = await getJson<RootJson>(`${emulator.url}/post/api`, token);
  const inbox = linkOf(root.primaryAccount.link, 'document_inbox');
  // The extension reads the root again, so it knows the folders just made (its cached root does not).
  const helper = await bench.browser.open(BLANK_PAGE);
  try {
    await helper.evaluate(() =>
      (globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }).chrome.runtime.sendMessage({
        type: 'getRoot',
        force: true,
      }),
    );
  } finally {
    await helper.close();
  }
  const result: FindNetworkResult = { first: [], all: [], places };
  for (let run = 0; run < runs; run++) {
    const page: Page = await bench.browser.newPage();
    try {
      await commit(page, await viewerPageFor(bench.browser, { url: inbox.uri, relation: 'document_inbox' }));
      await page.waitForSelector('.letter-row', { timeout: 30_000 });
      await page.waitForSelector('#letter-query', { timeout: 30_000 });
      await emulator.admin.configure({ latencyMs: FIND_LATENCY_MS });
      await emulator.admin.clearRequests();
      try {
        const { first, all } = await page.evaluate(findOnce, SENDER.toLowerCase());
        // Honest only if every place was read: each place's list asked for at least once.
        const lists = new Set(
          (await emulator.admin.requests())
            .filter((r) => r.method === 'GET' && /\/(documents\/inbox|folders\/\d+)$/.test(r.path))
            .map((r) => r.path),
        );
        if (lists.size < places) throw new Error(`the finder read ${lists.size} of ${places} places`);
        result.first.push(first);
        result.all.push(all);
      } finally {
        await emulator.admin.configure({ latencyMs: 0 });
      }
    } finally {
      await page.close();
    }
  }
  return result;
}

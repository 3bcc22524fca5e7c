import type { Page } from 'puppeteer-core';
import { relationName } from '../../src/api/relation-name.ts';
import { viewerPageFor } from '../support/helpers.ts';
import { BENCH_DIST, BLANK_PAGE } from './build.ts';
import { pageHeap } from './heap.ts';
import { addPdfLetter, clickLetterRow, LIMIT_PAGE, packagePdf, PAGE_DRAWN_MARK, pagesWidth, writeLimitPage } from './letter-open.ts';
import { commit, markOf, sleep, type Bench } from './pages.ts';

interface Letter {
  subject?: string;
}
interface InboxLink {
  rel: string;
  uri: string;
  'media-type'?: string;
}
interface InboxPage {
  document?: Letter[];
  link?: InboxLink[];
}
interface Snapshot {
  ok: boolean;
  value?: { data: InboxPage };
}

/** The letter list's control for the next page ("Load more"), in either language. */
const LOAD_MORE = /load more|last inn flere|vis flere/i;

/** Marks the page's probe to watch for these words too (its first, or one more). */
function watchText(words: string): void {
  const scope = window as unknown as { __benchTexts?: string[] };
  (scope.__benchTexts ??= []).push(words);
}

/**
 * Runs in the viewer (serialized): scrolls the list's "Load more" (the button whose words `pattern`
 * finds) into view, as a person does before pressing it, and waits until it stays put on screen:
 * the rows around it are drawn as they come into view (content-visibility), which moves it. False
 * when the list has no such button.
 */
async function bringLoadMoreIntoView(pattern: string): Promise<boolean> {
  const button = [...document.querySelectorAll('button')].find((b) => new RegExp(pattern, 'i').test(b.textContent.trim()));
  if (!button) return false;
  let before = Number.NaN;
  for (let frame = 0; frame < 300; frame++) {
    const { top, bottom } = button.getBoundingClientRect();
    if (top === before && top >= 0 && bottom <= innerHeight) return true;
    if (top < 0 || bottom > innerHeight) button.scrollIntoView({ block: 'center' });
    before = top;
    await new Promise((done) => requestAnimationFrame(done));
  }
  throw new Error('"Load more" never stayed put on screen');
}

/**
 * Runs in the viewer (serialized): presses "Load more" inside the page (element.click()) and
 * returns the time just before, on the page's clock, so the driver's own round trips are not counted.
 */
function pressLoadMore(pattern: string): number {
  const button = [...document.querySelectorAll('button')].find((b) => new RegExp(pattern, 'i').test(b.textContent.trim()));
  if (!button) throw new Error('no "Load more" to press');
  const at = performance.now();
  button.click();
  return at;
}
const PAGES_FOR_MEMORY = 5;

export interface ViewerResult {
  firstPage: number[];
  /** undefined when the inbox has a single page (no "Load more"). */
  nextPage: number[] | undefined;
  /** Heap after each step, with the number of letters shown then. */
  heap: { letters: number; bytes: number }[];
  heapMethod: string;
}

/** A subject on `page` that is on none of `others`: its appearance means that page is on screen. */
function distinctSubject(page: InboxPage, others: InboxPage[] = []): string {
  const seen = new Set(others.flatMap((p) => (p.document ?? []).map((d) => d.subject ?? '')));
  const subject = (page.document ?? []).map((d) => d.subject?.trim() ?? '').find((s) => s.length > 3 && !seen.has(s));
  if (!subject) throw new Error('no distinct subject on the inbox page');
  return subject;
}

type Fetch = (url: string, relation: string) => Promise<InboxPage>;

/** Fetches a resource through the extension's worker, as its pages do. */
async function withFetcher<T>(bench: Bench, use: (fetchThrough: Fetch) => Promise<T>): Promise<T> {
  const helper = await bench.browser.open(BLANK_PAGE);
  try {
    return await use(async (url, relation) => {
      const answer = (await helper.evaluate(
        (u: string, r: string) =>
          (globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }).chrome.runtime.sendMessage({
            type: 'getResource',
            url: u,
            relation: r,
          }),
        url,
        relation,
      )) as Snapshot;
      if (!answer.ok || !answer.value) throw new Error(`could not fetch ${url}: ${JSON.stringify(answer)}`);
      return answer.value.data;
    });
  } finally {
    await helper.close();
  }
}

/** The root's inbox link. */
async function inboxLink(fetchThrough: Fetch, rootUrl: string): Promise<InboxLink> {
  const root = await fetchThrough(rootUrl, 'self');
  const rootLinks = [...(root.link ?? []), ...((root as { mailbox?: InboxPage[] }).mailbox ?? []).flatMap((m) => m.link ?? [])];
  const inbox = rootLinks.find((l) => relationName(l.rel) === 'document_inbox');
  if (!inbox) throw new Error('the root has no document_inbox link');
  return inbox;
}

export async function measureViewer(bench: Bench, runs: number): Promise<ViewerResult> {
  // The inbox link and its pages, fetched through the extension itself.
  const { inbox, first, second } = await withFetcher(bench, async (fetchThrough) => {
    const link = await inboxLink(fetchThrough, `${bench.emulator.url}/post/api`);
    const firstPage = await fetchThrough(link.uri, 'document_inbox');
    const nextLink = firstPage.link?.find((l) => relationName(l.rel) === 'next');
    return { inbox: link, first: firstPage, second: nextLink ? await fetchThrough(nextLink.uri, 'next') : undefined };
  });
  const firstSubject = distinctSubject(first);
  const secondSubject = second ? distinctSubject(second, [first]) : undefined;
  const perPage = first.document?.length ?? 0;

  const openInbox = async (uri: string): Promise<{ page: Page; ms: number }> => {
    const page = await bench.browser.newPage();
    await page.evaluateOnNewDocument(watchText, firstSubject);
    const address = await viewerPageFor(bench.browser, {
      url: uri,
      relation: 'document_inbox',
      ...(inbox['media-type'] ? { mediaType: inbox['media-type'] } : {}),
    });
    await commit(page, address);
    return { page, ms: await markOf(page, `text:${firstSubject}`, 30_000) };
  };
  /** "Load more" on screen, ready to be pressed; false when the list has none. */
  const loadMore = (page: Page) => page.evaluate(bringLoadMoreIntoView, LOAD_MORE.source);

  const result: ViewerResult = { firstPage: [], nextPage: undefined, heap: [], heapMethod: '' };
  for (let i = 0; i < runs; i++) {
    const { page, ms } = await openInbox(inbox.uri);
    result.firstPage.push(ms);
    if ((await loadMore(page)) && secondSubject) {
      await page.evaluate(watchText, secondSubject);
      const clickedAt = await page.evaluate(pressLoadMore, LOAD_MORE.source);
      const shown = await markOf(page, `text:${secondSubject}`, 30_000);
      (result.nextPage ??= []).push(shown - clickedAt);
    }
    await page.close();
  }

  // Memory: one viewer paging through with "Load more".
  const { page } = await openInbox(inbox.uri);
  result.heapMethod = `one viewer, ${PAGES_FOR_MEMORY} pages loaded with "Load more"`;
  result.heap.push({ letters: perPage, bytes: await pageHeap(page) });
  for (let p = 2; p <= PAGES_FOR_MEMORY; p++) {
    if (!(await loadMore(page))) break;
    await page.evaluate(pressLoadMore, LOAD_MORE.source);
    await sleep(1500); // a benchmark, not a test: let the page render before measuring
    result.heap.push({ letters: perPage * p, bytes: await pageHeap(page) });
  }
  await page.close();
  return result;
}

export interface LetterOpenResult {
  /** Click on the row to page one drawn. */
  open: number[];
  /** The same PDF opened in a tab of its own: navigation start to page one drawn. */
  limit: number[];
}

/** The one-click letter and its limit, interleaved (test/bench/letter-open.ts). */
export async function measureLetterOpen(bench: Bench, runs: number): Promise<LetterOpenResult> {
  writeLimitPage(BENCH_DIST);
  const result: LetterOpenResult = { open: [], limit: [] };
  const link = await withFetcher(bench, (fetchThrough) => inboxLink(fetchThrough, `${bench.emulator.url}/post/api`));
  const inbox = { url: link.uri, relation: 'document_inbox', ...(link['media-type'] ? { mediaType: link['media-type'] } : {}) };
  for (let i = 0; i < runs; i++) {
    const { subject, pdf } = await addPdfLetter(bench.emulator, 'Chromium', i);
    const page = await bench.browser.newPage();
    await page.evaluateOnNewDocument(watchText, subject);
    await commit(page, await viewerPageFor(bench.browser, inbox));
    await markOf(page, `text:${subject}`, 30_000);
    const clickedAt = await page.evaluate(clickLetterRow, subject);
    if (clickedAt === null) throw new Error(`no row for ${subject} in the inbox`);
    result.open.push((await markOf(page, PAGE_DRAWN_MARK, 30_000)) - clickedAt);
    const width = await page.evaluate(pagesWidth);
    await page.close();

    packagePdf(BENCH_DIST, pdf);
    const limit = await bench.browser.newPage();
    await commit(limit, bench.browser.url(`${LIMIT_PAGE}?width=${width}`));
    result.limit.push(await markOf(limit, PAGE_DRAWN_MARK, 30_000));
    await limit.close();
  }
  return result;
}

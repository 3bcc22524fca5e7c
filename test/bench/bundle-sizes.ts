import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The script entries of the built extension, each with every JS chunk it loads statically. */
export type EntryName = 'popup' | 'options' | 'viewer' | 'worker';

export interface EntrySize {
  entry: EntryName;
  /** Sum of each chunk gzipped on its own (level 9), as the browser would receive it compressed. */
  gzip: number;
  raw: number;
  chunks: string[];
}

interface BuiltManifest {
  action?: { default_popup?: string };
  options_ui?: { page?: string };
  background?: { service_worker?: string };
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g;

function resolveIn(dist: string, fromFile: string, spec: string): string {
  return spec.startsWith('/') ? join(dist, spec) : resolve(dirname(fromFile), spec);
}

/** Follows every import of a chunk (static and dynamic: both are code the entry may run). */
function chunkClosure(dist: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(dist, file)} is imported but not in ${dist}`);
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) queue.push(resolveIn(dist, file, match[1] ?? ''));
  }
  return [...seen];
}

function htmlScripts(dist: string, htmlPath: string): string[] {
  const file = join(dist, htmlPath);
  if (!existsSync(file)) throw new Error(`${htmlPath} is not in ${dist}: build it first (npm run build)`);
  return [...readFileSync(file, 'utf8').matchAll(MODULE_SCRIPT)].map((m) => resolveIn(dist, file, m[1] ?? ''));
}

/** The viewer is not named by the manifest: it is the built page at src/viewer/*.html. */
function viewerHtml(dist: string): string {
  const dir = join(dist, 'src', 'viewer');
  const page = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.html')) : undefined;
  if (!page) throw new Error(`no viewer page under ${dir}`);
  return join('src', 'viewer', page);
}

function measure(dist: string, entry: EntryName, roots: string[]): EntrySize {
  const chunks = chunkClosure(dist, roots);
  let gzip = 0;
  let raw = 0;
  for (const chunk of chunks) {
    const bytes = readFileSync(chunk);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { entry, gzip, raw, chunks: chunks.map((c) => relative(dist, c)) };
}

export function entrySizes(distDir: string): EntrySize[] {
  const dist = resolve(distDir);
  const manifestFile = join(dist, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} not found: build first (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuiltManifest;
  const popup = manifest.action?.default_popup;
  const options = manifest.options_ui?.page;
  const worker = manifest.background?.service_worker;
  if (!popup || !options || !worker) throw new Error('the built manifest names no popup, options page or service worker');
  return [
    measure(dist, 'popup', htmlScripts(dist, popup)),
    measure(dist, 'options', htmlScripts(dist, options)),
    measure(dist, 'viewer', htmlScripts(dist, viewerHtml(dist))),
    measure(dist, 'worker', [join(dist, worker)]),
  ];
}

/**
 * Gzip budgets in bytes (1 kB = 1000 bytes, as Vite prints them). The worker's was 30 kB until it
 * became the one place that writes to the mailbox (filing, deleting, folders, Send to bank and
 * uploads: each needs the token, so none can live in a page); that added 3.7 kB, and the budget is
 * 34 kB from then on. It is 34.1 kB since the worker reads the newest letters of every mailbox
 * shared with the person, for the popup and for notifications (issue #36: again the token's work,
 * about 200 bytes, 35 more than the room that was left; terser options and the worker's strings
 * were looked through for them first, and gave 7). It is 35.6 kB since the security review of
 * issue #44, whose fixes are all the token's work and so the worker's: a root read leniently field
 * by field, one bad mailbox entry costing only itself (358 bytes); every request bound to the
 * session that asked; the opaque keys that keep a payment from being sent twice across a sign-out;
 * the upload's look past capped pages, with its evidence made after the send; every inbox read a
 * few at a time; mailboxes named by their own links (1,378 bytes in all, 35,478 measured). It is
 * 35.9 kB since the Send to my bank page's round trips moved into the worker (issue #45 point 3:
 * the letter read again in the write's answer, the person's own account in one request; 258
 * bytes, 35,849 measured). It is 37.9 kB since the worker decides the popup's list of what needs
 * the person (issue #46 point 3: invoices and debt collections due, parcels to fetch, appointments,
 * deadlines, requests to share, each row in words, read with the metadata model's readers of those
 * kinds only; 1,990 bytes, 37,821 measured), so that the popup, whose budget stays, only draws the
 * rows. It is 40.7 kB since the counts and alerts a person can trust and
 * shape (issue #48, with #46 point 4): the toolbar button's four states with their titles, the
 * alerts' kinds, mailboxes, pause, menu and idle summary, and a new letter's alert saying what it
 * asks, read with the model's own reader of its data (model/metadata.ts' askingItemsOf, the one
 * the list of what needs the person reads too; 40,618 measured with both and #49's sign-out that
 * waits for the revoke already sent). It is 41.1 kB since the last gaps of #48 were mended and a
 * new letter's alert says what an event, a link's deadline or a request to share asks (#46 point
 * 4): a mailbox shared later taken note of at its first read, by opaque keys; a pause given its
 * alarm again after a restart; a count's day in the title; every unread letter kept in the
 * remembered set (428 bytes, 41,050 measured; all of it the worker's, which alone alerts). The popup's stays: it is what a person waits for (15,000 measured with #48's
 * count wording, live counts and paused line).
 */
export const BUDGETS: Partial<Record<EntryName, number>> = { popup: 15_000, worker: 41_100 };

/**
 * The popup's styles, written into popup.html at build (build/popup-styles-in-page.ts, issue #47):
 * parsed before its first frame as its script is, and so with a budget of their own, gzipped as
 * the scripts are (4,101 bytes when they moved into the page).
 */
export const POPUP_STYLES_BUDGET = 4_500;

/** The `<style>` elements of the built popup page, together, gzipped at level 9 and raw. */
export function popupStylesSize(distDir: string): { gzip: number; raw: number } {
  const dist = resolve(distDir);
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as BuiltManifest;
  const popup = manifest.action?.default_popup;
  if (!popup) throw new Error('the built manifest names no popup');
  const html = readFileSync(join(dist, popup), 'utf8');
  const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('');
  if (css === '') throw new Error(`${popup} has no <style>: its styles are not in the page`);
  return { gzip: gzipSync(css, { level: 9 }).length, raw: Buffer.byteLength(css) };
}

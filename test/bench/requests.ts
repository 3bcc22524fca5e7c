import { LETTERS_PER_LIST } from '../../src/background/due-invoices.ts';
import { untilServiceQuiet } from '../support/helpers.ts';
import { ageRootCache, markOf, openTimed, POPUP_PAGE, SUMMARY, type Bench } from './pages.ts';

interface OneOpen {
  /** What the popup's answer needed: the root and the inbox's page. */
  popup: number;
  /** The reads of open invoices the worker makes after a fetch of the root (the newest LETTERS_PER_LIST of a list). */
  openInvoices: number;
  /** The places (inbox, folders) those reads were of: each is read once a round. */
  openInvoicePlaces: number;
}

/** Requests the service saw for one popup open, until nothing it set off was still running. */
async function requestsForOneOpen(bench: Bench): Promise<OneOpen> {
  // What an earlier fetch of the root set going (the sign-in's round of open invoices, three places
  // longer with a shared mailbox) ends first: its last reads are not this open's.
  await untilServiceQuiet(bench.emulator.admin, 500);
  await bench.emulator.admin.clearRequests();
  const { page } = await openTimed(bench, POPUP_PAGE, SUMMARY);
  await markOf(page, 'answer');
  await untilServiceQuiet(bench.emulator.admin, 500);
  await page.close();
  const log = await bench.emulator.admin.requests();
  const reads = log.filter((r) => r.query.includes(`limit=${LETTERS_PER_LIST}`));
  return { popup: log.length - reads.length, openInvoices: reads.length, openInvoicePlaces: new Set(reads.map((r) => r.path)).size };
}

export interface RequestCounts {
  fresh: number[];
  stale: number[];
  /** The open invoices' reads after each stale open's fetch of the root. */
  openInvoices: number[];
  /** Of those, reads of a place read already in the same round (goal: none). */
  openInvoiceRepeats: number[];
}

export async function measureRequestsPerOpen(bench: Bench, opens: number): Promise<RequestCounts> {
  const counts: RequestCounts = { fresh: [], stale: [], openInvoices: [], openInvoiceRepeats: [] };
  for (let i = 0; i < opens; i++) {
    // Stale first: its answer refreshes the cache, so the fresh open right after is within 60 s.
    await ageRootCache(bench.browser, 61_000);
    const stale = await requestsForOneOpen(bench);
    counts.stale.push(stale.popup);
    counts.openInvoices.push(stale.openInvoices);
    counts.openInvoiceRepeats.push(stale.openInvoices - stale.openInvoicePlaces);
    const fresh = await requestsForOneOpen(bench);
    counts.fresh.push(fresh.popup + fresh.openInvoices);
  }
  return counts;
}

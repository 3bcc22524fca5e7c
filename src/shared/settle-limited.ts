/**
 * `call` over every item with at most `limit` calls unsettled at once, each outcome in the items'
 * order as Promise.allSettled gives it (a failure is an outcome, never a rejection of the whole).
 * So a mailbox of many folders is read a few places at a time, not in one burst of requests: the
 * worker's reads for "Invoices due soon" (background/due-invoices.ts), every mailbox's inbox for
 * the popup's newest letters and the new-letter check (background/inbox-page.ts), and Find a
 * letter's places (viewer/search/letter-source.ts). `limit` lanes each take the next item as theirs settles.
 */
export async function settleLimited<T, R>(
  items: readonly T[],
  limit: number,
  call: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) {
      try {
        // Awaited inside the try: a call that throws before it returns a promise is its failure too.
        results[index] = { status: 'fulfilled', value: await call(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

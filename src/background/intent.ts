import { bytesToBase64Url } from '../shared/base64.ts';

/*
 * A write's identity, derived here in the worker and never made by a page: the signed-in person,
 * the resource by its canonical address, and the action with what it asks for. Two asks that mean
 * the same (a double click, Try again, the same form filled in after a reload, another tab, a
 * worker started again) get the same key, so the once-only engine (once.ts) looks before it sends.
 */

/**
 * One spelling of an address: the URL parser's (scheme and host in lower case, default port and
 * dot segments gone), with its query parameters in order and without a fragment. Two spellings of
 * one letter's address are one lane and one intent.
 */
export function canonicalAddress(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.searchParams.sort();
    return parsed.href;
  } catch {
    return url;
  }
}

/** A body's fields in one order and as text (ids come as numbers or strings), for a key. */
export function canonicalFields(body: unknown): [string, string][] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>)
    .filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]))
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * An intent's identity: `person` is the signed-in person's id; `parts` say the action, its
 * resource and what it asks for. Made at once, with no wait, so writes to one resource queue in
 * the order the person asked for them (once.ts takes the lane's lock before anything async).
 */
export function intentId(person: string, parts: readonly unknown[]): string {
  return JSON.stringify([person, ...parts]);
}

/** The key an intent's record is stored under: a digest of its identity, so no name, subject or address is readable in storage's keys. */
export async function recordKey(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return bytesToBase64Url(new Uint8Array(digest));
}

/** How much of each end of a file its digest reads. */
const DIGEST_SAMPLE_BYTES = 1024 * 1024;

/**
 * A digest of a file's content, so two different files of one name and size are two uploads. It
 * reads the file's first and last MiB (and its size), not the whole of a file of up to 100 MiB:
 * the worker never holds a copy of the file (upload.ts), and WebCrypto digests only what is in
 * memory. Two files that differ only in their middle are taken for one; for files a person saves
 * under one subject to one place, that is as good as the whole file's digest.
 */
export async function fileDigest(file: Blob): Promise<string> {
  const head = file.slice(0, DIGEST_SAMPLE_BYTES);
  const tail = file.size > DIGEST_SAMPLE_BYTES ? file.slice(Math.max(DIGEST_SAMPLE_BYTES, file.size - DIGEST_SAMPLE_BYTES)) : new Blob([]);
  const sample = await new Blob([head, tail, String(file.size)]).arrayBuffer();
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', sample)));
}

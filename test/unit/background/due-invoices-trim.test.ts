import { catalogueMessage } from '../../support/catalogue-i18n.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RootResource } from '../../../src/api/schemas.ts';
import type { AuthorizedRequest } from '../../../src/background/authorized-fetch.ts';
import type { ExtensionConfig } from '../../../src/config/config.ts';
import type { Needs } from '../../../src/storage/page-items.ts';
import { FakeClock, MemoryArea } from '../auth/fakes.ts';

// The worker's rows are in words (the catalogue's English), through `chrome.i18n` as in the worker.
vi.stubGlobal('chrome', { i18n: { getMessage: (key: string, subs?: string | string[]) => catalogueMessage('en', key, subs) } });
const { createDueInvoices, DUE_BYTES_BUDGET, DUE_PER_PLACE } = await import('../../../src/background/due-invoices.ts');
const { needRowsOf } = await import('../../../src/background/needs-rows.ts');

/*
 * What one round of the open invoices costs in serialising its record to check the byte budget
 * (issue 44, point 9): a round over 200 folders writes the record after each read, and must not
 * serialise the whole record again each time (that grows with the square of the places). Counted
 * in characters JSON.stringify makes during the round, never in time.
 */

const A = 'https://a.example.org';
const INBOX = `${A}/post/api/private/mailbox/1/documents/inbox`;
const folderUri = (id: number) => `${A}/post/api/private/mailbox/1/folders/${id}`;
const rel = (name: string) => `${A}/post/relations/${name}`;
const config: ExtensionConfig = {
  baseUrl: A,
  clientId: 'c',
  clientSecret: 's',
  scopes: ['READ_DOCUMENT_META_INFO'],
  pollMinutes: 5,
  notify: false,
};
const FOLDERS = Array.from({ length: 200 }, (_, i) => i + 1);

function rootWith(folders: number[]): RootResource {
  return {
    primaryAccount: { link: [{ rel: rel('document_inbox'), uri: INBOX }] },
    mailbox: [
      {
        folders: { folder: folders.map((id) => ({ name: `F${id}`, link: [{ rel: rel('self'), uri: folderUri(id) }] })), link: [] },
        link: [],
      },
    ],
    link: [],
  };
}

/** A letter with an unpaid invoice due on `dueDate`, from a sender named `sender`. */
function dueLetter(id: string, dueDate: string, sender: string) {
  return {
    subject: `Faktura ${id}`,
    creatorName: sender,
    created: '2024-04-20T10:00:00+02:00',
    attachment: [
      {
        subject: `Faktura ${id}`,
        mainDocument: true,
        read: true,
        invoice: { amount: 100, kid: '1', accountNumber: '1', paid: false, dueDate },
      },
    ],
    link: [{ rel: rel('self'), uri: `${A}/post/api/private/documents/${id}` }],
  };
}

/** Every list answers at once: `perPlace` letters due soon in each, their senders' names `sender`. */
function round(perPlace: number, sender: string) {
  const storage = { session: new MemoryArea() };
  const lettersOf = (list: string) =>
    Array.from({ length: perPlace }, (_, i) => dueLetter(`${list}-${i}`, `2024-05-${String(1 + (i % 14)).padStart(2, '0')}`, sender));
  const calls = {
    authorizedFetch: (_config: ExtensionConfig, request: AuthorizedRequest): Promise<unknown> => {
      const url = new URL(request.url);
      const list = `${url.origin}${url.pathname}`;
      return Promise.resolve(
        list === INBOX
          ? { document: lettersOf('inbox'), link: [] }
          : { name: 'F', documents: { document: lettersOf(url.pathname) }, link: [] },
      );
    },
  };
  const reader = createDueInvoices({
    storage,
    session: { generation: () => Promise.resolve(1) },
    calls,
    now: new FakeClock().now,
    rowsOf: needRowsOf,
  });
  return { read: () => reader.readRound(config, rootWith(FOLDERS), 1), stored: () => storage.session.data.needsYou as Needs };
}

/** Counts the characters JSON.stringify makes from here on. */
const stringify = JSON.stringify;
let serialised = 0;
function countSerialising(): void {
  serialised = 0;
  JSON.stringify = ((...args: Parameters<typeof stringify>) => {
    const text = stringify(...args);
    serialised += typeof text === 'string' ? text.length : 0;
    return text;
  }) as typeof JSON.stringify;
}
afterEach(() => {
  JSON.stringify = stringify;
});

const bytes = (value: unknown) => new TextEncoder().encode(stringify(value)).length;

describe('one round of the open invoices over 200 folders', () => {
  it('within the budget, serialises about as much as the record it stores, not the record again after every read', async () => {
    const { read, stored } = round(2, 'Fjordkraft');
    countSerialising();
    await read();
    JSON.stringify = stringify;
    const record = stringify(stored());
    expect(Object.keys(stored().places)).toHaveLength(201);
    expect(bytes(stored())).toBeLessThanOrEqual(DUE_BYTES_BUDGET);
    expect(serialised).toBeLessThan(4 * record.length);
  });

  it('over the budget, keeps it within as it grows without serialising every letter after every read', async () => {
    const { read, stored } = round(DUE_PER_PLACE, 'Fjordkraft Energi AS, Kundesenter Bergen');
    countSerialising();
    await read();
    JSON.stringify = stringify;
    const size = bytes(stored());
    expect(size).toBeLessThanOrEqual(DUE_BYTES_BUDGET);
    expect(size).toBeGreaterThan(DUE_BYTES_BUDGET / 2);
    // Every letter read (201 places, DUE_PER_PLACE each, all alike in size) is serialised a few times at most.
    const kept = Object.values(stored().places).flatMap((place) => place.rows);
    const everyLetter = (stringify(kept).length / kept.length) * 201 * DUE_PER_PLACE;
    expect(serialised).toBeLessThan(4 * everyLetter);
  });
});

/**
 * Two answers of the test site that offer far more than any limit, to see that a reader stops in
 * time: a gzip bomb (a small, honest Content-Length that inflates to 300 MiB) and a lying chunked
 * answer (chunked, with a Content-Length of 1 KiB beside it, streaming 300 MiB). Both are made as
 * they are read (the server writes a piece only when the socket has drained), and each counts the
 * decoded bytes it handed over before the client went away: what the site generated tracks what the
 * browser took, within the socket's buffers.
 */
import { crc32, deflateRawSync, constants } from 'node:zlib';

/** What each flood is made of, and how far it goes: three times the 100 MiB upload limit. */
const PIECE_BYTES = 1024 * 1024;
const FLOOD_BYTES = 300 * PIECE_BYTES;

/**
 * How far past the 100 MiB limit a flood may have been generated when the browser lets go: what
 * the sockets, the gzip stream and the browser's network buffers hold between them. Measured: 17 to
 * 18 MiB in both browsers on a quiet machine, 39 MiB once in Firefox with both suites running side
 * by side. A reader that took everything would make 300 MiB, so 64 MiB still tells the two apart.
 */
export const FLOOD_SLACK_BYTES = 64 * PIECE_BYTES;

/** One flood's count, as the site saw it. */
export interface FloodRecord {
  /** The path and query asked for (a test names its own run in the query). */
  url: string;
  /** Decoded bytes handed to the socket, gzip's inflated bytes included. */
  generated: number;
  /** Whether the client went away before the end (`closed`), or took it all (`complete`); `open` while it runs. */
  state: 'open' | 'closed' | 'complete';
}

/**
 * One MiB of a PDF's first line and then seeded pseudo-random bytes over four letters: deflate
 * makes about 3.5:1 of it (two bits a byte and its framing), so 300 MiB fit in a Content-Length
 * below the limit (86 MiB), and a socket's buffers hold only a few MiB of what was generated.
 */
function piece(): Buffer {
  const bytes = Buffer.alloc(PIECE_BYTES);
  const head = Buffer.from('%PDF-1.4\n', 'latin1');
  head.copy(bytes);
  let seed = 0x2545f491;
  for (let i = head.length; i < bytes.length; i++) {
    // xorshift32: the same bytes on every start.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    bytes[i] = 0x41 + (seed & 3) * 2;
  }
  return bytes;
}

/**
 * The gzip member: header, the piece's deflate blocks repeated (each ends with a full flush, so it
 * refers to nothing before it and the same blocks can follow themselves), a final empty block and
 * the trailer (CRC-32 and length of everything inflated). Its length is known before the first byte.
 */
interface Bomb {
  head: Buffer;
  blocks: Buffer;
  tail: Buffer;
  length: number;
}

let bomb: Bomb | undefined;
function gzipBomb(): Bomb {
  if (bomb) return bomb;
  const raw = piece();
  const blocks = deflateRawSync(raw, { level: 6, finishFlush: constants.Z_FULL_FLUSH });
  const count = FLOOD_BYTES / PIECE_BYTES;
  let crc = 0;
  for (let i = 0; i < count; i++) crc = crc32(raw, crc);
  const head = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
  const tail = Buffer.alloc(10);
  deflateRawSync(Buffer.alloc(0)).copy(tail); // 03 00: the final, empty block
  tail.writeUInt32LE(crc >>> 0, 2);
  tail.writeUInt32LE(FLOOD_BYTES % 2 ** 32, 6);
  bomb = { head, blocks, tail, length: head.length + blocks.length * count + tail.length };
  return bomb;
}

/** A stream of `pieces` handed over one a pull (the socket asks for the next only once drained), counted in `record`. */
function counted(record: FloodRecord, parts: { first?: Buffer; each: Buffer; decoded: number; last?: Buffer }): ReadableStream<Uint8Array> {
  const count = FLOOD_BYTES / PIECE_BYTES;
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (parts.first) controller.enqueue(new Uint8Array(parts.first));
      },
      pull(controller) {
        if (sent === count) {
          if (parts.last) controller.enqueue(new Uint8Array(parts.last));
          record.state = 'complete';
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(parts.each));
        sent++;
        record.generated += parts.decoded;
      },
      cancel() {
        if (record.state === 'open') record.state = 'closed';
      },
    },
    { highWaterMark: 0 },
  );
}

/** The gzip bomb: Content-Encoding gzip, Content-Length its true (compressed) length, 86 MiB; 300 MiB inflated. */
export function gzipBombAnswer(record: FloodRecord): Response {
  const { head, blocks, tail, length } = gzipBomb();
  return new Response(counted(record, { first: head, each: blocks, decoded: PIECE_BYTES, last: tail }), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Encoding': 'gzip',
      'Content-Length': String(length),
      'Cache-Control': 'no-store',
    },
  });
}

/** The lying answer: chunked (which the browser follows) with a Content-Length of 1 KiB beside it, then 300 MiB. */
export function lyingChunkedAnswer(record: FloodRecord): Response {
  return new Response(counted(record, { each: piece(), decoded: PIECE_BYTES }), {
    headers: { 'Content-Type': 'application/pdf', 'Transfer-Encoding': 'chunked', 'Content-Length': '1024', 'Cache-Control': 'no-store' },
  });
}

/**
 * The site's count for the flood asked for at `path` (path and query), once its client has gone
 * away or taken it all: polled, for at most 30 s, from the site at `siteUrl`.
 */
export async function settledFlood(siteUrl: string, path: string): Promise<FloodRecord> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const records = (await (await fetch(`${siteUrl}/__site/floods`)).json()) as FloodRecord[];
    const record = records.find((r) => r.url === path);
    if (record && record.state !== 'open') return record;
    if (Date.now() > deadline)
      throw new Error(`the site's flood at ${path} is ${record ? `still open after ${record.generated} bytes` : 'not asked for'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

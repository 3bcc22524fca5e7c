// A zip whose bytes depend only on the files' paths and contents: entries in byte order of their
// paths, every time stamp the zip format's earliest (1980-01-01 00:00), every file mode 0644, no
// directory entries, no extra fields. So the same build zipped on another machine, by another
// user, at another time, gives the same package byte for byte (for the sources package AMO's
// reviewers rebuild from). Deflate is zlib's, as bundled with Node: the reviewer notes name the
// Node version.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** 1980-01-01 00:00:00 in MS-DOS form: the date's day 1, month 1, year 0; the time 0. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
/** Made by Unix (3), zip format 2.0: so the external attributes carry a Unix file mode. */
const MADE_BY = (3 << 8) | 20;
const NEEDED = 20;
const FILE_MODE = 0o100644;
/** Bit 11: the names are UTF-8. */
const UTF8_NAMES = 1 << 11;

export interface ZipEntry {
  /** The path inside the zip, with forward slashes. */
  path: string;
  data: Uint8Array;
}

/** Every file under `dir`, as entries named by their path relative to it. */
export function entriesOfFolder(dir: string): ZipEntry[] {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return files.map((file) => {
    const full = join(file.parentPath, file.name);
    return { path: relative(dir, full).split(sep).join('/'), data: readFileSync(full) };
  });
}

function byPath(a: ZipEntry, b: ZipEntry): number {
  return Buffer.compare(Buffer.from(a.path), Buffer.from(b.path));
}

export function deterministicZip(entries: readonly ZipEntry[]): Buffer {
  const sorted = [...entries].sort(byPath);
  const seen = new Set<string>();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { path, data } of sorted) {
    if (seen.has(path)) throw new Error(`${path} is in the zip twice`);
    seen.add(path);
    const name = Buffer.from(path, 'utf8');
    const deflated = deflateRawSync(data, { level: 9 });
    // Stored when deflating gains nothing (a PNG): smaller, and as deterministic.
    const [method, body] = deflated.length < data.length ? [8, deflated] : [0, Buffer.from(data)];
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(NEEDED, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY, 4);
    central.writeUInt16LE(NEEDED, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sorted.length, 8);
  end.writeUInt16LE(sorted.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  if (sorted.length > 0xffff || offset > 0xffffffff) throw new Error('too large for a zip without zip64');
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Real, small files for letter content, made in memory so a viewer can open them: a PDF whose
 * page shows the subject, an HTML page, and PNG and JPEG pictures. No binary fixtures in git.
 */
import { deflateSync } from 'node:zlib';

export type FileType = 'pdf' | 'html' | 'jpg' | 'png';

export const CONTENT_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** PDF strings are Latin-1 here (WinAnsiEncoding covers æøå); anything else becomes '?'. */
function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const safe = code >= 32 && code <= 255 && code !== 127 ? ch : '?';
    out += safe === '(' || safe === ')' || safe === '\\' ? `\\${safe}` : safe;
  }
  return out;
}

function makePdf(title: string, lines: readonly string[]): Buffer {
  const text = [`BT /F1 16 Tf 56 780 Td (${pdfText(title)}) Tj ET`]
    .concat(lines.map((line, i) => `BT /F1 11 Tf 56 ${750 - i * 16} Td (${pdfText(line)}) Tj ET`))
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  // Offsets are byte offsets; every character here is one Latin-1 byte, so lengths are bytes.
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function makeHtml(title: string, lines: readonly string[]): Buffer {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return Buffer.from(
    `<!doctype html>\n<html lang="nb"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body><h1>${escapeHtml(title)}</h1>\n${paragraphs}\n</body></html>\n`,
    'utf8',
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB picture: a diagonal gradient tinted by `hue` so different letters look different. */
export function makePng(width: number, height: number, hue: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      raw[row + 1 + x * 3] = Math.round(40 + 200 * t) ^ (hue & 0x3f);
      raw[row + 2 + x * 3] = Math.round(90 + 120 * (1 - t));
      raw[row + 3 + x * 3] = (hue * 37 + Math.round(160 * t)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;
  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.current);
    // JPEG byte stuffing: a 0xFF in entropy-coded data is followed by 0x00.
    if (this.current === 0xff) this.bytes.push(0);
    this.current = 0;
    this.count = 0;
  }
  finish(): number[] {
    while (this.count !== 0) this.write(1, 1);
    return this.bytes;
  }
}

/**
 * A baseline greyscale JPEG made of flat 8x8 blocks (DC coefficients only). Huffman tables:
 * every DC category has a 4-bit code; the only AC symbol is end-of-block, code `0`.
 */
function makeJpeg(blocksWide: number, blocksHigh: number, seed: number): Buffer {
  const segment = (marker: number, payload: number[]) => [
    0xff,
    marker,
    ((payload.length + 2) >> 8) & 0xff,
    (payload.length + 2) & 0xff,
    ...payload,
  ];
  const width = blocksWide * 8;
  const height = blocksHigh * 8;
  const dqt = segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]);
  const sof = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const dcBits = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const dht = segment(0xc4, [0x00, ...dcBits, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x10, 1, ...new Array<number>(15).fill(0), 0x00]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  const bits = new BitWriter();
  let previous = 0;
  for (let by = 0; by < blocksHigh; by++) {
    for (let bx = 0; bx < blocksWide; bx++) {
      const shade = (40 + ((bx * 23 + by * 41 + seed * 13) % 180)) & 0xff;
      const dc = (shade - 128) * 8;
      const diff = dc - previous;
      previous = dc;
      const magnitude = Math.abs(diff);
      const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
      bits.write(category, 4);
      if (category > 0) bits.write(diff >= 0 ? diff : diff + (1 << category) - 1, category);
      bits.write(0, 1);
    }
  }
  return Buffer.from([0xff, 0xd8, ...dqt, ...sof, ...dht, ...sos, ...bits.finish(), 0xff, 0xd9]);
}

/** The file behind one attachment, made from what the letter says about itself. */
export function makeContent(fileType: FileType, title: string, lines: readonly string[], seed: number): Buffer {
  switch (fileType) {
    case 'pdf':
      return makePdf(title, lines);
    case 'html':
      return makeHtml(title, lines);
    case 'png':
      return makePng(48, 32, seed);
    case 'jpg':
      return makeJpeg(6, 4, seed);
  }
}

// Draws the toolbar icon (a white envelope on a red rounded square) at each size the manifest
// names, and a grey one for the signed-out toolbar, as PNGs in icons/; and the 128 px icon, for the
// manifest (icons/icon-128.png) and the store (store/icon-128.png): the same artwork at 96 px inside
// 16 px of transparent padding on each side, as the Chrome Web Store asks of both (its full-bleed
// icons look larger than every other). The full-bleed 96 px one is the popup's emblem and the
// notifications' picture. Run with `npm run icons`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 96] as const;
type Rgb = readonly [number, number, number];
const RED: Rgb = [0xd2, 0x2a, 0x32];
const GREY: Rgb = [0x8a, 0x8a, 0x92];
const WHITE: Rgb = [0xff, 0xff, 0xff];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    Buffer.from(rgba.subarray(y * size * 4, (y + 1) * size * 4)).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Shape in unit coordinates: 0 outside, 1 red background, 2 white envelope. */
function shapeAt(x: number, y: number): 0 | 1 | 2 {
  const r = 0.2;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return 0;
  const left = 0.18,
    right = 0.82,
    top = 0.28,
    bottom = 0.72,
    stroke = 0.07;
  if (x < left || x > right || y < top || y > bottom) return 1;
  const inBody = x > left + stroke && x < right - stroke && y > top + stroke && y < bottom - stroke;
  // The flap: a V from the top corners to the middle.
  const flapY = top + (0.5 - Math.abs(x - 0.5)) * ((bottom - top) * 0.95);
  const onFlap = Math.abs(y - flapY) < stroke * 0.75;
  return inBody && !onFlap ? 1 : 2;
}

function draw(size: number, background: Rgb): Uint8Array {
  const samples = 4;
  const out = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let red = 0,
        white = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const s = shapeAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (s === 1) red++;
          else if (s === 2) white++;
        }
      }
      const covered = red + white;
      const i = (py * size + px) * 4;
      background.forEach((level, ch) => {
        out[i + ch] = covered === 0 ? 0 : Math.round((level * red + WHITE[ch as 0 | 1 | 2] * white) / covered);
      });
      out[i + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return out;
}

/** `art` drawn at `inner` px, centred in a transparent square of `size` px. */
function padded(size: number, inner: number, art: Uint8Array): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const offset = (size - inner) / 2;
  for (let y = 0; y < inner; y++) {
    out.set(art.subarray(y * inner * 4, (y + 1) * inner * 4), ((y + offset) * size + offset) * 4);
  }
  return out;
}

const STORE_ICON = { size: 128, artwork: 96 } as const;

const written: string[] = [];
for (const [name, colour, sizes] of [
  ['icon', RED, SIZES],
  ['icon-grey', GREY, [16, 32]],
] as const) {
  for (const size of sizes) {
    const file = `icons/${name}-${size}.png`;
    writeFileSync(new URL(`../../${file}`, import.meta.url), encodePng(size, draw(size, colour)));
    written.push(file);
  }
}
mkdirSync(new URL('../../store/', import.meta.url), { recursive: true });
const paddedIcon = encodePng(STORE_ICON.size, padded(STORE_ICON.size, STORE_ICON.artwork, draw(STORE_ICON.artwork, RED)));
for (const file of ['icons/icon-128.png', 'store/icon-128.png']) {
  writeFileSync(new URL(`../../${file}`, import.meta.url), paddedIcon);
  written.push(file);
}
console.log(`wrote ${written.join(', ')}`);

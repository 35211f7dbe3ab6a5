// Draws the app icons (a white heart on a rose gradient) as PNGs with zlib only; run once,
// the PNGs are committed under public/icons.
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';

type Pixel = (x: number, y: number) => number[];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, pixel: Pixel): Buffer {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) row.set(pixel(x, y), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Share of a pixel covered by the heart (x² + y² − 1)³ − x²y³ ≤ 0, 4×4 supersampled. */
function heartCoverage(size: number, x: number, y: number, scale: number): number {
  let inside = 0;
  for (let sy = 0; sy < 4; sy += 1) {
    for (let sx = 0; sx < 4; sx += 1) {
      const u = ((x + (sx + 0.5) / 4) / size - 0.5) / scale;
      const v = -((y + (sy + 0.5) / 4) / size - 0.55) / scale;
      const a = u * u + v * v - 1;
      if (a * a * a - u * u * v * v * v <= 0) inside += 1;
    }
  }
  return inside / 16;
}

function appIcon(size: number): Buffer {
  return png(size, (x, y) => {
    const t = (x + y) / (2 * size);
    const bg = [225 - 40 * t, 29 + 10 * t, 72 + 40 * t];
    const h = heartCoverage(size, x, y, 0.28);
    return bg.map((c) => Math.round(c * (1 - h) + 255 * h)).concat(255);
  });
}

function badge(size: number): Buffer {
  return png(size, (x, y) => [255, 255, 255, Math.round(255 * heartCoverage(size, x, y, 0.36))]);
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), appIcon(192));
writeFileSync(new URL('icon-512.png', out), appIcon(512));
writeFileSync(new URL('apple-touch-icon.png', out), appIcon(180));
writeFileSync(new URL('badge-72.png', out), badge(72));

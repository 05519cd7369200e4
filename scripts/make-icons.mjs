// Draws the app icons (PNG sizes and favicon.ico) from client/public/icon.svg with Chromium:
// `node scripts/make-icons.mjs` after changing the SVG. The outputs are committed.
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
const dir = new URL('../client/public/', import.meta.url).pathname;
const svg = readFileSync(dir + 'icon.svg', 'utf8');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const pngs = {};
for (const n of [32, 180, 192, 512]) {
  const p = await b.newPage({ viewport: { width: n, height: n } });
  await p.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${n}" height="${n}" `)}</body></html>`);
  pngs[n] = await p.screenshot({ omitBackground: true });
  await p.close();
}
await b.close();
writeFileSync(dir + 'icon-192.png', pngs[192]);
writeFileSync(dir + 'icon-512.png', pngs[512]);
writeFileSync(dir + 'apple-touch-icon.png', pngs[180]);
// favicon.ico: one 32×32 PNG inside an ICO directory (allowed since Windows Vista, read by every browser).
const png = pngs[32];
const head = Buffer.alloc(22);
head.writeUInt16LE(0, 0); head.writeUInt16LE(1, 2); head.writeUInt16LE(1, 4);
head.writeUInt8(32, 6); head.writeUInt8(32, 7); head.writeUInt8(0, 8); head.writeUInt8(0, 9);
head.writeUInt16LE(1, 10); head.writeUInt16LE(32, 12); head.writeUInt32LE(png.length, 14); head.writeUInt32LE(22, 18);
writeFileSync(dir + 'favicon.ico', Buffer.concat([head, png]));

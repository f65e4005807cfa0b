/**
 * npm run icons — the app icons in public/icons/, drawn from src/assets/logo.svg in Debian's Chromium.
 *
 * - icon-192.png, icon-512.png (purpose any): the logo itself, transparent around its rounded corners.
 * - icon-maskable-512.png: the logo inside the 80 % safe zone on a full-bleed #3F7ADB square, so a
 *   launcher's circle or squircle never cuts into it.
 * - apple-touch-icon-180.png: full-bleed (iOS fills transparency with black and rounds the corners itself).
 *
 * Run it again after the logo changes and commit the PNGs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOGO = readFileSync(`${ROOT}src/assets/logo.svg`, 'utf8');
const OUT = `${ROOT}public/icons/`;
const BRAND = '#3F7ADB';

/** size: the PNG's edge; logoShare: the part of it the logo takes; background: null for transparent. */
const ICONS = [
  { file: 'icon-192.png', size: 192, logoShare: 1, background: null },
  { file: 'icon-512.png', size: 512, logoShare: 1, background: null },
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.8, background: BRAND },
  { file: 'apple-touch-icon-180.png', size: 180, logoShare: 1, background: BRAND },
];

function html({ size, logoShare, background }) {
  const logo = Math.round(size * logoShare);
  const svg = LOGO.replace('<svg ', `<svg width="${logo}" height="${logo}" `);
  return `<!doctype html><html><head><style>
    html, body { margin: 0; padding: 0; background: transparent; }
    #icon { width: ${size}px; height: ${size}px; display: flex; align-items: center; justify-content: center;
            background: ${background ?? 'transparent'}; }
    svg { display: block; }
  </style></head><body><div id="icon">${svg}</div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(html(icon));
    const png = await page.locator('#icon').screenshot({ omitBackground: icon.background === null, type: 'png' });
    writeFileSync(OUT + icon.file, png);
    console.log(`public/icons/${icon.file}  ${icon.size}×${icon.size}  ${png.length} B`);
    await page.close();
  }
} finally {
  await browser.close();
}

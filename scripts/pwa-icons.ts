// Draws the installed app's icons (public/manifest.webmanifest) from the favicon's mark: PNG files,
// because home screens and the install prompt want bitmaps of fixed sizes. Chromium renders the SVG
// (no image library needed); the PNGs are committed, so run this again only when the mark changes.
//
//   npx tsx scripts/pwa-icons.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/chromium.ts";

const TEAL = "#0f766e";
// The "D" of public/favicon.svg, drawn on a 32-unit square.
const MARK = `<path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" stroke-width="3"/>`;

/**
 * `any`: the favicon as it is, a rounded square on transparency. `maskable`: the square to the edges
 * and the mark shrunk into the middle 80 % circle that every launcher's mask keeps. `apple`: square
 * to the edges (iOS rounds the corners itself), the mark as in `any`.
 */
function svg(kind: "any" | "maskable" | "apple", size: number): string {
  const background =
    kind === "any" ? `<rect width="32" height="32" rx="8" fill="${TEAL}"/>` : `<rect width="32" height="32" fill="${TEAL}"/>`;
  const mark = kind === "maskable" ? `<g transform="translate(16 16) scale(0.78) translate(-16.5 -16)">${MARK}</g>` : MARK;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${background}${mark}</svg>`;
}

const ICONS = [
  { file: "icon-192.png", kind: "any", size: 192 },
  { file: "icon-512.png", kind: "any", size: 512 },
  { file: "maskable-192.png", kind: "maskable", size: 192 },
  { file: "maskable-512.png", kind: "maskable", size: 512 },
  { file: "apple-touch-icon.png", kind: "apple", size: 180 },
] as const;

const outDir = path.resolve("public/icons");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.kind, icon.size)}</body></html>`);
    await page.screenshot({
      path: path.join(outDir, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}

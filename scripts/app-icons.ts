/**
 * Draws the web app's PNG icons (public/icons/, named in public/manifest.webmanifest) from the favicon's mark in
 * Debian's Chromium: `node --import tsx scripts/app-icons.ts`. Installability wants 192 and 512 pixel PNGs; the
 * maskable ones keep the mark inside the safe zone (the inner 80%) on the brand's night colour.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const MARK =
  '<circle cx="16" cy="16" r="16" fill="#ffb547"/><path d="M20.5 7.5a9.5 9.5 0 1 0 4 13.2A8 8 0 0 1 20.5 7.5z" fill="#1d1442"/>';

const icon = (size: number, maskable: boolean) => {
  const mark = maskable ? size * 0.6 : size;
  const offset = (size - mark) / 2;
  return `<html><body style="margin:0;background:${maskable ? "#1d1442" : "transparent"}">
    <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" style="display:block">
      <g transform="translate(${offset} ${offset}) scale(${mark / 32})">${MARK}</g>
    </svg></body></html>`;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const size of [192, 512]) {
    for (const maskable of [false, true]) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(icon(size, maskable));
      const file = `public/icons/icon-${size}${maskable ? "-maskable" : ""}.png`;
      writeFileSync(file, await page.screenshot({ omitBackground: !maskable }));
      await page.close();
      console.log(file);
    }
  }
} finally {
  await browser.close();
}

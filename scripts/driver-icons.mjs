// `node scripts/driver-icons.mjs`: draws the driver app's PNG icons (client/public/driver-icon-*.png)
// from the favicon's truck through Debian's Chromium. Run again only when the artwork changes.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const truck = readFileSync("client/public/favicon.svg", "utf8").replace(/<title>.*?<\/title>/, "");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const icons = [
  { file: "driver-icon-192.png", size: 192, inset: 0, rounded: true },
  { file: "driver-icon-512.png", size: 512, inset: 0, rounded: true },
  // Maskable: full-bleed background, the truck inside the 80 % safe zone.
  { file: "driver-icon-maskable-512.png", size: 512, inset: 0.12, rounded: false },
];
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const svg = icon.rounded ? truck : truck.replace('rx="14"', 'rx="0"');
  const pad = Math.round(icon.size * icon.inset);
  await page.setContent(
    `<body style="margin:0;background:#12355b"><div style="padding:${pad}px;width:${icon.size - 2 * pad}px;height:${icon.size - 2 * pad}px">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({ path: `client/public/${icon.file}`, omitBackground: icon.rounded });
  await page.close();
}
await browser.close();

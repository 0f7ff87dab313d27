import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";

/** Where browser tests leave their screenshots for people to look at (gitignored). */
export const SCREENSHOT_DIR = resolve("test/browser/screenshots");

/** Saves what the page shows now as test/browser/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** How far an element reaches past the bottom or right edge of the viewport (<= 0: inside it). */
export async function overhang(page: Page, selector: string): Promise<{ bottom: number; right: number }> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) throw new Error(`nothing matches ${css}`);
    const box = element.getBoundingClientRect();
    return { bottom: box.bottom - window.innerHeight, right: box.right - window.innerWidth };
  }, selector);
}

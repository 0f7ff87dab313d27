// Landing page weight and speed in headless Chromium against the real server (gzip on):
//   npx relay-compiler && npx vite build --config client/vite.config.ts && npx tsx bench/landing.ts [runs]
import type { Page } from "playwright-core";
import { openTab, startBrowserWorld } from "../test/support/browser.ts";

interface Run {
  initialJsBytes: number;
  initialJsFiles: number;
  initialAllBytes: number;
  domContentLoadedMs: number;
  loadMs: number;
  heroVisibleMs: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  contactJsBytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Bytes on the wire (gzip where the server compressed) of every response until now, by kind. */
function trackTransfers(page: Page) {
  const sizes: { url: string; type: string; bytes: number }[] = [];
  page.on("requestfinished", async (request) => {
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    sizes.push({
      url: request.url(),
      type: request.resourceType(),
      bytes: responseBodySize + responseHeadersSize,
    });
  });
  return sizes;
}

async function measure(world: Awaited<ReturnType<typeof startBrowserWorld>>): Promise<Run> {
  const { page, context } = await openTab(world);
  const sizes = trackTransfers(page);
  await page.goto("/", { waitUntil: "load" });
  await page.locator("#top h1").waitFor();
  const heroVisibleMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(async () => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const largest = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
      setTimeout(() => resolve(Number.NaN), 1000);
    });
    return {
      domContentLoaded: navigation.domContentLoadedEventEnd,
      load: navigation.loadEventEnd,
      paint,
      largest,
    };
  });
  const initial = [...sizes];
  const scripts = initial.filter((entry) => entry.type === "script");
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Submit" }).waitFor();
  await page.waitForLoadState("networkidle");
  const contactJsBytes = sizes
    .slice(initial.length)
    .filter((entry) => entry.type === "script")
    .reduce((sum, entry) => sum + entry.bytes, 0);
  await context.close();
  return {
    initialJsBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    initialJsFiles: scripts.length,
    initialAllBytes: initial.reduce((sum, entry) => sum + entry.bytes, 0),
    domContentLoadedMs: timing.domContentLoaded,
    loadMs: timing.load,
    heroVisibleMs,
    firstContentfulPaintMs: timing.paint,
    largestContentfulPaintMs: timing.largest,
    contactJsBytes,
  };
}

const runs = Number(process.argv[2] ?? 5);
const world = await startBrowserWorld();
try {
  await measure(world); // warms the server's gzip cache
  const results: Run[] = [];
  for (let index = 0; index < runs; index++) results.push(await measure(world));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const pick = (key: keyof Run) => median(results.map((run) => run[key]));
  console.log(`Landing page, median of ${runs} cold loads (1366x768, localhost, gzip):`);
  console.log(`  JavaScript transferred:  ${kb(pick("initialJsBytes"))} in ${pick("initialJsFiles")} files`);
  console.log(`  Everything transferred:  ${kb(pick("initialAllBytes"))}`);
  console.log(`  DOMContentLoaded:        ${pick("domContentLoadedMs").toFixed(0)} ms`);
  console.log(`  load event:              ${pick("loadMs").toFixed(0)} ms`);
  console.log(`  first contentful paint:  ${pick("firstContentfulPaintMs").toFixed(0)} ms`);
  console.log(`  largest contentful paint: ${pick("largestContentfulPaintMs").toFixed(0)} ms`);
  console.log(
    `  hero heading in the DOM: ${pick("heroVisibleMs").toFixed(0)} ms (as seen by the test driver)`,
  );
  console.log(`  contact form (on scroll): +${kb(pick("contactJsBytes"))} JavaScript`);
} finally {
  await world.close();
}

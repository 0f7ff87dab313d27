// Landing page weight and speed in headless Chromium against the real server (gzip on), without and
// with 4x CPU throttling (Chrome DevTools' CPU slowdown):
//   npx relay-compiler && npx vite build --config client/vite.config.ts && npx tsx bench/landing.ts [runs]
// BASELINE_DIST=<another build's client/dist> measures that build too, interleaved, and prints ratios.
import type { Page } from "playwright-core";
import { openTab, startBrowserWorld } from "../test/support/browser.ts";
import { machineLoad, median } from "./processes.ts";

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

type World = Awaited<ReturnType<typeof startBrowserWorld>>;

async function measure(world: World, cpuSlowdown: number): Promise<Run> {
  const { page, context } = await openTab(world);
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
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
const baselineDist = process.env.BASELINE_DIST;
const worlds: [string, World][] = [["this build", await startBrowserWorld()]];
if (baselineDist) worlds.push(["baseline", await startBrowserWorld({ clientDistDir: baselineDist })]);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
try {
  for (const [, world] of worlds) await measure(world, 1); // warms the server's gzip cache
  console.log(`${machineLoad()}; median of ${runs} cold loads each (1366x768, localhost, gzip)`);
  for (const slowdown of [1, 4]) {
    const results = new Map<string, Run[]>(worlds.map(([name]) => [name, []]));
    for (let index = 0; index < runs; index++) {
      for (const [name, world] of worlds) results.get(name)?.push(await measure(world, slowdown));
    }
    const picked = (name: string, key: keyof Run) => median((results.get(name) ?? []).map((run) => run[key]));
    const ratio = (key: keyof Run) =>
      baselineDist
        ? `   (${(picked("this build", key) / picked("baseline", key)).toFixed(2)}x baseline)`
        : "";
    for (const [name] of worlds) {
      const pick = (key: keyof Run) => picked(name, key);
      console.log(`\n${name}, CPU ${slowdown}x slower:`);
      console.log(
        `  JavaScript transferred:  ${kb(pick("initialJsBytes"))} in ${pick("initialJsFiles")} files${name === "this build" ? ratio("initialJsBytes") : ""}`,
      );
      console.log(`  Everything transferred:  ${kb(pick("initialAllBytes"))}`);
      console.log(`  DOMContentLoaded:        ${pick("domContentLoadedMs").toFixed(0)} ms`);
      console.log(`  load event:              ${pick("loadMs").toFixed(0)} ms`);
      console.log(`  first contentful paint:  ${pick("firstContentfulPaintMs").toFixed(0)} ms`);
      console.log(
        `  largest contentful paint: ${pick("largestContentfulPaintMs").toFixed(0)} ms${name === "this build" ? ratio("largestContentfulPaintMs") : ""}`,
      );
      console.log(
        `  hero heading in the DOM: ${pick("heroVisibleMs").toFixed(0)} ms (as seen by the test driver)`,
      );
      console.log(`  contact form (on scroll): +${kb(pick("contactJsBytes"))} JavaScript`);
    }
  }
  console.log(`\nafter: ${machineLoad()}`);
} finally {
  for (const [, world] of worlds) await world.close();
}

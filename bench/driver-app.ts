// The driver PWA's weight and start on a phone (issue #30):
//   npx relay-compiler && NODE_ENV=production npx vite build --config client/vite.config.ts && npx tsx bench/driver-app.ts [runs]
// Prints the driver bundle's size (what driver.html loads: JavaScript and CSS, gzip, as built) and,
// for `runs` (5) cold loads on a throttled phone profile (390 x 844, 4x CPU slowdown, "Slow 4G":
// 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), the median time to interactive of the trip screen
// opened from its trip link and of the sign-in screen. Time to interactive here: the screen's
// first control is in the page and the main thread then stays free of long tasks (> 50 ms) for
// one second (the end of the last long task before that quiet second, when later than the control).
import "./production-mode.ts";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { adminAndCarrier, createTestApp, rest } from "../test/support/app.ts";
import { CLIENT_DIST, launchBrowser, PHONE } from "../test/support/browser.ts";
import { acceptedLoad } from "../test/support/offers.ts";
import { machineLoad, median } from "./processes.ts";

const runs = Number(process.argv[2] ?? 5);
const QUIET_MS = 1_000;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

function bundleSize(): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(join(CLIENT_DIST, "driver.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/driver-[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1],
  );
  let raw = 0;
  let gzip = 0;
  for (const file of ["/driver.html", ...files]) {
    const bytes = readFileSync(join(CLIENT_DIST, file));
    raw += statSync(join(CLIENT_DIST, file)).size;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

async function timeToInteractive(
  browser: Browser,
  url: string,
  control: string,
): Promise<{ tti: number; control: number }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(() => {
      const seen = window as unknown as { longTaskEnds: number[] };
      seen.longTaskEnds = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.longTaskEnds.push(entry.startTime + entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.enable");
    await devtools.send("Network.emulateNetworkConditions", SLOW_4G);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "commit" });
    await page.locator(control).first().waitFor({ timeout: 60_000 });
    const controlAt = await page.evaluate(() => performance.now());
    // Wait for one quiet second after the control showed.
    for (;;) {
      await page.waitForTimeout(250);
      const { now, last } = await page.evaluate(() => {
        const ends = (window as unknown as { longTaskEnds: number[] }).longTaskEnds;
        return { now: performance.now(), last: ends.length ? Math.max(...ends) : 0 };
      });
      if (now - Math.max(last, controlAt) >= QUIET_MS)
        return { tti: Math.max(last, controlAt), control: controlAt };
    }
  } finally {
    await context.close();
  }
}

const size = bundleSize();
console.log(
  `driver bundle (driver.html + ${size.files.length} files): ${(size.raw / 1024).toFixed(1)} KB, gzip ${(size.gzip / 1024).toFixed(1)} KB`,
);
for (const file of size.files) console.log(`  ${file}`);

const testApp = await createTestApp({ clientDistDir: CLIENT_DIST, host: "127.0.0.1" });
const browser = await launchBrowser();
try {
  const accounts = await adminAndCarrier(testApp.app);
  const { load, winner } = await acceptedLoad(testApp.app, accounts.adminSession.token);
  const dispatched = await rest<{ tripUrl: string }>(
    testApp.app,
    "POST",
    `/loads/${load.loadId}/dispatch`,
    { driverName: "Bench Driver", driverPhone: "(201) 555-0142" },
    { token: winner.session.token },
  );
  const tripPath = new URL(dispatched.body.tripUrl).pathname;
  const base = await testApp.app.start(0);
  const screens = [
    { name: "trip from its link", url: `${base}${tripPath}`, control: "article.stop button" },
    { name: "sign-in", url: `${base}/driver`, control: "form button[type=submit]" },
  ];
  console.log(`throttled phone: 4x CPU, Slow 4G; ${runs} cold loads each; ${machineLoad()}`);
  for (const screen of screens) {
    const samples: { tti: number; control: number }[] = [];
    for (let run = 0; run < runs; run++)
      samples.push(await timeToInteractive(browser, screen.url, screen.control));
    console.log(
      `${screen.name}: time to interactive median ${Math.round(median(samples.map((sample) => sample.tti)))} ms ` +
        `(first control ${Math.round(median(samples.map((sample) => sample.control)))} ms; ` +
        `runs ${samples.map((sample) => Math.round(sample.tti)).join(", ")})`,
    );
  }
} finally {
  await browser.close();
  await testApp.close();
}

// Where a first screen's time goes until its first data row (issue 27): one cold load in headless
// Chromium with a V8 CPU profile, against the production build (bench/first-screen-server.ts):
//   npx tsx bench/first-screen-profile.ts [admin|carrier] [cpu slowdown]
// Prints the network timeline (scripts and GraphQL operations, ms after navigation), the main
// thread's busy time before the row, and self time by source module (through the build's source
// maps when it has them: `vite build --sourcemap`) and by function.
import "./production-mode.ts";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SourceMapConsumer } from "source-map-js";
import { DESKTOP, launchBrowser } from "../test/support/browser.ts";
import { machineLoad, startServerProcess } from "./processes.ts";

const who = (process.argv[2] ?? "admin") as "admin" | "carrier";
const slowdown = Number(process.argv[3] ?? 1);
const dist = process.env.FIRST_SCREEN_DIST ?? "client/dist";
const screens = {
  admin: { path: "/admin/ila/load", role: "ADMIN", rows: 'table[aria-label="Loads"] tbody tr' },
  carrier: { path: "/carrier/carrier-portal/active-offers", role: "CARRIER", rows: "main table tbody tr" },
} as const;
const screen = screens[who];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = join(dist, new URL(url).pathname);
    maps.set(
      url,
      existsSync(`${file}.map`)
        ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8")))
        : null,
    );
  }
  return maps.get(url) ?? null;
}

function moduleOf(source: string): string {
  const parts = source.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return source.replace(/^(\.\.\/)+/, "");
  const inner = (parts.at(-1) ?? "").split("/");
  if (inner[0] === "@mui") return inner.slice(0, 3).join("/");
  return inner[0]?.startsWith("@") ? `${inner[0]}/${inner[1]}` : (inner[0] ?? source);
}

function where(frame: ProfileNode["callFrame"]): { module: string; fn: string } {
  if (!frame.url.startsWith("http")) return { module: frame.functionName || frame.url || "(native)", fn: "" };
  const original = mapOf(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  const module = original?.source ? moduleOf(original.source) : new URL(frame.url).pathname;
  return {
    module,
    fn: `${original?.name ?? frame.functionName ?? "(anonymous)"} ${module}:${original?.line ?? ""}`,
  };
}

const server = await startServerProcess("first-screen-server.ts");
const browser = await launchBrowser();
try {
  const session = await server.ask<{ token: string; role: string }>("login", { role: screen.role });
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(({ token, role }) => {
    window.localStorage.setItem("accessToken", token);
    window.localStorage.setItem("userRole", role);
  }, session);
  await context.addInitScript((selector) => {
    const seen = window as unknown as { firstRowAt?: number };
    const observer = new MutationObserver(() => {
      const row = document.querySelector(selector);
      if (row && row.getBoundingClientRect().height > 0 && row.textContent?.includes("L-")) {
        seen.firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, screen.rows);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: 200 });
  await devtools.send("Profiler.start");
  await page.goto(`${server.url}${screen.path}`, { waitUntil: "commit" });
  await page.waitForFunction(() => (window as { firstRowAt?: number }).firstRowAt !== undefined, null, {
    timeout: 60_000,
  });
  const { profile } = (await devtools.send("Profiler.stop")) as unknown as { profile: Profile };
  const timeline = await page.evaluate(() => ({
    firstRowAt: (window as unknown as { firstRowAt: number }).firstRowAt,
    resources: performance.getEntriesByType("resource").map((entry) => {
      const resource = entry as PerformanceResourceTiming;
      return {
        name: resource.name,
        start: resource.startTime,
        end: resource.responseEnd,
        type: resource.initiatorType,
      };
    }),
  }));
  console.log(`${machineLoad()}; ${who} ${screen.path}, CPU ${slowdown}x`);
  console.log(`first row visible at ${timeline.firstRowAt.toFixed(0)} ms; network (start-end ms):`);
  for (const resource of timeline.resources.filter((entry) => entry.start <= timeline.firstRowAt)) {
    const name = new URL(resource.name).pathname;
    console.log(
      `  ${resource.start.toFixed(0).padStart(5)}-${resource.end.toFixed(0).padEnd(5)} ${resource.type.padEnd(6)} ${name}`,
    );
  }
  // The profile runs from just before the navigation to just after the row showed.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByModule = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const busyByWindow: number[] = [];
  let busy = 0;
  let total = 0;
  for (const [index, sample] of profile.samples.entries()) {
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    const node = byId.get(sample);
    if (!node || node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)")
      continue;
    busy += delta;
    const window = Math.floor(total / 100_000);
    busyByWindow[window] = (busyByWindow[window] ?? 0) + delta;
    const { module, fn } = where(node.callFrame);
    selfByModule.set(module, (selfByModule.get(module) ?? 0) + delta);
    if (fn) selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + delta);
  }
  console.log(
    `\nmain thread busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms profiled`,
  );
  // When the main thread worked (profile time, which starts just before the navigation).
  console.log(
    `busy ms per 100 ms: ${Array.from(busyByWindow, (micros, index) => `${index * 100}:${((micros ?? 0) / 1000).toFixed(0)}`).join(" ")}`,
  );
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}:`);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`  ${(micros / 1000).toFixed(1).padStart(7)} ms  ${name}`);
    }
  };
  print("self time by module", selfByModule);
  print("self time by function", selfByFn);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

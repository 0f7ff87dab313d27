// Lighthouse (desktop preset) on the landing page and the admin load list, against a production
// server with the built client; Lighthouse itself runs from the registry, not from package.json:
//   npx relay-compiler && NODE_ENV=production npx vite build --config client/vite.config.ts && npx tsx bench/first-screen-lighthouse.ts
// The load list needs a signed-in browser: a Chromium profile gets the session in local storage
// first, and Lighthouse runs in that profile without resetting its storage.
// FIRST_SCREEN_DIST=<another build's client/dist> measures that build instead (bench/first-screen-server.ts).
import "./production-mode.ts";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/support/browser.ts";
import { machineLoad, startServerProcess } from "./processes.ts";

const server = await startServerProcess("first-screen-server.ts");
const profile = mkdtempSync(join(tmpdir(), "freightway-lighthouse-"));
try {
  const { token, role } = await server.ask<{ token: string; role: string }>("login", { role: "ADMIN" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.evaluate(
    ([token, role]) => {
      localStorage.setItem("accessToken", token);
      localStorage.setItem("userRole", role);
    },
    [token, role],
  );
  await context.close();
  console.log(machineLoad());
  // The landing page signed out (signed in, "/" goes to the user's home), the load list signed in.
  for (const [path, signedIn] of [
    ["/", false],
    ["/admin/ila/load", true],
  ] as const) {
    const output = join(profile, "report.json");
    execFileSync(
      "npx",
      [
        "--yes",
        "lighthouse@12",
        `${server.url}${path}`,
        `--chrome-path=${CHROMIUM_PATH}`,
        "--preset=desktop",
        "--only-categories=performance",
        "--disable-storage-reset",
        "--output=json",
        `--output-path=${output}`,
        "--quiet",
        `--chrome-flags=--headless=new --no-sandbox${signedIn ? ` --user-data-dir=${profile}` : ""}`,
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    const report = JSON.parse(readFileSync(output, "utf8"));
    const audit = (id: string) => report.audits[id]?.displayValue ?? "?";
    console.log(
      `${path.padEnd(18)} performance ${Math.round(report.categories.performance.score * 100)} (target >= 90); ` +
        `FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, ` +
        `TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}; final URL ${report.finalDisplayedUrl}`,
    );
  }
} finally {
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}

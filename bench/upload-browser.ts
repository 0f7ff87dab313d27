// Bulk upload through the real screen in headless Chromium, against the real server:
//   npx relay-compiler && npx vite build --config client/vite.config.ts && npx tsx bench/upload-browser.ts [rows] [runs]
// (TEST_DATABASE=postgres for PostgreSQL). Each run starts from an empty database with the list open,
// picks a CSV of `rows` loads (default 30,000, about 4.7 MB) in the 'Manual update' dialog and times:
//   parse   – file chosen until the preview shows the row count (papaparse in a Web Worker);
//   upload  – click on Upload until the dialog has closed and the list shows the new loads;
//   of which: before (click to request start: building and encoding the request), request (sent to
//   answer received: transfer and the server's work) and after (answer to list refreshed).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Request } from "playwright-core";
import { createUser } from "../test/support/app.ts";
import { loginThroughForm, openTab, startBrowserWorld } from "../test/support/browser.ts";
import { CSV_HEADERS, loadRows, ms, toCsv } from "./fixtures.ts";

const rowCount = Number(process.argv[2] ?? 30_000);
const runs = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(join(tmpdir(), "freightway-upload-bench-"));
const file = join(dir, "loads.csv");
const csv = toCsv(CSV_HEADERS, loadRows(rowCount));
writeFileSync(file, csv);
const countText = rowCount.toLocaleString("en-US");
console.log(`${countText} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB of CSV, ${runs} runs`);

interface Run {
  parse: number;
  upload: number;
  before: number;
  request: number;
  after: number;
  requestBytes: number;
  seen: string[];
}

async function measure(): Promise<Run> {
  const world = await startBrowserWorld();
  try {
    await createUser(world.app, { email: "bench-admin@example.com", role: "ADMIN" });
    const { page, context, errors } = await openTab(world);
    await loginThroughForm(page, "bench-admin@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.getByText("No loads found.").waitFor();

    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    // Waits below check on every animation frame: Playwright's own waits poll up to 500 ms apart.
    const until = (check: (expected: string) => boolean, expected: string) =>
      page.waitForFunction(check, expected, { polling: "raf", timeout: 120_000 });
    const parseStart = performance.now();
    await dialog.getByLabel("Choose files").setInputFiles(file);
    await until(
      (expected) => document.querySelector('[data-testid="upload-row-count"]')?.textContent === expected,
      `${countText} rows in 1 file`,
    );
    const parse = performance.now() - parseStart;

    let uploadRequest: Request | null = null;
    page.on("request", (request) => {
      const body = request.postData() ?? "";
      if (request.url().endsWith("/graphql") && body.includes("useUploadLoadsMutation"))
        uploadRequest = request;
    });
    // What the operator sees meanwhile (the button's text, the progress line), noted without waiting.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seenWhileUploading: Set<string> }).seenWhileUploading = seen;
      new MutationObserver(() => {
        const dialog = document.querySelector('[role="dialog"]');
        for (const element of dialog?.querySelectorAll("button, [role=status] p") ?? []) {
          const text = element.textContent ?? "";
          if (text === "Uploading...") seen.add(text);
          if (text.startsWith("Sending")) seen.add("Sending: n%");
          if (text.startsWith("Saving the loads")) seen.add(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const uploadStart = performance.now();
    const clickedAt = Date.now();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await until(
      (expected) =>
        !document.querySelector('[role="dialog"]') &&
        (document.querySelector('[data-testid="load-count"]')?.textContent ?? "").includes(expected) &&
        (document.querySelector('[data-testid="last-update"]')?.textContent ?? "").includes("just now"),
      `1–50 of ${countText} loads`,
    );
    const upload = performance.now() - uploadStart;
    const seen = await page.evaluate(() => [
      ...(window as unknown as { seenWhileUploading: Set<string> }).seenWhileUploading,
    ]);

    const request = uploadRequest as Request | null;
    if (!request) throw new Error("The upload request was not seen");
    const timing = request.timing();
    // startTime is wall-clock; the phases below are relative to it.
    const before = timing.startTime + timing.requestStart - clickedAt;
    const requestMs = timing.responseEnd - timing.requestStart;
    const requestBytes = (await request.sizes()).requestBodySize;
    if (errors.length) throw new Error(`Page errors: ${errors.join("; ")}`);
    await context.close();
    return {
      parse,
      upload,
      before,
      request: requestMs,
      after: upload - before - requestMs,
      requestBytes,
      seen,
    };
  } finally {
    await world.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results: Run[] = [];
for (let run = 1; run <= runs; run++) {
  const result = await measure();
  results.push(result);
  console.log(
    `run ${run}: parse ${ms(result.parse)}, click→list refreshed ${ms(result.upload)} = before ${ms(result.before)} + request ${ms(result.request)} (${(result.requestBytes / 1024 / 1024).toFixed(2)} MB) + after ${ms(result.after)}; shown: ${result.seen.join(" / ")}`,
  );
}
console.log(
  `median: parse ${ms(median(results.map((r) => r.parse)))}, click→list refreshed ${ms(median(results.map((r) => r.upload)))} (before ${ms(median(results.map((r) => r.before)))}, request ${ms(median(results.map((r) => r.request)))}, after ${ms(median(results.map((r) => r.after)))})`,
);
rmSync(dir, { recursive: true, force: true });

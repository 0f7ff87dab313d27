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
    const parseStart = performance.now();
    await dialog.getByLabel("Choose files").setInputFiles(file);
    await dialog
      .getByTestId("upload-row-count")
      .filter({ hasText: `${countText} rows in 1 file` })
      .waitFor({
        timeout: 120_000,
      });
    const parse = performance.now() - parseStart;

    let uploadRequest: Request | null = null;
    page.on("request", (request) => {
      if (
        request.url().endsWith("/graphql") &&
        (request.postData() ?? "").includes("useUploadLoadsMutation")
      ) {
        uploadRequest = request;
      }
    });
    const uploadStart = performance.now();
    const clickedAt = Date.now();
    await dialog.getByRole("button", { name: "Upload" }).click();
    // What the operator sees meanwhile: the button's text and the progress line.
    await dialog.getByRole("button", { name: "Uploading..." }).waitFor();
    await dialog.getByText(/^(Sending: \d+%|Saving the loads on the server…)$/).waitFor();
    await dialog.waitFor({ state: "hidden", timeout: 120_000 });
    await page
      .getByTestId("load-count")
      .filter({ hasText: `1–50 of ${countText} loads` })
      .waitFor();
    await page.getByTestId("last-update").filter({ hasText: "just now" }).waitFor();
    const upload = performance.now() - uploadStart;

    const request = uploadRequest as Request | null;
    if (!request) throw new Error("The upload request was not seen");
    const timing = request.timing();
    // startTime is wall-clock; the phases below are relative to it.
    const before = timing.startTime + timing.requestStart - clickedAt;
    const requestMs = timing.responseEnd - timing.requestStart;
    const requestBytes = (await request.sizes()).requestBodySize;
    if (errors.length) throw new Error(`Page errors: ${errors.join("; ")}`);
    await context.close();
    return { parse, upload, before, request: requestMs, after: upload - before - requestMs, requestBytes };
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
    `run ${run}: parse ${ms(result.parse)}, click→list refreshed ${ms(result.upload)} = before ${ms(result.before)} + request ${ms(result.request)} (${(result.requestBytes / 1024 / 1024).toFixed(2)} MB) + after ${ms(result.after)}`,
  );
}
console.log(
  `median: parse ${ms(median(results.map((r) => r.parse)))}, click→list refreshed ${ms(median(results.map((r) => r.upload)))} (before ${ms(median(results.map((r) => r.before)))}, request ${ms(median(results.map((r) => r.request)))}, after ${ms(median(results.map((r) => r.after)))})`,
);
rmSync(dir, { recursive: true, force: true });

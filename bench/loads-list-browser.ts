// The load list screen at scale, in headless Chromium against the real server:
//   npx relay-compiler && npx vite build --config client/vite.config.ts && npx tsx bench/loads-list-browser.ts [loads]
// (default 100,000 loads; TEST_DATABASE=postgres for PostgreSQL). Times what an operator waits for:
// the list opening, a jump to the last page, a search, a column sort and a status filter, each
// until the table shows the answer. Each step is repeated and the median printed.
import type { Page } from "playwright-core";
import { planColumns } from "../common/loads/upload-columns.ts";
import { runWriteTransaction } from "../server/db/bulk.ts";
import { providerOf } from "../server/db/client.ts";
import { parseUploadRows } from "../server/loads/upload/rows.ts";
import { sourceOfRows, writeUpload } from "../server/loads/upload/write.ts";
import { createUser } from "../test/support/app.ts";
import { loginThroughForm, openTab, startBrowserWorld } from "../test/support/browser.ts";
import { CSV_HEADERS, loadRows, ms } from "./fixtures.ts";

const loadCount = Number(process.argv[2] ?? 100_000);
const REPEATS = Number(process.env.REPEATS ?? 5);
const total = loadCount.toLocaleString("en-US");
const pageCount = Math.ceil(loadCount / 50);

const world = await startBrowserWorld();
try {
  const admin = await createUser(world.app, { email: "bench-admin@example.com", role: "ADMIN" });
  const { db } = world.app.deps;
  const parsed = parseUploadRows(planColumns(CSV_HEADERS), loadRows(loadCount, 1, 7, 2000), "UTC");
  await runWriteTransaction(db, world.database.url, () =>
    writeUpload({
      provider: providerOf(world.database.url),
      batchId: "bench",
      actor: { id: admin.id, ip: null },
      stream: "USPS",
      fileNames: [],
      source: sourceOfRows(parsed.rows),
      now: new Date(),
    }),
  );
  console.log(`${(await db.load.count()).toLocaleString("en-US")} loads`);

  const { page, errors } = await openTab(world);
  if (process.env.DEBUG) {
    page.on("requestfinished", (request) => {
      const operation = /"operationName":"(\w+)"/.exec(request.postData() ?? "")?.[1];
      const { requestStart, responseEnd } = request.timing();
      console.log(
        `  ${operation ?? request.url().replace(world.baseUrl, "")} ${ms(responseEnd - requestStart)}`,
      );
    });
  }
  await loginThroughForm(page, "bench-admin@example.com");
  await page.waitForURL("**/admin/ila/load");
  // Checked on every animation frame: Playwright's own waits poll up to 500 ms apart.
  const count = (text: string) => ({
    waitFor: (options: { timeout?: number } = {}) =>
      page.waitForFunction(
        (expected) =>
          document.querySelector('[data-testid="load-count"]')?.textContent?.includes(expected) ?? false,
        text,
        { polling: "raf", timeout: options.timeout ?? 30_000 },
      ),
  });
  const settled = () =>
    page.waitForFunction(
      () => document.querySelector('table[aria-label="Loads"]')?.getAttribute("aria-busy") === "false",
      null,
      {
        polling: "raf",
      },
    );
  await count(`of ${total} loads`).waitFor({ timeout: 60_000 });

  async function time(
    label: string,
    prepare: (page: Page) => Promise<void>,
    act: (page: Page) => Promise<void>,
  ) {
    const samples: number[] = [];
    for (let run = 0; run < REPEATS; run++) {
      await prepare(page);
      const started = performance.now();
      await act(page);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    console.log(`${label.padEnd(44)} median ${ms(samples[Math.floor(samples.length / 2)]).padStart(9)}`);
  }

  const openList = async () => {
    await page.goto("/admin/ila/load");
    await count(`of ${total} loads`).waitFor();
  };
  const search = page.getByRole("searchbox", { name: "Search loads" });
  const pager = page.getByRole("navigation", { name: "Load pages" });

  await time(
    "open the list (page load to 50 rows shown)",
    async () => {},
    async () => openList(),
  );
  await time("jump to the last page", openList, async () => {
    await pager.getByRole("button", { name: `Page ${pageCount}` }).click();
    await count(`${((pageCount - 1) * 50 + 1).toLocaleString("en-US")}–`).waitFor();
  });
  await time("search 'usps-00123' (typed; 300 ms debounce incl.)", openList, async () => {
    await search.fill("usps-00123");
    await count("1–50 of 100 loads").waitFor();
  });
  await time("sort by Pickup Date (header click)", openList, async () => {
    await page.getByRole("table", { name: "Loads" }).getByRole("button", { name: "Pickup Date" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "PICKUP_DATE");
    await settled();
  });
  await time("filter status Delivered (Apply to rows)", openList, async () => {
    await page.getByRole("button", { name: "Filter" }).click();
    const dialog = page.getByRole("dialog", { name: "Filter loads" });
    await dialog.getByLabel("Delivered").check();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "delivered");
    await settled();
  });
  if (errors.length) throw new Error(`Page errors: ${errors.join("; ")}`);
} finally {
  await world.close();
}

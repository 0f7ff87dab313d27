import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { seedLoadRows, uploadLoads } from "../support/loads.ts";

let world: BrowserWorld;
let admin: Tab;
const files = mkdtempSync(join(tmpdir(), "freightway-loads-"));

/** A file for the upload dialog's file input. */
function csvFile(name: string, lines: string[]): string {
  const path = join(files, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

beforeAll(async () => {
  world = await startBrowserWorld();
  // Seeding uses its own admin, so the browser's login does not end its session.
  await createUser(world.app, { email: "seeder@example.com", role: "ADMIN" });
  const seeder = await loginAs(world.app, "seeder@example.com");
  await uploadLoads(world.app, seeder.token, seedLoadRows(120));
  const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000);
  await world.app.deps.db.uploadBatch.updateMany({ data: { createdAt: threeHoursAgo } });
  await world.app.deps.db.load.updateMany({ data: { createdAt: threeHoursAgo } });

  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

const table = (page: Page) => page.getByRole("table", { name: "Loads" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const loadIds = (page: Page) => table(page).locator("tbody tr td:first-child").allTextContents();

/** Waits until the table settles on these first load ids (a search or page change is a transition). */
async function waitForFirstIds(page: Page, ids: string[]) {
  await page.waitForFunction((expected) => {
    const cells = [...document.querySelectorAll('table[aria-label="Loads"] tbody tr td:first-child')];
    return expected.every((id, index) => cells[index]?.textContent === id);
  }, ids);
}

async function waitForCount(page: Page, text: string) {
  await page.getByTestId("load-count").filter({ hasText: text }).waitFor();
}

describe("load list", () => {
  it("shows USPS, the last update, the spec's columns and 50 loads a page", async () => {
    const { page } = admin;
    await page.getByRole("heading", { name: "ILA / Load" }).waitFor();
    await expect(page.getByTestId("load-list-carrier").textContent()).resolves.toBe("USPS");
    await expect(page.getByTestId("last-update").textContent()).resolves.toBe("Last update: 3 hours ago");
    await waitForCount(page, "1–50 of 120 loads");
    const headers = await table(page).locator("thead th").allTextContents();
    expect(headers).toEqual([
      "Load ID",
      "Route",
      "Customers",
      "Carrier",
      "Status",
      "Pickup Date",
      "Delivery Date",
      "Stage",
      "Actions",
    ]);
    await expect.poll(() => bodyRows(page).count()).toBe(50);
    await expect(page.getByPlaceholder("Search loads…").isVisible()).resolves.toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const firstLink = table(page)
      .getByRole("link", { name: /^SEED-\d{4}$/ })
      .first();
    const firstId = await firstLink.textContent();
    await expect(firstLink.getAttribute("href")).resolves.toBe(`/admin/ila/load/${firstId}`);
  });

  it("links each load's tracking: its tracked route, else its tracking link, else a dash", async () => {
    const { page } = admin;
    // R00002's truck reports positions; R00004's does not (a dash, like no route at all).
    await world.app.deps.db.route.update({
      where: { routeNumber: "R00002" },
      data: { lastPositionAt: new Date(), lastLat: 41.8, lastLng: -87.6 },
    });
    await page.goto("/admin/ila/load?q=SEED-000");
    await waitForCount(page, "1–9 of 9 loads");
    const rowOf = (id: string) =>
      bodyRows(page).filter({ has: page.getByRole("link", { name: id, exact: true }) });
    await expect(
      rowOf("SEED-0002").getByRole("link", { name: "Track load SEED-0002" }).getAttribute("href"),
    ).resolves.toBe("/admin/ila/tracking/R00002");
    await expect(
      rowOf("SEED-0003")
        .getByRole("link", { name: /Track load SEED-0003/ })
        .getAttribute("href"),
    ).resolves.toBe("https://track.example.com/3");
    await expect(rowOf("SEED-0001").locator("td").last().textContent()).resolves.toBe("—");
    await expect(rowOf("SEED-0004").locator("td").last().textContent()).resolves.toBe("—");
    await expect(rowOf("SEED-0002").locator("td").nth(1).textContent()).resolves.toBe("R00002");
    await expect(rowOf("SEED-0003").locator("td").nth(2).textContent()).resolves.toBe("Acme Freight");
    await expect(rowOf("SEED-0004").locator("td").nth(4).textContent()).resolves.toBe("Delivered");
    await expect(rowOf("SEED-0004").locator("td").nth(5).textContent()).resolves.toBe("01/04/2026 03:00 EST");
    await expect(rowOf("SEED-0004").locator("td").nth(6).textContent()).resolves.toBe("02/04/2026 12:30 EST");
  });

  it("searches load ids by contained text, any case, and says when nothing matches", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await waitForCount(page, "of 120 loads");
    await page.getByRole("searchbox", { name: "Search loads" }).fill("ed-011");
    await waitForCount(page, "1–10 of 10 loads");
    expect((await loadIds(page)).every((id) => id.startsWith("SEED-011"))).toBe(true);
    expect(new URL(page.url()).searchParams.get("q")).toBe("ed-011");

    await page.getByRole("searchbox", { name: "Search loads" }).fill("no-such-load");
    await page.getByText("No loads found.").waitFor();
    await waitForCount(page, "0 of 0 loads");
    await page.getByRole("searchbox", { name: "Search loads" }).fill("");
    await waitForCount(page, "1–50 of 120 loads");
  });

  it("pages through the loads: first, last, current and neighbouring page numbers", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await waitForCount(page, "1–50 of 120 loads");
    const pager = page.getByRole("navigation", { name: "Load pages" });
    await expect(pager.getByRole("button", { name: /^Page \d+$/ }).allTextContents()).resolves.toEqual([
      "1",
      "2",
      "3",
    ]);
    const firstPage = await loadIds(page);
    await pager.getByRole("button", { name: "Page 3" }).click();
    await waitForCount(page, "101–120 of 120 loads");
    await expect.poll(() => bodyRows(page).count()).toBe(20);
    await expect(pager.getByRole("button", { name: "Page 3" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    const thirdPage = await loadIds(page);
    expect(thirdPage.some((id) => firstPage.includes(id))).toBe(false);
    await pager.getByRole("button", { name: "Previous page" }).click();
    await waitForCount(page, "51–100 of 120 loads");
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
  });

  it("goes back to page 1 when the page no longer exists", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load?page=9");
    await waitForCount(page, "1–50 of 120 loads");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
  });

  it("sorts by any column, both ways, from the headers and the Sort menu", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await waitForCount(page, "1–50 of 120 loads");
    await table(page).getByRole("button", { name: "Load ID" }).click();
    await waitForFirstIds(page, ["SEED-0001", "SEED-0002", "SEED-0003"]);
    await table(page).getByRole("button", { name: "Load ID" }).click();
    await waitForFirstIds(page, ["SEED-0120", "SEED-0119"]);

    // One pick sets field and direction together.
    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Pickup Date, ascending" }).click();
    // Pickup days cycle 1..28: the 1st of January holds SEED-0001, -0029, -0057, -0085, -0113.
    await waitForFirstIds(page, ["SEED-0001", "SEED-0029", "SEED-0057", "SEED-0085", "SEED-0113"]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("PICKUP_DATE");
    expect(new URL(page.url()).searchParams.get("dir")).toBe("asc");
    await page.getByRole("button", { name: "Sort" }).click();
    await expect(
      page.getByRole("menuitemradio", { name: "Pickup Date, ascending" }).getAttribute("aria-checked"),
    ).resolves.toBe("true");
    await page.getByRole("menuitemradio", { name: "Customers, descending" }).click();
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('table[aria-label="Loads"] tbody tr td:nth-child(3)')];
      return cells.length === 50 && cells.every((cell) => cell.textContent === "USPS");
    });
    expect(new URL(page.url()).searchParams.get("dir")).toBe("desc");
    await expect(
      table(page).locator("thead th").filter({ hasText: "Customers" }).getAttribute("aria-sort"),
    ).resolves.toBe("descending");
    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Newest upload first" }).click();
    await page.waitForURL((url) => !url.searchParams.has("sort"));
  });

  it("filters by status, mode and pickup dates", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await waitForCount(page, "1–50 of 120 loads");
    await page.getByRole("button", { name: "Filter" }).click();
    const dialog = page.getByRole("dialog", { name: "Filter loads" });
    await dialog.getByLabel("Delivered").check();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await waitForCount(page, "1–30 of 30 loads");
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('table[aria-label="Loads"] tbody tr td:nth-child(5)')];
      return cells.length === 30 && cells.every((cell) => cell.textContent === "Delivered");
    });

    await page.getByRole("button", { name: "Filter" }).click();
    await dialog.getByLabel("RAIL").check();
    await dialog.getByRole("button", { name: "Apply" }).click();
    // Delivered (every 4th) by rail (every 5th): 20, 40, ... 120.
    await waitForCount(page, "1–6 of 6 loads");

    await page.getByRole("button", { name: "Filter" }).click();
    await dialog.getByRole("button", { name: "Clear all" }).click();
    await dialog.getByLabel("Pickup from").fill("2026-01-02");
    await dialog.getByLabel("Pickup to").fill("2026-01-03");
    await dialog.getByRole("button", { name: "Apply" }).click();
    // Days 2 and 3 of each 28-load cycle: 5 cycles reach day 2 and 3 (1..120).
    await waitForCount(page, "1–10 of 10 loads");
    const url = new URL(page.url());
    expect([url.searchParams.get("pickupFrom"), url.searchParams.get("pickupTo")]).toEqual([
      "2026-01-02",
      "2026-01-03",
    ]);

    await page.getByRole("button", { name: "Filter" }).click();
    await dialog.getByRole("button", { name: "Clear all" }).click();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await waitForCount(page, "1–50 of 120 loads");
  });
});

describe("upload dialog", () => {
  it("refuses files that are not .txt/.csv and says why", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await waitForCount(page, "of 120 loads");
    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    // The button opens the file chooser from the keyboard too.
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Choose files" }).press("Enter");
    await (await chooser).setFiles({
      name: "loads.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4"),
    });
    await dialog
      .getByText(
        "loads.pdf was not added: only .txt and .csv files (text/plain, text/csv, application/vnd.ms-excel) can be uploaded.",
      )
      .waitFor();
    await dialog.getByLabel("Choose files").setInputFiles({
      name: "huge.csv",
      mimeType: "text/csv",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, "a"),
    });
    await dialog.getByText("huge.csv was not added: it is larger than 5 MB.").waitFor();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByText("No data to upload.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("uploads a CSV file: preview, progress, then the rows in the list and a fresh 'Last update'", async () => {
    const { page } = admin;
    const path = csvFile("new-loads.csv", [
      "Load ID,Customer,Status,Mode,Pickup Date,Delivery Date,Trailer",
      "UP-0001,Acme Freight,pending,TRUCK,03/01/2026 08:00,03/02/2026 10:00,53' Dry Van",
      "UP-0002,USPS,in_transit,RAIL,03/05/2026 09:30,03/07/2026 12:00,48' Dry Van",
      "UP-0003,USPS,delivered,TRUCK,2026-03-09,2026-03-10,",
    ]);
    await expect(page.getByTestId("last-update").textContent()).resolves.toBe("Last update: 3 hours ago");
    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    await dialog.getByLabel("Choose files").setInputFiles(path);
    await dialog.getByTestId("upload-row-count").filter({ hasText: "3 rows in 1 file" }).waitFor();
    const preview = dialog
      .getByRole("region", { name: "Preview of the first rows" })
      .or(dialog.getByLabel("Preview of the first rows"));
    // The first column numbers the rows the way the error list does.
    await expect(preview.locator("thead th").allTextContents()).resolves.toEqual([
      "Row",
      "Load ID",
      "Customer",
      "Status",
      "Mode",
      "Pickup Date",
      "Delivery Date",
      "Trailer",
    ]);
    await expect(preview.locator("tbody tr").count()).resolves.toBe(3);
    await expect(preview.locator("tbody th").allTextContents()).resolves.toEqual(["1", "2", "3"]);
    await expect(dialog.getByLabel("Stream").textContent()).resolves.toBe("USPS");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("3 rows uploaded: 3 new, 0 updated.").waitFor();
    await waitForCount(page, "1–50 of 123 loads");
    // Newest upload first: the three new loads lead the list.
    expect((await loadIds(page)).slice(0, 3).sort()).toEqual(["UP-0001", "UP-0002", "UP-0003"]);
    await expect(page.getByTestId("last-update").textContent()).resolves.toBe("Last update: just now");

    const stored = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "UP-0002" } });
    expect(stored).toMatchObject({ customer: "USPS", status: "in_transit", mode: "RAIL", stream: "USPS" });
    // The file's zone-less 09:30 is the viewer's (none chosen on a UTC machine: Eastern, EST).
    expect(stored.pickupDate?.toISOString()).toBe("2026-03-05T14:30:00.000Z");
    const batch = await world.app.deps.db.uploadBatch.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(batch).toMatchObject({
      rowCount: 3,
      createdCount: 3,
      fileNames: expect.stringContaining("new-loads.csv"),
    });
  });

  it("starts the next upload with no files and no stream: 'Select the stream before upload.'", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    await expect(dialog.getByRole("list", { name: "Chosen files" }).count()).resolves.toBe(0);
    await dialog.getByLabel("Choose files").setInputFiles(csvFile("again.csv", ["Load ID", "UP-0009"]));
    await dialog.getByTestId("upload-row-count").filter({ hasText: "1 row in 1 file" }).waitFor();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByText("Select the stream before upload.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("shows the server's row errors by row, field and reason, and uploads nothing", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    // Cancel forgot again.csv: the dialog opens with no file.
    await expect(dialog.getByRole("list", { name: "Chosen files" }).count()).resolves.toBe(0);
    const path = csvFile("bad.csv", [
      "Load ID,Status,Pickup Date,Weight",
      "BAD-0001,pending,03/01/2026,1200",
      "BAD-0002,pending,13/45/2026,900",
      "BAD-0003,lost,03/03/2026,-4",
    ]);
    await dialog.getByLabel("Choose files").setInputFiles(path);
    await dialog.getByTestId("upload-row-count").filter({ hasText: "3 rows in 1 file" }).waitFor();
    await dialog.getByLabel("Stream").click();
    await page.getByRole("option", { name: "USPS" }).click();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByText("There was an error uploading the loads.").waitFor();
    const problems = dialog.getByRole("list", { name: "Upload problems" });
    await expect(problems.locator("li").allTextContents()).resolves.toEqual([
      "bad.csv, row 2 · Pickup Date: Pickup Date '13/45/2026' is not a valid date",
      "bad.csv, row 3 · Status: Unknown status 'lost' (use pending, in_transit, delivered or cancelled)",
      "bad.csv, row 3 · Weight: Weight must be 0 or more",
    ]);
    await expect(dialog.getByRole("button", { name: "Upload" }).isEnabled()).resolves.toBe(true);
    await expect(world.app.deps.db.load.count({ where: { loadId: { startsWith: "BAD-" } } })).resolves.toBe(
      0,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});

describe("upload dialog, dropped files", () => {
  it("takes several files dropped at once and uploads them together", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await waitForCount(page, "of 123 loads");
    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(["Load ID,Customer\nDROP-0001,Acme Freight\n"], "first.csv", { type: "text/csv" }),
      );
      transfer.items.add(
        new File(["Load ID\tStatus\nDROP-0002\tdelivered\n"], "second.txt", { type: "text/plain" }),
      );
      transfer.items.add(new File(["x"], "notes.docx", { type: "application/msword" }));
      return transfer;
    });
    await dialog.getByTestId("upload-dropzone").dispatchEvent("drop", { dataTransfer: dropped });
    await dialog.getByTestId("upload-row-count").filter({ hasText: "2 rows in 2 files" }).waitFor();
    await dialog.getByText("notes.docx was not added", { exact: false }).waitFor();
    const dropPreview = dialog.getByLabel("Preview of the first rows");
    await expect(dropPreview.locator("thead th").allTextContents()).resolves.toEqual([
      "Row",
      "Load ID",
      "Customer",
      "Status",
    ]);
    // Several files: each preview row says its file and its row there, as the error list would.
    await expect(dropPreview.locator("tbody th").allTextContents()).resolves.toEqual([
      "first.csv, row 1",
      "second.txt, row 1",
    ]);
    await dialog.getByLabel("Stream").click();
    await page.getByRole("option", { name: "USPS" }).click();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "hidden" });
    await waitForCount(page, "of 125 loads");
    const second = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "DROP-0002" } });
    expect(second.status).toBe("delivered");
    const first = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "DROP-0001" } });
    expect(first.customer).toBe("Acme Freight");
  });
});

describe("when the server cannot help", () => {
  it("says 'No uploads found' when nothing was ever uploaded", async () => {
    const { page, context } = await openTab(world);
    await loginThroughForm(page, "seeder@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.route("**/graphql", async (route) => {
      if (!(route.request().postData() ?? "").includes("LoadListPageQuery")) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { lastUpload: unknown } };
      body.data.lastUpload = null;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await expect(page.getByTestId("last-update").textContent()).resolves.toBe(
      "Last update: No uploads found",
    );
    await context.close();
  });

  it("says 'No se pudieron obtener las cargas' when the loads cannot be fetched, and retries", async () => {
    const { page, context } = await openTab(world);
    await loginThroughForm(page, "seeder@example.com");
    await page.waitForURL("**/admin/ila/load");
    let failing = true;
    await page.route("**/graphql", (route) =>
      failing && (route.request().postData() ?? "").includes("LoadListPageQuery")
        ? route.fulfill({ status: 502, contentType: "text/plain", body: "Bad gateway" })
        : route.continue(),
    );
    await page.reload();
    await page.getByText("No se pudieron obtener las cargas").waitFor();
    failing = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await waitForCount(page, "of 125 loads");
    await context.close();
  });
});

describe("on a phone", () => {
  it("keeps the list inside the screen: loads show as cards", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "seeder@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await waitForCount(phone.page, "of 125 loads");
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.getByRole("button", { name: "Manual update" }).click();
    await phone.page.getByRole("dialog", { name: "Upload loads" }).waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

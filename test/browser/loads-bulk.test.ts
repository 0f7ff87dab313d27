import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import { type BrowserWorld, loginThroughForm, openTab, type Tab } from "../support/browser.ts";
import { uploadLoads } from "../support/loads.ts";

/**
 * The load list's Stage column and bulk actions (lifecycle issue): select rows (or the page), then
 * Start bidding, Add to route, Cancel or Export; each runs with progress and says what it did.
 */
let world: BrowserWorld;
let admin: Tab;

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  world = await startWorld();
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

async function startWorld() {
  const { startBrowserWorld } = await import("../support/browser.ts");
  const started = await startBrowserWorld();
  await createUser(started.app, { email: "seeder@example.com", role: "ADMIN" });
  const seeder = await loginAs(started.app, "seeder@example.com");
  await uploadLoads(
    started.app,
    seeder.token,
    ["BULK-1", "BULK-2", "BULK-3"].map((id) => ({
      "Load ID": id,
      Customer: "USPS",
      "Pickup Date": future(3),
      "Delivery Date": future(4),
    })),
  );
  await createUser(started.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  return started;
}

const table = (page: Page) => page.getByRole("table", { name: "Loads" });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Selected loads" });
const cellOf = (page: Page, loadId: string, column: number) =>
  table(page).locator("tbody tr", { hasText: loadId }).locator("td").nth(column);

describe("load list bulk actions", () => {
  it("shows each load's stage", async () => {
    const { page } = admin;
    await cellOf(page, "BULK-1", 7).filter({ hasText: "Open" }).waitFor();
  });

  it("exports the selected loads as CSV", async () => {
    const { page } = admin;
    await page.getByRole("checkbox", { name: "Select load BULK-1" }).check();
    await page.getByRole("checkbox", { name: "Select load BULK-2" }).check();
    await toolbar(page).getByText("2 selected").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      toolbar(page).getByRole("button", { name: "Export" }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, "utf8");
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Load ID,Route,Customers,Carrier,Status,Stage,Pickup Date,Delivery Date,Margin");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(["BULK-1", "BULK-2"]);
  });

  it("adds the selected loads to a new route in one change", async () => {
    const { page } = admin;
    await toolbar(page).getByRole("button", { name: "Add to route" }).click();
    const dialog = page.getByRole("dialog", { name: "Add to route" });
    await dialog.getByRole("button", { name: "Add to route" }).click();
    await dialog.getByText("Debes generar o escribir un Route Number").waitFor();
    await dialog.getByLabel("Route number").fill("r-bulk-1");
    await expectAccessible(page, "bulk add-to-route dialog");
    await dialog.getByRole("button", { name: "Add to route" }).click();
    await dialog.getByText("Added to the route: 2 loads.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await cellOf(page, "BULK-1", 1).filter({ hasText: "R-BULK-1" }).waitFor();
    await cellOf(page, "BULK-2", 1).filter({ hasText: "R-BULK-1" }).waitFor();
    // Done loads leave the selection.
    await expect(toolbar(page).count()).resolves.toBe(0);
  });

  it("cancels every load of the page, then refuses to offer cancelled loads", async () => {
    const { page } = admin;
    await page.getByRole("checkbox", { name: "Select all loads on this page" }).check();
    await toolbar(page).getByText("3 selected").waitFor();
    await toolbar(page).getByRole("button", { name: "Cancel" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel loads" });
    await cancel.getByRole("button", { name: "Cancel loads" }).click();
    await cancel.getByText("Cancelled 3 loads.").waitFor();
    await cancel.getByRole("button", { name: "Close" }).click();
    for (const id of ["BULK-1", "BULK-2", "BULK-3"]) {
      await cellOf(page, id, 4).filter({ hasText: "Cancelled" }).waitFor();
      await cellOf(page, id, 7).filter({ hasText: "Cancelled" }).waitFor();
    }

    await page.getByRole("checkbox", { name: "Select load BULK-3" }).check();
    await toolbar(page).getByRole("button", { name: "Start bidding" }).click();
    const bidding = page.getByRole("dialog", { name: "Start bidding" });
    await bidding.getByRole("button", { name: "Start bidding" }).click();
    await bidding.getByText(/Bidding started on 0 loads\. 1 refused: BULK-3 \(.+\)\./).waitFor();
    await bidding.getByRole("button", { name: "Close" }).click();
    // A refused load stays selected, so it can be acted on otherwise.
    await toolbar(page).getByText("1 selected").waitFor();
    expect(await world.app.deps.db.offer.count()).toBe(0);
  });

  it("filters by stage", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Filter" }).click();
    const dialog = page.getByRole("dialog", { name: "Filter loads" });
    await dialog.getByRole("combobox", { name: "Stage" }).click();
    await page.getByRole("option", { name: "Open" }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByText("No loads found.").waitFor();
    expect(new URL(page.url()).searchParams.get("stage")).toBe("open");
    await page.getByRole("button", { name: "Filter" }).click();
    await dialog.getByRole("combobox", { name: "Stage" }).click();
    await page.getByRole("option", { name: "Open" }).click();
    await page.getByRole("option", { name: "Cancelled" }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByTestId("load-count").filter({ hasText: "1–3 of 3 loads" }).waitFor();
  });
});

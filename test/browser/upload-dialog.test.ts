import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/app.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";

let world: BrowserWorld;
let admin: Tab;
const files = mkdtempSync(join(tmpdir(), "freightway-upload-"));

function csvFile(name: string, lines: string[]): string {
  const path = join(files, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

const badRows = [
  "Load ID,Status,Weight",
  ...Array.from({ length: 12 }, (_, index) => `BAD-${String(index).padStart(4, "0")},lost,n/a`),
];

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

async function openUpload(page: Page) {
  await page.getByRole("button", { name: "Manual update" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload loads" });
  await dialog.waitFor();
  return dialog;
}

async function chooseStream(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Upload loads" });
  await dialog.getByLabel("Stream").click();
  await page.getByRole("option", { name: "USPS" }).click();
}

describe("upload dialog", () => {
  it("Cancel forgets the chosen files: the next upload has only its own rows", async () => {
    const { page } = admin;
    let dialog = await openUpload(page);
    await dialog
      .getByLabel("Choose files")
      .setInputFiles(csvFile("first.csv", ["Load ID", "UP-0001", "UP-0002"]));
    await dialog.getByTestId("upload-row-count").filter({ hasText: "2 rows in 1 file" }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    dialog = await openUpload(page);
    await expect(dialog.getByRole("list", { name: "Chosen files" }).count()).resolves.toBe(0);
    await dialog
      .getByLabel("Choose files")
      .setInputFiles(csvFile("first.csv", ["Load ID", "UP-0001", "UP-0002"]));
    await dialog.getByTestId("upload-row-count").filter({ hasText: "2 rows in 1 file" }).waitFor();
    await chooseStream(page);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(world.app.deps.db.load.count({ where: { loadId: { startsWith: "UP-" } } })).resolves.toBe(2);
  });

  it("says 'n/a' in Weight is not a number", async () => {
    const { page } = admin;
    const dialog = await openUpload(page);
    await dialog
      .getByLabel("Choose files")
      .setInputFiles(csvFile("weights.csv", ["Load ID,Weight", "W-0001,n/a"]));
    await dialog.getByTestId("upload-row-count").filter({ hasText: "1 row in 1 file" }).waitFor();
    await chooseStream(page);
    await dialog.getByRole("button", { name: "Upload" }).click();
    const problems = dialog.getByRole("list", { name: "Upload problems" });
    await problems.waitFor();
    await expect(problems.locator("li").allTextContents()).resolves.toEqual([
      "weights.csv, row 1 · Weight: Weight 'n/a' is not a number",
    ]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("shows the error panel above the pinned buttons, on screen on a 390 px phone", async () => {
    const phone = await openTab(world, PHONE);
    const { page } = phone;
    await loginThroughForm(page, "ada@example.com");
    await page.waitForURL("**/admin/ila/load");
    const dialog = await openUpload(page);
    await dialog.getByLabel("Choose files").setInputFiles(csvFile("bad.csv", badRows));
    await dialog.getByTestId("upload-row-count").filter({ hasText: "12 rows in 1 file" }).waitFor();
    await chooseStream(page);
    await dialog.getByRole("button", { name: "Upload" }).click();
    const panel = dialog.getByRole("alert").filter({ hasText: "There was an error uploading the loads." });
    await panel.waitFor();
    const panelBox = await panel.boundingBox();
    const buttonsBox = await dialog.getByRole("button", { name: "Cancel" }).boundingBox();
    if (!panelBox || !buttonsBox) throw new Error("the panel or the buttons have no box");
    // The panel's title is on screen without scrolling, and nothing of it hides under the buttons.
    expect(panelBox.y).toBeGreaterThanOrEqual(0);
    expect(panelBox.y + 40).toBeLessThanOrEqual(PHONE.height);
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(buttonsBox.y);
    expect(phone.errors).toEqual([]);
  });
});

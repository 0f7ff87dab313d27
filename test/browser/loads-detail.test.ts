import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAD_CHANGED_ELSEWHERE } from "../../server/loads/validation.ts";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";
import { screenshot } from "../support/screenshots.ts";

let world: BrowserWorld;
let admin: Tab;
let driverUserId: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createNassCodes(world.app, ["AAA01", "BBB02", "CCC03", "DDD04"]);
  const { driver } = await carrierWithDriver(world.app, "7");
  driverUserId = driver.userId;
  await createUser(world.app, { email: "seeder@example.com", role: "ADMIN" });
  const seeder = await loginAs(world.app, "seeder@example.com");
  await uploadLoads(world.app, seeder.token, [
    {
      "Load ID": "EDIT-0001",
      Customer: "USPS",
      Status: "pending",
      "Origin NASS": "AAA01",
      "Destination NASS": "BBB02",
      "Pickup Date": "2026-04-01T06:15:00Z",
      Origin: "Chicago NDC IL",
      Trailer: "53' Dry Van",
    },
  ]);
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

const stop = (page: Page, number: number) =>
  page.getByRole("listitem", { name: `Stop ${number}`, exact: true });
const nassOf = (page: Page, number: number) =>
  page.getByRole("combobox", { name: `NASS code (stop ${number})` });

async function storedStops() {
  const load = await world.app.deps.db.load.findUniqueOrThrow({
    where: { loadId: "EDIT-0001" },
    include: { stops: { orderBy: { sequence: "asc" }, include: { nassCode: true } } },
  });
  return load.stops.map((row) => [row.sequence, row.type, row.nassCode?.code]);
}

describe("load detail", () => {
  it("opens from the list: title, heading, read-only load id, every field and the stops", async () => {
    const { page } = admin;
    await page.getByRole("link", { name: "EDIT-0001", exact: true }).click();
    await page.waitForURL("**/admin/ila/load/EDIT-0001");
    await page.getByRole("heading", { name: "ILA / Load / EDIT-0001" }).waitFor();
    await page.getByRole("heading", { name: "Load #EDIT-0001" }).waitFor();
    await expect(page.getByLabel("Load ID").inputValue()).resolves.toBe("EDIT-0001");
    await expect(page.getByLabel("Load ID").getAttribute("readonly")).resolves.not.toBeNull();
    for (const label of [
      "BOL Number",
      "Customer",
      "Status",
      "Mode",
      "Assigned driver",
      "Reference Number",
      "Weight",
      "Volume",
      "Freight Class",
      "Commodity",
      "Order Info",
      "Additional Data",
      "Route Number",
      "Origin address",
      "Destination address",
      "Pickup Date",
      "Delivery Date",
      "Appointments required",
      "Appointments confirmed",
      "Tracking Link",
    ]) {
      await expect(page.getByLabel(label, { exact: true }).count(), label).resolves.toBe(1);
    }
    await expect(page.getByLabel("Customer", { exact: true }).inputValue()).resolves.toBe("USPS");
    await expect(page.getByLabel("Origin address").inputValue()).resolves.toBe("Chicago NDC IL");
    // Shown in the viewer's zone (none chosen, the machine is not in a US zone: Eastern), labelled.
    await expect(page.getByLabel("Pickup Date").inputValue()).resolves.toBe("2026-04-01T02:15");
    await page
      .getByText("Time zone: Eastern (EST)")
      .first()
      .or(page.getByText("Time zone: Eastern (EDT)").first())
      .waitFor();
    await expect(page.getByLabel("Additional Data").inputValue()).resolves.toContain(
      '"Trailer": "53\' Dry Van"',
    );
    await expect(page.getByLabel("Status").textContent()).resolves.toBe("Pending");
    await expect(page.getByLabel("Mode").textContent()).resolves.toBe("TRUCK");
    await expect(page.getByRole("list", { name: "Stops" }).getByRole("listitem").count()).resolves.toBe(2);
    await expect(nassOf(page, 1).inputValue()).resolves.toMatch(/^AAA01 · Facility AAA01/);
    await expect(nassOf(page, 2).inputValue()).resolves.toMatch(/^BBB02/);
    await expect(stop(page, 2).getByLabel("Type (stop 2)").textContent()).resolves.toBe("delivery");
  });

  it("edits the load with its stops: add, pick a NASS code, move, save, reload and see it", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Add stop" }).click();
    await expect(page.getByLabel("Sequence (stop 3)").inputValue()).resolves.toBe("3");
    await expect(page.getByLabel("Type (stop 3)").textContent()).resolves.toBe("stop");
    await nassOf(page, 3).click();
    await nassOf(page, 3).fill("ccc");
    await page.getByRole("option", { name: /^CCC03 · Facility CCC03/ }).click();
    await expect(nassOf(page, 3).inputValue()).resolves.toMatch(/^CCC03/);
    await page.getByRole("button", { name: "Move stop 3 up" }).click();
    await expect(nassOf(page, 2).inputValue()).resolves.toMatch(/^CCC03/);
    await expect(page.getByLabel("Sequence (stop 2)").inputValue()).resolves.toBe("2");
    await expect(page.getByLabel("Sequence (stop 3)").inputValue()).resolves.toBe("3");
    await expect(nassOf(page, 3).inputValue()).resolves.toMatch(/^BBB02/);

    await page.getByLabel("Customer", { exact: true }).fill("Acme Freight");
    await page.getByLabel("Status").click();
    await page.getByRole("option", { name: "In transit" }).click();
    await page.getByLabel("Weight").fill("12,500.5");
    await page.getByLabel("Appointments required").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Load saved.").waitFor();

    expect(await storedStops()).toEqual([
      [1, "pickup", "AAA01"],
      [2, "stop", "CCC03"],
      [3, "delivery", "BBB02"],
    ]);
    const saved = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "EDIT-0001" } });
    expect(saved).toMatchObject({
      customer: "Acme Freight",
      status: "in_transit",
      weight: 12500.5,
      appointmentsRequired: true,
      stopCount: 3,
      originAddress: "Chicago NDC IL",
    });

    await page.reload();
    await page.getByRole("heading", { name: "Load #EDIT-0001" }).waitFor();
    await expect(nassOf(page, 2).inputValue()).resolves.toMatch(/^CCC03/);
    await expect(page.getByLabel("Customer", { exact: true }).inputValue()).resolves.toBe("Acme Freight");
    await expect(page.getByLabel("Weight").inputValue()).resolves.toBe("12500.5");
    await expect(page.getByLabel("Appointments required").isChecked()).resolves.toBe(true);
  });

  it("refuses a stop sequence that is not a whole number >= 0, in the spec's words", async () => {
    const { page } = admin;
    await page.getByLabel("Sequence (stop 1)").fill("-1");
    await page.getByRole("button", { name: "Save changes" }).click();
    await stop(page, 1).getByText("Stops debe ser un número válido mayor o igual a 0").waitFor();
    await page.getByLabel("Sequence (stop 1)").fill("1.5");
    await page.getByLabel("Sequence (stop 1)").press("Enter");
    await stop(page, 1).getByText("Stops debe ser un número válido mayor o igual a 0").waitFor();
    await page.getByLabel("Sequence (stop 1)").fill("0");
    await page.getByRole("button", { name: "Remove stop 3" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Load saved.").waitFor();
    expect(await storedStops()).toEqual([
      [0, "pickup", "AAA01"],
      [2, "stop", "CCC03"],
    ]);
  });

  it("picks the driver with the driver picker (searching carriers), not a raw user id", async () => {
    const { page } = admin;
    const picker = page.getByRole("combobox", { name: "Assigned driver" });
    await picker.click();
    await picker.fill("Carrier 7");
    await page.getByRole("option", { name: `Driver 7 · ${driverUserId}` }).click();
    await expect(picker.inputValue()).resolves.toBe(`Driver 7 · ${driverUserId}`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Load saved.").first().waitFor();
    await page.getByText(/^Carrier: Carrier 7 Trucking/).waitFor();
    const saved = await world.app.deps.db.load.findUniqueOrThrow({
      where: { loadId: "EDIT-0001" },
      include: { assignedUser: true },
    });
    expect(saved.assignedUser?.userId).toBe(driverUserId);
    await expectAccessible(page, "load detail");
  });

  it("reads a typed date in the viewer's time zone", async () => {
    const { page } = admin;
    await page.getByLabel("Delivery Date").fill("2026-04-03T09:00");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Load saved.").first().waitFor();
    await expect
      .poll(async () => {
        const load = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "EDIT-0001" } });
        return load.deliveryDate?.toISOString();
      })
      // 09:00 in New York in April (EDT, UTC-4).
      .toBe("2026-04-03T13:00:00.000Z");
  });

  it("asks before leaving with unsaved changes", async () => {
    const { page } = admin;
    await page.getByLabel("Commodity").fill("Parcels");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Load", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.getByRole("button", { name: "Stay" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/admin/ila/load/EDIT-0001");
    await page.getByRole("button", { name: "Discard changes" }).click();
    await expect(page.getByLabel("Commodity").inputValue()).resolves.toBe("");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Load", exact: true })
      .click();
    await page.waitForURL("**/admin/ila/load");
  });

  it("asks before the browser's back button leaves unsaved changes, and goes back on Leave", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load");
    await page.getByRole("link", { name: "EDIT-0001", exact: true }).click();
    await page.waitForURL("**/admin/ila/load/EDIT-0001");
    await page.getByLabel("Commodity").fill("Crates");
    await page.goBack();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.getByRole("button", { name: "Stay" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/admin/ila/load/EDIT-0001");
    await expect(page.getByLabel("Commodity").inputValue()).resolves.toBe("Crates");
    await page.goBack();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL("**/admin/ila/load");
    await page.getByRole("table", { name: "Loads" }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it("says when a load does not exist and links back to the list", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load/NOPE-404");
    await page.getByRole("heading", { name: "ILA / Load / NOPE-404" }).waitFor();
    await page.getByText("Load NOPE-404 was not found.").waitFor();
    await page.getByRole("link", { name: "Back to the load list" }).click();
    await page.waitForURL("**/admin/ila/load");
  });

  it("shows the planned stop count of a load whose stops are not detailed yet", async () => {
    const { page } = admin;
    const seeder = await loginAs(world.app, "seeder@example.com", undefined, { platform: "mobile" });
    await uploadLoads(world.app, seeder.token, [{ "Load ID": "PLAN-0002", Customer: "USPS", Stops: "2" }]);
    await page.goto("/admin/ila/load/PLAN-0002");
    await page.getByRole("heading", { name: "Load #PLAN-0002" }).waitFor();
    await expect(page.getByTestId("stop-count").textContent()).resolves.toBe(
      "2 stops planned, none detailed yet.",
    );
    await page.goto("/admin/ila/load/EDIT-0001");
    await page.getByRole("heading", { name: "Load #EDIT-0001" }).waitFor();
    await expect(page.getByTestId("stop-count").textContent()).resolves.toMatch(/^\d+ stops$/);
  });

  it("refuses a save over a colleague's change with the server's message, then reloads the load on request", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load/EDIT-0001");
    await page.getByRole("heading", { name: "Load #EDIT-0001" }).waitFor();
    // A colleague saves the load after this screen read it.
    await createUser(world.app, { email: "colleague@example.com", role: "ADMIN" });
    const colleague = await loginAs(world.app, "colleague@example.com");
    const theirs = await rest(
      world.app,
      "PUT",
      "/loads/EDIT-0001",
      { referenceNumber: "THEIRS-1" },
      { token: colleague.token },
    );
    expect(theirs.status).toBe(200);

    await page.getByLabel("Commodity").fill("Mine");
    await page.getByRole("button", { name: "Save changes" }).click();
    const alert = page.getByRole("alert").filter({ hasText: LOAD_CHANGED_ELSEWHERE });
    await alert.waitFor();
    const stored = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "EDIT-0001" } });
    expect(stored.referenceNumber).toBe("THEIRS-1");
    expect(stored.commodity).not.toBe("Mine");
    await expectAccessible(page, "load detail refusing a stale save");

    await alert.getByRole("button", { name: "Reload" }).click();
    await alert.waitFor({ state: "hidden" });
    await expect(page.getByLabel("Reference Number").inputValue()).resolves.toBe("THEIRS-1");
    await expect(page.getByLabel("Commodity").inputValue()).resolves.toBe(stored.commodity ?? "");
    // Saved again on the reloaded load, both changes stand.
    await page.getByLabel("Commodity").fill("Mine");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Load saved.").first().waitFor();
    await expect
      .poll(async () => {
        const load = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "EDIT-0001" } });
        return [load.referenceNumber, load.commodity];
      })
      .toEqual(["THEIRS-1", "Mine"]);
  });
});

describe("on a phone", () => {
  it("keeps the form and the stops inside the screen", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "seeder@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await phone.page.goto("/admin/ila/load/EDIT-0001");
    await phone.page.getByRole("heading", { name: "Load #EDIT-0001" }).waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.getByRole("combobox", { name: "Assigned driver" }).waitFor();
    await screenshot(phone.page, "load-detail-phone");
    await expectAccessible(phone.page, "load detail on a phone");
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

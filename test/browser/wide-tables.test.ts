import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { carrierWithDriver, createNassCodes } from "../support/loads.ts";

/** The widest tables at a 1366 px laptop and a 390 px phone, and the billing dates' format. */
let world: BrowserWorld;
let admin: Tab;
let carrierId: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  // The phone signs in as someone else: a second desktop sign-in would end the laptop's session.
  await createUser(world.app, { email: "pat@example.com", role: "ADMIN", fullName: "Pat Phone" });
  const ops = await loginAs(world.app, "ops@example.com");
  await createNassCodes(world.app, ["AAA01", "BBB02", "CCC03"]);
  const { carrier, driver } = await carrierWithDriver(world.app, "7");
  await world.app.deps.db.user.update({
    where: { id: driver.id },
    data: { email: "a.very.long.driver.address.for.testing@dispatch-example-trucking.com" },
  });
  carrierId = carrier.carrierId;
  const invoice = await rest(
    world.app,
    "POST",
    "/billing/accounts-receivable",
    { customerPayer: "Acme", dueDate: "2027-01-10", amountDue: "1500.00", status: "pending" },
    { token: ops.token },
  );
  expect(invoice.status).toBe(201);
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  await world?.close();
});

/** How far a table sticks out of its scrolling frame (0: it fits). */
function tableOverflow(table: Locator): Promise<number> {
  return table.evaluate((element) => {
    const frame = element.parentElement as HTMLElement;
    return frame.scrollWidth - frame.clientWidth;
  });
}

async function openNass(page: Page) {
  await page.goto("/admin/ila/routing?view=nass");
  await page.getByRole("button", { name: "NASS Codes" }).click();
  await page.getByText("BBB02", { exact: true }).first().waitFor();
}

describe("wide tables", () => {
  it("NASS codes: no sideways scroll at 1366 px", async () => {
    const { page } = admin;
    await openNass(page);
    await expect(tableOverflow(page.getByRole("table", { name: "NASS codes" }))).resolves.toBe(0);
    await expect(horizontalOverflow(page)).resolves.toBeLessThanOrEqual(0);
  });

  it("the carrier's drivers: no sideways scroll at 1366 px", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/carriers/${carrierId}`);
    const drivers = page.getByRole("table", { name: "Drivers" });
    await drivers.getByText("Driver 7").waitFor();
    await expect(tableOverflow(drivers)).resolves.toBe(0);
  });

  it("both fit a 390 px phone", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "pat@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await openNass(phone.page);
    await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
    await phone.page.goto(`/admin/ila/carriers/${carrierId}`);
    await phone.page.getByText("Driver 7").first().waitFor();
    await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
    const sideways = await phone.page.evaluate(
      () =>
        [...document.querySelectorAll(".MuiTableContainer-root")].filter(
          (frame) => frame.scrollWidth > frame.clientWidth,
        ).length,
    );
    expect(sideways).toBe(0);
    expect(phone.errors).toEqual([]);
  });
});

describe("billing dates", () => {
  it("read MM/DD/YYYY in the ledger, like every other screen", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/billing");
    const row = page
      .getByRole("table", { name: "Accounts Receivable" })
      .getByRole("row")
      .filter({ hasText: "Acme" });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("01/10/2027");
    await expect(row.textContent()).resolves.not.toContain("2027-01-10");
  });
});

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
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
import { type CarrierAnswer, createCarrierAs } from "../support/carriers.ts";

let world: BrowserWorld;
let admin: Tab;
let withDriver: CarrierAnswer;
let withoutDrivers: CarrierAnswer;
let driverUserId: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  await createUser(world.app, { email: "pat@example.com", role: "ADMIN", fullName: "Pat Phone" });
  const driver = await createUser(world.app, { email: "dora@example.com", fullName: "Dora Driver" });
  driverUserId = driver.userId;
  const token = (await loginAs(world.app, "ops@example.com")).token;
  withDriver = await createCarrierAs(world.app, token, 1, { carrierName: "Blue Ridge Freight" });
  withoutDrivers = await createCarrierAs(world.app, token, 2, { carrierName: "Empty Lines" });
  await world.app.deps.db.user.update({ where: { id: driver.id }, data: { carrierId: withDriver._id } });
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

const form = (page: Page) => page.getByRole("form", { name: "Load Manual Assignment" });
const field = (page: Page, label: string) => form(page).getByRole("textbox", { name: label, exact: true });
const submit = (page: Page) => form(page).getByRole("button", { name: "Create load" }).click();

describe("load manual assignment", () => {
  it("opens from the carrier list with the spec's title and the carrier's id", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers");
    const row = page.getByTestId("carrier-row").filter({ hasText: "Blue Ridge Freight" });
    await row.getByRole("link", { name: "Load Manual Assignment" }).click();
    await page.waitForURL(`**/admin/ila/load/manual-assignment/${withDriver.carrierId}`);
    await page.getByRole("heading", { name: "ILA / Load / Load Manual Assignment", exact: true }).waitFor();
    await page.getByRole("heading", { name: `#${withDriver.carrierId}`, exact: true }).waitFor();
    await expect(form(page).getByRole("combobox", { name: "Status" }).textContent()).resolves.toBe("pending");
    await expect(form(page).getByRole("combobox", { name: "Mode" }).textContent()).resolves.toBe("TRUCK");
  });

  it("says what is required, clears a field's error on edit, checks stops", async () => {
    const { page } = admin;
    await submit(page);
    for (const text of ["Load ID es requerido", "Customer es requerido", "Driver requerido"]) {
      await form(page).getByText(text, { exact: true }).waitFor();
    }
    // The first problem gets the focus.
    await expect(field(page, "Load ID").evaluate((input) => input === document.activeElement)).resolves.toBe(
      true,
    );
    await field(page, "Load ID").fill("L-5001");
    await expect(form(page).getByText("Load ID es requerido").count()).resolves.toBe(0);
    await expect(form(page).getByText("Customer es requerido").count()).resolves.toBe(1);
    await expectAccessible(page, "manual assignment with field errors");

    await field(page, "Customer").fill("Acme Foods");
    await form(page).getByRole("combobox", { name: "Driver" }).click();
    await page.getByRole("option", { name: `Dora Driver · ${driverUserId}` }).click();
    await expect(form(page).getByText("Driver requerido").count()).resolves.toBe(0);
    await form(page).getByRole("spinbutton", { name: "Stops" }).fill("-1");
    await submit(page);
    await form(page)
      .getByText("Stops debe ser un número válido mayor o igual a 0", { exact: true })
      .waitFor();
    await form(page).getByRole("spinbutton", { name: "Stops" }).fill("3");
    await expect(form(page).getByText("Stops debe ser un número válido").count()).resolves.toBe(0);
  });

  it("creates the load and lands on it", async () => {
    const { page } = admin;
    await field(page, "BOL #").fill("BOL-77");
    await form(page).getByRole("combobox", { name: "Mode" }).click();
    await page.getByRole("option", { name: "RAIL" }).click();
    await form(page).getByRole("spinbutton", { name: "Weight" }).fill("1200.5");
    await field(page, "Origin address").fill("1 Main St, Newark, NJ");
    await field(page, "Destination address").fill("9 Lake Rd, Chicago, IL");
    await form(page).getByLabel("Pickup date").fill("2026-12-01T08:30");
    await form(page)
      .getByText(/^Time zone: Eastern \(E[SD]T\)$/)
      .first()
      .waitFor();
    await expectAccessible(page, "manual assignment");
    await form(page).getByRole("checkbox", { name: "Appointments required" }).check();
    await field(page, "Route #").fill("2612AA01");
    await submit(page);
    await page.waitForURL("**/admin/ila/load/L-5001");
    await page.getByRole("heading", { name: "ILA / Load / L-5001" }).waitFor();

    const load = await world.app.deps.db.load.findUniqueOrThrow({
      where: { loadId: "L-5001" },
      include: { assignedUser: true, carrier: true, route: true },
    });
    expect(load).toMatchObject({
      customer: "Acme Foods",
      bolNumber: "BOL-77",
      status: "pending",
      mode: "RAIL",
      weight: 1200.5,
      stopCount: 3,
      originAddress: "1 Main St, Newark, NJ",
      destinationAddress: "9 Lake Rd, Chicago, IL",
      appointmentsRequired: true,
      appointmentsConfirmed: false,
    });
    expect(load.assignedUser?.email).toBe("dora@example.com");
    expect(load.carrier?.carrierId).toBe(withDriver.carrierId);
    expect(load.route?.routeNumber).toBe("2612AA01");
    // Typed in the viewer's zone (none chosen on a UTC machine: Eastern, EST in December).
    expect(load.pickupDate?.toISOString()).toBe("2026-12-01T13:30:00.000Z");
  });

  it("shows the server's error when the Load ID is taken", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/load/manual-assignment/${withDriver.carrierId}`);
    await field(page, "Load ID").fill("L-5001");
    await field(page, "Customer").fill("Acme Foods");
    await form(page).getByRole("combobox", { name: "Driver" }).click();
    await page.getByRole("option", { name: /Dora Driver/ }).click();
    await field(page, "Customer").press("Enter");
    await page
      .getByTestId("manual-assignment-error")
      .getByText("A load with this Load ID already exists")
      .waitFor();
    await expect(form(page).getByText("A load with this Load ID already exists").count()).resolves.toBe(2);
    await field(page, "Load ID").fill("L-5002");
    await expect(form(page).getByText("A load with this Load ID already exists").count()).resolves.toBe(1);
    expect(page.url()).toContain("/manual-assignment/");
  });

  it("points to the carrier's detail page when it has no drivers", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/load/manual-assignment/${withoutDrivers.carrierId}`);
    const notice = page.getByTestId("no-drivers");
    await notice.waitFor();
    await expectAccessible(page, "manual assignment of a carrier without drivers");
    await notice.getByRole("link", { name: "Attach drivers on the carrier's detail page" }).click();
    await page.waitForURL(`**/admin/ila/carriers/${withoutDrivers.carrierId}`);
    await page.getByRole("heading", { name: `Carrier Detail #${withoutDrivers.carrierId}` }).waitFor();
  });

  it("says 'No se pudo obtener el carrier' for an unknown carrier", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load/manual-assignment/CAR-999999");
    await page.getByText("No se pudo obtener el carrier", { exact: true }).waitFor();
    await expectAccessible(page, "manual assignment of an unknown carrier");
  });

  it("fits a phone", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "pat@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await phone.page.goto(`/admin/ila/load/manual-assignment/${withDriver.carrierId}`);
    await field(phone.page, "Load ID").waitFor();
    await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
    await expectAccessible(phone.page, "manual assignment on a phone");
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

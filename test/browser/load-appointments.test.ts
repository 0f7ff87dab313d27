import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { uploadLoads } from "../support/loads.ts";
import { awardedLoad } from "../support/offers.ts";

/**
 * Appointments in facility time on the load detail: the operator types the window on the
 * facility's clock (Denver), a time its clock skips is refused there, the saved window shows with
 * the zone's abbreviation, and the stop is marked arrived by hand.
 */
let world: Awaited<ReturnType<typeof startBrowserWorld>>;
let admin: Tab;

beforeAll(async () => {
  world = await startBrowserWorld();
  await world.app.deps.db.nassCode.create({
    data: {
      code: "DEN01",
      facilityName: "Denver P&DC",
      city: "Denver",
      state: "CO",
      latitude: 39.7392,
      longitude: -104.9903,
    },
  });
  await createUser(world.app, { email: "seeder@example.com", role: "ADMIN" });
  const seeder = await loginAs(world.app, "seeder@example.com");
  await uploadLoads(world.app, seeder.token, [
    { "Load ID": "APPT-B1", Customer: "USPS", "Origin NASS": "DEN01" },
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

const storedStop = () =>
  world.app.deps.db.loadStop.findFirstOrThrow({
    where: { load: { loadId: "APPT-B1" }, sequence: 1 },
  });

describe("appointments in facility time", () => {
  it("enters the window on the facility's clock, refuses a skipped time, shows it with the zone", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/load/APPT-B1");
    await page.getByRole("heading", { name: "Load #APPT-B1" }).waitFor();
    await page.getByText("Facility time: America/Denver").waitFor();

    const from = page.getByLabel("Appointment from (stop 1)");
    await from.fill("2027-03-14T02:30");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page
      .getByText(
        "Appointment from 2027-03-14 02:30 does not exist in America/Denver (clocks spring forward that night)",
      )
      .waitFor();
    expect((await storedStop()).appointmentFrom).toBeNull();

    await from.fill("2027-03-14T08:00");
    await page.getByLabel("Appointment to (stop 1)").fill("2027-03-14T10:00");
    await page.getByRole("button", { name: "Save changes" }).click();
    const stops = page.getByRole("table", { name: "Stops and appointments" });
    await stops.getByText("03/14/2027 08:00 MDT – 10:00 MDT").waitFor();
    const saved = await storedStop();
    expect(saved.appointmentFrom?.toISOString()).toBe("2027-03-14T14:00:00.000Z");
    expect(saved.appointmentTo?.toISOString()).toBe("2027-03-14T16:00:00.000Z");

    await page.getByRole("button", { name: "Mark stop 1 arrived" }).click();
    await page.getByText("Stop 1 marked arrived.").waitFor();
    await stops.getByText("by a person").waitFor();
    expect((await storedStop()).arrivedSource).toBe("user");
    await page.getByRole("button", { name: "Mark stop 1 departed" }).waitFor();
    await expectAccessible(page, "load detail with appointments");

    await page.setViewportSize(PHONE);
    await page.getByLabel("Appointment from (stop 1)").waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  it("shows the carrier its load's stops on the facility's clock and lets it mark them", async () => {
    const seeder = await loginAs(world.app, "seeder@example.com");
    const { load, winner } = await awardedLoad(world.app, seeder.token);
    await world.app.deps.db.loadStop.updateMany({
      where: { loadId: load.id, sequence: 1 },
      data: { appointmentFrom: new Date("2027-07-01T13:00:00Z") },
    });
    const carrier = await openTab(world);
    await loginThroughForm(carrier.page, winner.user.email);
    await carrier.page.waitForURL("**/carrier/**");
    await carrier.page.goto(`/carrier/carrier-portal/confirm-details/${load.loadId}`);
    const stops = carrier.page.getByRole("table", { name: "Stops and appointments" });
    await stops.getByText("07/01/2027 08:00 CDT").waitFor();
    await carrier.page.getByRole("button", { name: "Mark stop 1 arrived" }).click();
    await carrier.page.getByRole("button", { name: "Mark stop 1 departed" }).waitFor();
    const stop = await world.app.deps.db.loadStop.findFirstOrThrow({
      where: { loadId: load.id, sequence: 1 },
    });
    expect(stop.arrivedSource).toBe("user");
    await expectAccessible(carrier.page, "carrier: confirm details with stops");
    expect(carrier.errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The sort copies on Load follow their sources whoever writes them, even bypassing the services. */
describe("Load sort copies kept by the database", () => {
  it("copies the carrier name and route number on insert, on re-pointing and on renames", async () => {
    const db = t.app.deps.db;
    const carrier = await db.carrier.create({
      data: {
        carrierId: "CAR-900001",
        carrierName: "Copy Lines",
        dotNumber: "900001",
        mcNumber: "900001",
        contactName: "C",
        contactPhone: "+13125550100",
        contactEmail: "copy@example.com",
      },
    });
    const other = await db.carrier.create({
      data: {
        carrierId: "CAR-900002",
        carrierName: "Other Freight",
        dotNumber: "900002",
        mcNumber: "900002",
        contactName: "O",
        contactPhone: "+13125550101",
        contactEmail: "other@example.com",
      },
    });
    const route = await db.route.create({ data: { routeNumber: "261122AA" } });
    const second = await db.route.create({ data: { routeNumber: "261122BB" } });
    const load = await db.load.create({
      data: { loadId: "COPY-1", carrierId: carrier.id, routeId: route.id },
    });
    const read = () =>
      db.load.findUniqueOrThrow({ where: { id: load.id }, select: { carrierName: true, routeNumber: true } });
    expect(await read()).toEqual({ carrierName: "Copy Lines", routeNumber: "261122AA" });

    await db.load.update({ where: { id: load.id }, data: { carrierId: other.id, routeId: second.id } });
    expect(await read()).toEqual({ carrierName: "Other Freight", routeNumber: "261122BB" });

    await db.carrier.update({ where: { id: other.id }, data: { carrierName: "Other Freight Renamed" } });
    await db.route.update({ where: { id: second.id }, data: { routeNumber: "261122CC" } });
    expect(await read()).toEqual({ carrierName: "Other Freight Renamed", routeNumber: "261122CC" });

    await db.load.update({ where: { id: load.id }, data: { carrierId: null, routeId: null } });
    expect(await read()).toEqual({ carrierName: null, routeNumber: null });

    await db.load.update({ where: { id: load.id }, data: { carrierId: carrier.id } });
    await db.carrier.delete({ where: { id: carrier.id } });
    expect((await read()).carrierName).toBeNull();
  });
});

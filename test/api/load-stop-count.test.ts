import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAs, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";

/**
 * One meaning of "stops": the stop rows when a load has rows, otherwise the planned number given
 * at creation (manual assignment's Stops, the upload's Stops column). The detail screen shows both.
 */
let t: TestApp;
let token: string;
let driverId: string;
let carrierId: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: "stops-admin@example.com", role: "ADMIN" });
  token = (await loginAs(t.app, "stops-admin@example.com")).token;
  await createNassCodes(t.app, ["STP01", "STP02", "STP03"]);
  const { carrier, driver } = await carrierWithDriver(t.app, "S1");
  driverId = driver.id;
  carrierId = carrier.carrierId;
});
afterAll(() => t.close());

const read = async (loadId: string) =>
  (
    await rest<{ stopCount: number; stops: unknown[] }>(t.app, "GET", `/loads/${loadId}`, undefined, {
      token,
    })
  ).body;

describe("stop count and stop rows", () => {
  it("keeps the planned count of a manual assignment until stop rows are detailed, then follows the rows", async () => {
    const created = await rest(
      t.app,
      "POST",
      "/loads/manual-assignment",
      { carrierId, loadId: "STOPS-1", customer: "USPS", assignedUserKey: driverId, stops: 2 },
      { token },
    );
    expect(created.status).toBe(201);
    expect(await read("STOPS-1")).toMatchObject({ stopCount: 2, stops: [] });

    // Saving other fields keeps the plan.
    await rest(t.app, "PUT", "/loads/STOPS-1", { commodity: "Mail" }, { token });
    expect((await read("STOPS-1")).stopCount).toBe(2);

    const detailed = await rest(
      t.app,
      "PUT",
      "/loads/STOPS-1",
      {
        stops: [
          { sequence: 1, type: "pickup", nass: "STP01" },
          { sequence: 2, type: "stop", nass: "STP02" },
          { sequence: 3, type: "delivery", nass: "STP03" },
        ],
      },
      { token },
    );
    expect(detailed.status).toBe(200);
    expect(await read("STOPS-1")).toMatchObject({ stopCount: 3, stops: [{}, {}, {}] });
  });

  it("takes the upload's Stops column as the plan, and the NASS stop rows as the count when given", async () => {
    await uploadLoads(t.app, token, [
      { "Load ID": "STOPS-2", Customer: "USPS", Stops: "2" },
      {
        "Load ID": "STOPS-3",
        Customer: "USPS",
        Stops: "5",
        "Origin NASS": "STP01",
        "Destination NASS": "STP02",
      },
    ]);
    expect(await read("STOPS-2")).toMatchObject({ stopCount: 2, stops: [] });
    const withRows = await read("STOPS-3");
    expect(withRows.stops).toHaveLength(2);
    expect(withRows.stopCount).toBe(2);
  });
});

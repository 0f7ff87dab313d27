import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;
let nass: { id: string; code: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  nass = await createNassCodes(t.app, ["CHI01", "DAL02", "ATL03", "DEN04"]);
  await uploadLoads(t.app, adminToken, [
    {
      "Load ID": "ED-1",
      Customer: "USPS",
      Route: "R-1",
      Weight: "100",
      "Origin NASS": "CHI01",
      "Destination NASS": "DAL02",
    },
    { "Load ID": "ED-2" },
  ]);
});
afterAll(() => t.close());

const put = (loadId: string, body: unknown, token = adminToken) =>
  rest(t.app, "PUT", `/loads/${loadId}`, body, { token });

describe("PUT /api/loads/{loadId}", () => {
  it("edits every field and answers the load in the spec's shape", async () => {
    const result = await put("ED-2", {
      loadId: "ED-2",
      bolNumber: "BOL-9",
      customer: "Amazon",
      status: "in_transit",
      mode: "AIR",
      referenceNumber: "REF-9",
      weight: 1250.5,
      volume: "300",
      freightClass: "85",
      commodity: "Parcels",
      orderInfo: "Dock 4",
      additionalData: { dock: 4 },
      routeNumber: "NEW-ROUTE",
      origin: { address: "Chicago" },
      destination: { address: "Dallas" },
      pickupDate: "2026-12-01T08:00:00Z",
      deliveryDate: "12/02/2026 5:30 PM",
      appointmentsRequired: true,
      appointmentsConfirmed: "false",
      trackingLink: "https://track.example.com/ED-2",
      stops: [
        { sequence: 1, type: "pickup", nass: { _id: nass[0].id, code: "CHI01" } },
        { sequence: 2, type: "delivery", nass: "DAL02" },
      ],
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      loadId: "ED-2",
      bolNumber: "BOL-9",
      customer: "Amazon",
      status: "in_transit",
      mode: "AIR",
      referenceNumber: "REF-9",
      weight: 1250.5,
      volume: 300,
      freightClass: "85",
      commodity: "Parcels",
      orderInfo: "Dock 4",
      additionalData: { dock: 4 },
      routeNumber: "NEW-ROUTE",
      origin: { address: "Chicago" },
      destination: { address: "Dallas" },
      pickupDate: "2026-12-01T08:00:00.000Z",
      deliveryDate: "2026-12-02T17:30:00.000Z",
      appointmentsRequired: true,
      appointmentsConfirmed: false,
      trackingLink: "https://track.example.com/ED-2",
      stopCount: 2,
      stops: [
        {
          sequence: 1,
          type: "pickup",
          nass: { _id: nass[0].id, code: "CHI01", facilityName: "Facility CHI01" },
        },
        { sequence: 2, type: "delivery", nass: { code: "DAL02" } },
      ],
    });
    expect(await t.app.deps.db.route.count({ where: { routeNumber: "NEW-ROUTE" } })).toBe(1);
    const audit = await t.app.deps.db.auditLog.findFirst({ where: { action: "load.update" } });
    expect(audit?.entityId).toBe(result.body._id);
  });

  it("reorders, adds and removes stops", async () => {
    const reordered = await put("ED-1", {
      stops: [
        { sequence: 3, type: "delivery", nass: "DAL02" },
        { sequence: 1, type: "pickup", nass: "ATL03" },
        { sequence: 2, type: "stop", nass: nass[3].id },
      ],
    });
    expect(reordered.status).toBe(200);
    const codes = (body: Record<string, unknown>) =>
      (body.stops as { sequence: number; type: string; nass: { code: string } }[]).map(
        (stop) => `${stop.sequence}:${stop.type}:${stop.nass.code}`,
      );
    expect(codes(reordered.body)).toEqual(["1:pickup:ATL03", "2:stop:DEN04", "3:delivery:DAL02"]);
    expect(reordered.body.stopCount).toBe(3);
    const removed = await put("ED-1", { stops: [{ sequence: 1, type: "pickup", nass: "CHI01" }] });
    expect(codes(removed.body)).toEqual(["1:pickup:CHI01"]);
    const cleared = await put("ED-1", { stops: [] });
    expect(cleared.body).toMatchObject({ stops: [], stopCount: 0 });
    expect(await t.app.deps.db.loadStop.count({ where: { load: { loadId: "ED-1" } } })).toBe(0);
  });

  it("keeps fields left out, clears fields sent as null, and takes a stop count as on the create form", async () => {
    const result = await put("ED-1", { customer: null, stops: "4" });
    expect(result.body).toMatchObject({ customer: null, weight: 100, routeNumber: "R-1", stopCount: 4 });
  });

  it("refuses a stop count or sequence that is not a whole number >= 0 with the spec's message", async () => {
    for (const body of [
      { stops: -1 },
      { stops: "abc" },
      { stops: [{ sequence: 1.5, type: "pickup", nass: "CHI01" }] },
    ]) {
      const result = await put("ED-1", body);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe("Stops debe ser un número válido mayor o igual a 0");
    }
    const fields = await put("ED-1", { stops: [{ sequence: -2, type: "pickup", nass: "CHI01" }] });
    expect(fields.body.errors).toEqual([
      { field: "stops.0.sequence", message: "Stops debe ser un número válido mayor o igual a 0" },
    ]);
  });

  it("refuses unknown NASS codes, bad dates, negative weights and unknown status or mode, changing nothing", async () => {
    const before = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "ED-1" } });
    const unknownNass = await put("ED-1", { stops: [{ sequence: 1, type: "pickup", nass: "GHOST" }] });
    expect(unknownNass.status).toBe(400);
    expect(unknownNass.body.errors).toEqual([
      { field: "stops.0.nass", message: "Unknown NASS code 'GHOST'" },
    ]);
    const invalid = await put("ED-1", {
      pickupDate: "2026-02-30",
      weight: -1,
      volume: "lots",
      status: "lost",
      mode: "BOAT",
      stops: [{ sequence: 1, type: "detour", nass: "CHI01" }],
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body.errors as { field: string }[]).map((error) => error.field).sort()).toEqual([
      "mode",
      "pickupDate",
      "status",
      "stops.0.type",
      "volume",
      "weight",
    ]);
    const duplicate = await put("ED-1", {
      stops: [
        { sequence: 1, type: "pickup", nass: "CHI01" },
        { sequence: 1, type: "delivery", nass: "DAL02" },
      ],
    });
    expect(duplicate.body.errors).toEqual([
      { field: "stops.1.sequence", message: "Sequence 1 is already used by stop 1" },
    ]);
    const after = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "ED-1" } });
    expect(after).toEqual(before);
  });

  it("takes back the load as GET answered it (round trip), with a stop added", async () => {
    const loaded = await rest<Record<string, unknown>>(t.app, "GET", "/loads/ED-2", undefined, {
      token: adminToken,
    });
    const stops = loaded.body.stops as Record<string, unknown>[];
    const edited = {
      ...loaded.body,
      commodity: "Periodicals",
      stops: [...stops, { sequence: 9, type: "stop", nass: "ATL03" }],
    };
    const result = await put("ED-2", edited);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      commodity: "Periodicals",
      stopCount: stops.length + 1,
      customer: loaded.body.customer,
      pickupDate: loaded.body.pickupDate,
      additionalData: loaded.body.additionalData,
    });
    expect((result.body.stops as unknown[]).length).toBe(stops.length + 1);
  });

  it("keeps loadId read-only and answers 404 for an unknown load", async () => {
    const renamed = await put("ED-1", { loadId: "ED-RENAMED" });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual([{ field: "loadId", message: "Load ID cannot be changed" }]);
    expect((await put("NOPE", { customer: "x" })).status).toBe(404);
  });

  it("is for admins only", async () => {
    expect((await put("ED-1", { customer: "x" }, carrierToken)).status).toBe(403);
    expect((await rest(t.app, "PUT", "/loads/ED-1", { customer: "x" })).status).toBe(401);
  });
});

describe("PATCH /api/loads/{id} (assign a driver)", () => {
  it("assigns a carrier's driver by userId or id and takes the driver's carrier", async () => {
    const { carrier, driver } = await carrierWithDriver(t.app, "patch");
    const byUserId = await rest(
      t.app,
      "PATCH",
      "/loads/ED-1",
      { user: driver.userId },
      { token: adminToken },
    );
    expect(byUserId.status).toBe(200);
    expect(byUserId.body).toMatchObject({
      assignedUserId: driver.id,
      assignedUserKey: driver.userId,
      carrierId: carrier.carrierId,
      carrier: { _id: carrier.id, carrierId: carrier.carrierId, carrierName: carrier.carrierName },
      driver: { _id: driver.id, userId: driver.userId },
    });
    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "ED-1" } });
    const byId = await rest(
      t.app,
      "PATCH",
      `/loads/${load.id}`,
      { user: { _id: driver.id } },
      { token: adminToken },
    );
    expect(byId.body.assignedUserId).toBe(driver.id);
    const audit = await t.app.deps.db.auditLog.count({
      where: { action: "load.assignDriver", entityId: load.id },
    });
    expect(audit).toBe(2);
    const unassigned = await rest(t.app, "PATCH", "/loads/ED-1", { user: null }, { token: adminToken });
    expect(unassigned.body).toMatchObject({ assignedUserId: null, carrierId: null });
  });

  it("refuses an admin as driver, an unknown user and a missing user", async () => {
    const admin = await t.app.deps.db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
    const asAdmin = await rest(t.app, "PATCH", "/loads/ED-1", { user: admin.id }, { token: adminToken });
    expect(asAdmin.status).toBe(400);
    expect(asAdmin.body.message).toBe("The driver must be a carrier user.");
    const unknown = await rest(t.app, "PATCH", "/loads/ED-1", { user: "FW-NOBODY" }, { token: adminToken });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: "user", message: "User not found" }]);
    const missing = await rest(t.app, "PATCH", "/loads/ED-1", {}, { token: adminToken });
    expect(missing.status).toBe(400);
    expect(
      (await rest(t.app, "PATCH", "/loads/ED-1", { user: admin.id }, { token: carrierToken })).status,
    ).toBe(403);
  });
});

describe("updateLoad and assignLoadDriver (GraphQL)", () => {
  const UPDATE = `mutation Update($input: UpdateLoadInput!) {
    updateLoad(input: $input) {
      __typename
      ... on MutationUpdateLoadSuccess {
        data { load { id loadId status mode weight pickupDate routeNumber stopCount stops { sequence type nass { id code } } } }
      }
      ... on ValidationError { message fields { field message } }
      ... on NotFoundError { message }
    }
  }`;

  async function loadNodeId(loadId: string): Promise<string> {
    const result = await gql<{ loadByLoadId: { id: string } }>(
      t.app,
      `query ($loadId: String!) { loadByLoadId(loadId: $loadId) { id } }`,
      { loadId },
      { token: adminToken },
    );
    return result.data!.loadByLoadId.id;
  }

  it("edits fields and stops, naming NASS records by node id or code", async () => {
    const nassNode = await gql<{ nassCodes: { edges: { node: { id: string } }[] } }>(
      t.app,
      `{ nassCodes(search: "ATL03") { edges { node { id } } } }`,
      {},
      { token: adminToken },
    );
    const atlanta = nassNode.data!.nassCodes.edges[0].node.id;
    const result = await gql<{ updateLoad: Record<string, unknown> }>(
      t.app,
      UPDATE,
      {
        input: {
          id: await loadNodeId("ED-2"),
          status: "delivered",
          mode: "SHIP",
          weight: 42,
          pickupDate: "2026-12-01T10:00:00.000Z",
          routeNumber: "GQ-ROUTE",
          stops: [
            { sequence: 2, type: "delivery", nass: "DEN04" },
            { sequence: 1, type: "pickup", nass: atlanta },
          ],
        },
      },
      { token: adminToken },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateLoad).toMatchObject({
      __typename: "MutationUpdateLoadSuccess",
      data: {
        load: {
          loadId: "ED-2",
          status: "delivered",
          mode: "SHIP",
          weight: 42,
          pickupDate: "2026-12-01T10:00:00.000Z",
          routeNumber: "GQ-ROUTE",
          stopCount: 2,
          stops: [
            { sequence: 1, type: "pickup", nass: { id: atlanta, code: "ATL03" } },
            { sequence: 2, type: "delivery", nass: { code: "DEN04" } },
          ],
        },
      },
    });
  });

  it("refuses a delivery date before the pickup date, against the load's stored dates too", async () => {
    const id = await loadNodeId("ED-2");
    const late = await gql<{ updateLoad: { __typename: string; message: string; fields: unknown[] } }>(
      t.app,
      UPDATE,
      { input: { id, pickupDate: "2026-12-09T10:00:00.000Z" } },
      { token: adminToken },
    );
    expect(late.data?.updateLoad).toMatchObject({
      __typename: "ValidationError",
      message: "Delivery Date cannot be before Pickup Date",
      fields: [{ field: "deliveryDate", message: "Delivery Date cannot be before Pickup Date" }],
    });
    const both = await put("ED-2", { pickupDate: "2026-12-09", deliveryDate: "2026-12-08" });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("Delivery Date cannot be before Pickup Date");
  });

  it("returns field errors as a ValidationError", async () => {
    const result = await gql<{ updateLoad: { __typename: string; message: string; fields: unknown[] } }>(
      t.app,
      UPDATE,
      { input: { id: await loadNodeId("ED-2"), stops: [{ sequence: -1, type: "pickup", nass: "CHI01" }] } },
      { token: adminToken },
    );
    expect(result.data?.updateLoad).toEqual({
      __typename: "ValidationError",
      message: "Stops debe ser un número válido mayor o igual a 0",
      fields: [{ field: "stops.0.sequence", message: "Stops debe ser un número válido mayor o igual a 0" }],
    });
  });

  it("assigns a driver by user node id", async () => {
    const { driver } = await carrierWithDriver(t.app, "graphql");
    const userNode = Buffer.from(`User:${driver.id}`).toString("base64");
    const result = await gql<{
      assignLoadDriver: { data: { load: { assignedUserKey: string; carrierName: string } } };
    }>(
      t.app,
      `mutation ($input: AssignLoadDriverInput!) {
        assignLoadDriver(input: $input) { ... on MutationAssignLoadDriverSuccess { data { load { assignedUserKey carrierName } } } }
      }`,
      { input: { id: await loadNodeId("ED-2"), driver: userNode } },
      { token: adminToken },
    );
    expect(result.data?.assignLoadDriver.data.load).toEqual({
      assignedUserKey: driver.userId,
      carrierName: "Carrier graphql Trucking",
    });
  });

  it("refuses a carrier", async () => {
    const result = await gql(
      t.app,
      UPDATE,
      { input: { id: await loadNodeId("ED-2"), weight: 1 } },
      {
        token: carrierToken,
      },
    );
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  rest,
  type Session,
  type TestApp,
} from "../support/app.ts";
import { type CarrierAnswer, createCarrierAs } from "../support/carriers.ts";

type UserRow = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let admin: Session;
let carrierSession: Session;
let carrier: CarrierAnswer;
let otherCarrier: CarrierAnswer;
let driver: UserRow;
let otherDriver: UserRow;
let freeUser: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrierSession = world.carrierSession;
  carrier = await createCarrierAs(t.app, admin.token, 1, { carrierName: "Assign Lines" });
  otherCarrier = await createCarrierAs(t.app, admin.token, 2, { carrierName: "Other Haul" });
  driver = await createUser(t.app, { email: "dina@drivers.example.com", fullName: "Dina Driver" });
  otherDriver = await createUser(t.app, { email: "oscar@drivers.example.com", fullName: "Oscar Other" });
  freeUser = await createUser(t.app, { email: "fred@drivers.example.com", fullName: "Fred Free" });
  await rest(
    t.app,
    "PATCH",
    `/carriers/${carrier.carrierId}`,
    { drivers: [driver.id] },
    { token: admin.token },
  );
  await rest(
    t.app,
    "PATCH",
    `/carriers/${otherCarrier.carrierId}`,
    { drivers: [otherDriver.id] },
    {
      token: admin.token,
    },
  );
});
afterAll(() => t.close());

/** The manual-assignment form as the screen sends it. */
function form(overrides: Record<string, unknown> = {}) {
  return {
    carrierId: carrier.carrierId,
    loadId: "MA-1001",
    bolNumber: "BOL-77",
    status: "pending",
    mode: "TRUCK",
    customer: "USPS",
    assignedUserKey: driver.id,
    referenceNumber: "REF-9",
    weight: "12500.5",
    volume: 40,
    freightClass: "70",
    commodity: "Mail",
    orderInfo: "Dock 4",
    additionalData: "Fragile",
    stops: 3,
    routeNumber: "",
    origin: { address: "1 Main St, Dallas, TX" },
    destination: { address: "9 Elm St, Tulsa, OK" },
    pickupDate: "2026-12-01T08:00:00.000Z",
    deliveryDate: "2026-12-02",
    appointmentsRequired: true,
    appointmentsConfirmed: false,
    ...overrides,
  };
}

const post = (body: unknown, token: string | null = admin.token) =>
  rest(t.app, "POST", "/loads/manual-assignment", body, { token });

describe("POST /api/loads/manual-assignment", () => {
  it("creates the load assigned to the carrier's driver", async () => {
    const result = await post(form());
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      loadId: "MA-1001",
      customer: "USPS",
      status: "pending",
      mode: "TRUCK",
      assignedUserId: driver.id,
      assignedUserKey: driver.userId,
      carrierId: carrier.carrierId,
      carrier: { _id: carrier._id, carrierName: "Assign Lines" },
      weight: 12500.5,
      volume: 40,
      stops: [],
      stopCount: 3,
      driver: { _id: driver.id, userId: driver.userId },
      routeNumber: null,
      origin: { address: "1 Main St, Dallas, TX" },
      destination: { address: "9 Elm St, Tulsa, OK" },
      pickupDate: "2026-12-01T08:00:00.000Z",
      deliveryDate: "2026-12-02T00:00:00.000Z",
      appointmentsRequired: true,
      appointmentsConfirmed: false,
      additionalData: "Fragile",
    });
    const row = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "MA-1001" } });
    expect(row).toMatchObject({
      assignedUserId: driver.id,
      carrierId: carrier._id,
      stopCount: 3,
      routeId: null,
      bolNumber: "BOL-77",
    });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "load.manual-assignment", entityId: row.id },
    });
    expect(audit?.actorId).toBe(admin.userId);
  });

  it("takes the driver by userId, defaults status/mode/stops and leaves optional fields empty", async () => {
    const result = await post({
      carrierId: carrier._id,
      loadId: "MA-1002",
      customer: "Acme",
      assignedUserKey: driver.userId,
      stops: "",
      pickupDate: "",
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      status: "pending",
      mode: "TRUCK",
      stopCount: 0,
      pickupDate: null,
      weight: null,
      origin: { address: null },
    });
  });

  it("uses the driver's carrier when the payload names none", async () => {
    const result = await post({ loadId: "MA-1003", customer: "Acme", assignedUserKey: otherDriver.id });
    expect(result.status).toBe(201);
    expect(result.body.carrierId).toBe(otherCarrier.carrierId);
    const noCarrier = await post({ loadId: "MA-1004", customer: "Acme", assignedUserKey: freeUser.id });
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.body.error).toBe("This driver does not belong to any carrier");
  });

  it("creates the route when the route number is new, and joins it when it exists", async () => {
    const first = await post(form({ loadId: "MA-2001", routeNumber: "261121AB" }));
    expect(first.status).toBe(201);
    expect(first.body.routeNumber).toBe("261121AB");
    const route = await t.app.deps.db.route.findUniqueOrThrow({
      where: { routeNumber: "261121AB" },
      include: { loads: true },
    });
    expect(route).toMatchObject({ carrierId: carrier._id, assignedUserId: driver.id });
    const second = await post(form({ loadId: "MA-2002", routeNumber: "261121AB" }));
    expect(second.status).toBe(201);
    const loads = await t.app.deps.db.load.findMany({
      where: { routeId: route.id },
      orderBy: { loadId: "asc" },
    });
    expect(loads.map((load) => load.loadId)).toEqual(["MA-2001", "MA-2002"]);
    expect(await t.app.deps.db.route.count({ where: { routeNumber: "261121AB" } })).toBe(1);
  });

  it("lets concurrent requests share a new route number and refuses a Load ID sent twice at once", async () => {
    const sharedRoute = await Promise.all(
      ["MA-5001", "MA-5002", "MA-5003"].map((loadId) => post(form({ loadId, routeNumber: "261130RR" }))),
    );
    expect(sharedRoute.map((result) => result.status)).toEqual([201, 201, 201]);
    const route = await t.app.deps.db.route.findUniqueOrThrow({
      where: { routeNumber: "261130RR" },
      include: { _count: { select: { loads: true } } },
    });
    expect(route._count.loads).toBe(3);

    const sameLoad = await Promise.all([1, 2, 3].map(() => post(form({ loadId: "MA-5100" }))));
    expect(sameLoad.map((result) => result.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    [{ loadId: "" }, "loadId", "Load ID es requerido"],
    [{ loadId: undefined }, "loadId", "Load ID es requerido"],
    [{ customer: "  " }, "customer", "Customer es requerido"],
    [{ customer: null }, "customer", "Customer es requerido"],
    [{ assignedUserKey: "" }, "assignedUserKey", "Driver requerido"],
    [{ stops: -1 }, "stops", "Stops debe ser un número válido mayor o igual a 0"],
    [{ stops: 1.5 }, "stops", "Stops debe ser un número válido mayor o igual a 0"],
    [{ stops: "tres" }, "stops", "Stops debe ser un número válido mayor o igual a 0"],
    [{ pickupDate: "not a date" }, "pickupDate", "Pickup Date 'not a date' is not a valid date"],
    [{ deliveryDate: "2026-13-45" }, "deliveryDate", "Delivery Date '2026-13-45' is not a valid date"],
    [
      { pickupDate: "2026-12-09T10:00:00Z", deliveryDate: "2026-12-08T10:00:00Z" },
      "deliveryDate",
      "Delivery Date cannot be before Pickup Date",
    ],
    [{ status: "lost" }, "status", "Unknown status 'lost' (use pending, in_transit, delivered or cancelled)"],
    [{ mode: "BIKE" }, "mode", "Unknown mode 'BIKE' (use TRUCK, RAIL, SHIP or AIR)"],
    [{ weight: "heavy" }, "weight", "Weight 'heavy' is not a number"],
    [{ freightClass: "x".repeat(41) }, "freightClass", "Freight Class is longer than 40 characters"],
  ])("refuses %j with '%s: %s'", async (overrides, field, message) => {
    const result = await post(form({ loadId: "MA-BAD", ...overrides }));
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
    expect(result.body.errors).toContainEqual({ field, message });
  });

  it("answers the three required texts together, in the form's order", async () => {
    const result = await post({});
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("Load ID es requerido");
    expect((result.body.errors as { message: string }[]).map((error) => error.message)).toEqual([
      "Load ID es requerido",
      "Customer es requerido",
      "Driver requerido",
    ]);
  });

  it("refuses a driver who is not in that carrier", async () => {
    const result = await post(form({ loadId: "MA-3001", assignedUserKey: otherDriver.userId }));
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("This driver does not belong to this carrier");
    expect(await t.app.deps.db.load.count({ where: { loadId: "MA-3001" } })).toBe(0);
  });

  it("answers 404 for an unknown carrier or driver", async () => {
    const carrierMissing = await post(form({ loadId: "MA-3002", carrierId: "CAR-999999" }));
    expect(carrierMissing.status).toBe(404);
    expect(carrierMissing.body.error).toBe("Carrier not found");
    const driverMissing = await post(form({ loadId: "MA-3002", assignedUserKey: "FW-NOBODY" }));
    expect(driverMissing.status).toBe(404);
    expect(driverMissing.body.error).toBe("Driver not found: FW-NOBODY");
  });

  it("answers 409 for a Load ID that already exists", async () => {
    const result = await post(form({ loadId: "MA-1001" }));
    expect(result.status).toBe(409);
    expect(result.body.error).toBe("A load with this Load ID already exists");
  });

  it("is for admins only", async () => {
    expect((await post(form({ loadId: "MA-4001" }), null)).status).toBe(401);
    expect((await post(form({ loadId: "MA-4001" }), carrierSession.token)).status).toBe(403);
  });
});

const CREATE = /* GraphQL */ `
  mutation Assign($input: CreateManualAssignmentInput!) {
    createManualAssignment(input: $input) {
      __typename
      ... on MutationCreateManualAssignmentSuccess {
        data {
          loadId
          loadGlobalId
          routeNumber
          carrier { carrierId carrierName }
          driver { email }
        }
      }
      ... on Error { message code }
      ... on ValidationError { fields { field message } }
    }
  }
`;

interface AssignResult {
  createManualAssignment: {
    __typename: string;
    message?: string;
    fields?: { field: string; message: string }[];
    data?: {
      loadId: string;
      loadGlobalId: string;
      routeNumber: string | null;
      carrier: { carrierId: string; carrierName: string };
      driver: { email: string };
    };
  };
}

describe("createManualAssignment (GraphQL)", () => {
  const assign = (input: Record<string, unknown>, token: string | null = admin.token) =>
    gql<AssignResult>(t.app, CREATE, { input }, { token });
  const input = (overrides: Record<string, unknown> = {}) => ({
    carrierId: carrier.carrierId,
    loadId: "GQ-1",
    customer: "USPS",
    assignedUserKey: Buffer.from(`User:${driver.id}`).toString("base64"),
    stops: 2,
    weight: 1000,
    origin: { address: "Dallas, TX" },
    pickupDate: "2026-12-05",
    ...overrides,
  });

  it("creates the load and returns its ids, carrier and driver", async () => {
    const result = await assign(input({ routeNumber: "261205ZZ" }));
    expect(result.errors).toBeUndefined();
    const data = result.data!.createManualAssignment.data!;
    expect(data).toMatchObject({
      loadId: "GQ-1",
      routeNumber: "261205ZZ",
      carrier: { carrierId: carrier.carrierId, carrierName: "Assign Lines" },
      driver: { email: "dina@drivers.example.com" },
    });
    const row = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "GQ-1" } });
    expect(Buffer.from(data.loadGlobalId, "base64").toString()).toBe(`Load:${row.id}`);
    expect(row).toMatchObject({
      stopCount: 2,
      weight: 1000,
      originAddress: "Dallas, TX",
      carrierId: carrier._id,
    });
  });

  it("answers the required texts as a ValidationError", async () => {
    const result = await assign({ carrierId: carrier.carrierId });
    expect(result.data!.createManualAssignment).toMatchObject({
      __typename: "ValidationError",
      message: "Load ID es requerido",
      fields: [
        { field: "loadId", message: "Load ID es requerido" },
        { field: "customer", message: "Customer es requerido" },
        { field: "assignedUserKey", message: "Driver requerido" },
      ],
    });
    const stops = await assign(input({ loadId: "GQ-2", stops: -3 }));
    expect(stops.data!.createManualAssignment.message).toBe(
      "Stops debe ser un número válido mayor o igual a 0",
    );
  });

  it("refuses a driver of another carrier, and a duplicate Load ID", async () => {
    const wrongDriver = await assign(input({ loadId: "GQ-3", assignedUserKey: otherDriver.id }));
    expect(wrongDriver.data!.createManualAssignment).toMatchObject({
      __typename: "ValidationError",
      message: "This driver does not belong to this carrier",
    });
    const duplicate = await assign(input());
    expect(duplicate.data!.createManualAssignment).toMatchObject({
      __typename: "ConflictError",
      message: "A load with this Load ID already exists",
    });
  });

  it("refuses non-admins and anonymous callers", async () => {
    expect((await assign(input({ loadId: "GQ-4" }), carrierSession.token)).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await assign(input({ loadId: "GQ-4" }), null)).errors?.[0].extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
  });
});

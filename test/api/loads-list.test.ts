import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { carrierWithDriver, uploadLoads } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;

const SAMPLE = [
  {
    "Load ID": "USPS-0001",
    Route: "R-3",
    Customer: "USPS",
    Status: "pending",
    Mode: "TRUCK",
    "Pickup Date": "2026-11-01",
    "Delivery Date": "2026-11-03",
    "Tracking Link": "https://track.example.com/1",
  },
  {
    "Load ID": "USPS-0002",
    Route: "R-1",
    Customer: "Amazon",
    Status: "in_transit",
    Mode: "RAIL",
    "Pickup Date": "2026-11-05",
    "Delivery Date": "2026-11-06",
  },
  {
    "Load ID": "usps-0003",
    Route: "R-2",
    Customer: "Costco",
    Status: "delivered",
    Mode: "TRUCK",
    "Pickup Date": "2026-10-20",
    "Delivery Date": "2026-10-22",
  },
  { "Load ID": "AB_1", Route: "", Customer: "Walmart", Status: "cancelled", Mode: "AIR" },
  {
    "Load ID": "ABX1",
    Route: "R-1",
    Customer: "Target",
    Status: "pending",
    Mode: "SHIP",
    "Pickup Date": "2026-12-01",
  },
  {
    "Load ID": "ab%2",
    Route: "R-2",
    Customer: "USPS",
    Status: "pending",
    Mode: "TRUCK",
    "Pickup Date": "2026-11-15",
    "Delivery Date": "2026-11-16",
  },
];

const LIST = `query List($search: String, $filter: LoadFilter, $orderBy: LoadOrder, $page: Int, $pageSize: Int, $first: Int, $after: String, $last: Int, $before: String) {
  loads(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize, first: $first, after: $after, last: $last, before: $before) {
    totalCount pageCount page pageSize
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { id loadId routeNumber customer carrierName status mode pickupDate deliveryDate trackingLink } }
  }
}`;

interface ListNode {
  id: string;
  loadId: string;
  routeNumber: string | null;
  customer: string | null;
  carrierName: string | null;
  status: string;
  pickupDate: string | null;
  deliveryDate: string | null;
}
interface ListResult {
  totalCount: number;
  pageCount: number;
  page: number;
  pageSize: number;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  edges: { cursor: string; node: ListNode }[];
}

async function list(variables: Record<string, unknown>, token = adminToken): Promise<ListResult> {
  const result = await gql<{ loads: ListResult }>(t.app, LIST, variables, { token });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.loads;
}
const ids = (result: ListResult) => result.edges.map((edge) => edge.node.loadId);

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  await uploadLoads(t.app, adminToken, SAMPLE.slice(0, 3));
  await uploadLoads(t.app, adminToken, SAMPLE.slice(3));
  const zeta = await carrierWithDriver(t.app, "zeta");
  await t.app.deps.db.carrier.update({
    where: { id: zeta.carrier.id },
    data: { carrierName: "Zeta Freight" },
  });
  const alpha = await carrierWithDriver(t.app, "alpha");
  await t.app.deps.db.carrier.update({
    where: { id: alpha.carrier.id },
    data: { carrierName: "Alpha Haul" },
  });
  await rest(t.app, "PATCH", "/loads/USPS-0001", { user: zeta.driver.userId }, { token: adminToken });
  await rest(t.app, "PATCH", "/loads/USPS-0002", { user: alpha.driver.id }, { token: adminToken });
});
afterAll(() => t.close());

describe("loads: sort on every column, empty values last", () => {
  const column = (result: ListResult, key: keyof ListNode) => result.edges.map((edge) => edge.node[key]);

  it("sorts by route, customer, carrier, status and dates both ways", async () => {
    const sorted = (field: string, direction: string) => list({ orderBy: { field, direction } });
    expect(column(await sorted("ROUTE", "ASC"), "routeNumber")).toEqual([
      "R-1",
      "R-1",
      "R-2",
      "R-2",
      "R-3",
      null,
    ]);
    expect(column(await sorted("ROUTE", "DESC"), "routeNumber")).toEqual([
      "R-3",
      "R-2",
      "R-2",
      "R-1",
      "R-1",
      null,
    ]);
    expect(column(await sorted("CUSTOMER", "ASC"), "customer")).toEqual([
      "Amazon",
      "Costco",
      "Target",
      "USPS",
      "USPS",
      "Walmart",
    ]);
    expect(column(await sorted("CARRIER", "ASC"), "carrierName").slice(0, 3)).toEqual([
      "Alpha Haul",
      "Zeta Freight",
      null,
    ]);
    expect(column(await sorted("CARRIER", "DESC"), "carrierName").slice(0, 3)).toEqual([
      "Zeta Freight",
      "Alpha Haul",
      null,
    ]);
    expect(column(await sorted("STATUS", "ASC"), "status")).toEqual([
      "cancelled",
      "delivered",
      "in_transit",
      "pending",
      "pending",
      "pending",
    ]);
    expect(ids(await sorted("PICKUP_DATE", "ASC"))).toEqual([
      "usps-0003",
      "USPS-0001",
      "USPS-0002",
      "ab%2",
      "ABX1",
      "AB_1",
    ]);
    expect(ids(await sorted("PICKUP_DATE", "DESC"))).toEqual([
      "ABX1",
      "ab%2",
      "USPS-0002",
      "USPS-0001",
      "usps-0003",
      "AB_1",
    ]);
    expect(ids(await sorted("DELIVERY_DATE", "DESC")).slice(0, 4)).toEqual([
      "ab%2",
      "USPS-0002",
      "USPS-0001",
      "usps-0003",
    ]);
    expect(ids(await list({ search: "usps", orderBy: { field: "LOAD_ID", direction: "DESC" } }))).toEqual([
      "usps-0003",
      "USPS-0002",
      "USPS-0001",
    ]);
  });

  it("shows the newest upload first by default and sorts by creation time", async () => {
    const newest = ids(await list({}));
    expect(newest.slice(0, 3).sort()).toEqual(["AB_1", "ABX1", "ab%2"].sort());
    const oldest = ids(await list({ orderBy: { field: "CREATED_AT", direction: "ASC" } }));
    expect(oldest.slice(0, 3).sort()).toEqual(["USPS-0001", "USPS-0002", "usps-0003"].sort());
  });
});

describe("loads: search and filters", () => {
  it("finds text contained in the load id, in any case, taking % and _ literally", async () => {
    expect(
      ids(await list({ search: "usps-000", orderBy: { field: "PICKUP_DATE", direction: "ASC" } })),
    ).toEqual(["usps-0003", "USPS-0001", "USPS-0002"]);
    expect(ids(await list({ search: "b_" }))).toEqual(["AB_1"]);
    expect(ids(await list({ search: "%" }))).toEqual(["ab%2"]);
    expect(ids(await list({ search: "B%2" }))).toEqual(["ab%2"]);
    const none = await list({ search: "nothing-like-this" });
    expect(none).toMatchObject({ totalCount: 0, pageCount: 0, edges: [] });
  });

  it("filters by status, mode, customer and date ranges", async () => {
    expect(ids(await list({ filter: { status: ["in_transit", "cancelled"] } })).sort()).toEqual([
      "AB_1",
      "USPS-0002",
    ]);
    expect(ids(await list({ filter: { mode: ["AIR"] } }))).toEqual(["AB_1"]);
    expect(ids(await list({ filter: { customer: "usps" } })).sort()).toEqual(["USPS-0001", "ab%2"]);
    expect(
      ids(
        await list({ filter: { pickupFrom: "2026-11-01T00:00:00Z", pickupTo: "2026-11-10T00:00:00Z" } }),
      ).sort(),
    ).toEqual(["USPS-0001", "USPS-0002"]);
    expect(ids(await list({ filter: { deliveryTo: "2026-10-31T00:00:00Z" } }))).toEqual(["usps-0003"]);
    const combined = await list({ search: "usps", filter: { status: ["pending"], mode: ["TRUCK"] } });
    expect(ids(combined)).toEqual(["USPS-0001"]);
    expect(combined.totalCount).toBe(1);
  });

  it("refuses an unknown status value", async () => {
    const result = await gql(t.app, LIST, { filter: { status: ["lost"] } }, { token: adminToken });
    expect(result.errors?.[0].message).toMatch(/lost/);
  });
});

describe("loads: paging", () => {
  beforeAll(async () => {
    const fillers = Array.from({ length: 55 }, (_, index) => ({
      "Load ID": `FILL-${String(index + 1).padStart(3, "0")}`,
      Customer: "Filler Co",
    }));
    await uploadLoads(t.app, adminToken, fillers);
  });

  it("pages 50 at a time with the total, page count and position", async () => {
    const first = await list({ page: 1 });
    expect(first).toMatchObject({ totalCount: 61, pageCount: 2, page: 1, pageSize: 50 });
    expect(first.edges).toHaveLength(50);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await list({ page: 2 });
    expect(second.edges).toHaveLength(11);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const beyond = await list({ page: 3 });
    expect(beyond).toMatchObject({ totalCount: 61, edges: [] });
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(61);
  });

  it("pages the same rows with Relay cursors, forwards and backwards", async () => {
    const page = ids(await list({ page: 1, pageSize: 30 }));
    const a = await list({ first: 10 });
    const b = await list({ first: 10, after: a.pageInfo.endCursor });
    const c = await list({ first: 10, after: b.pageInfo.endCursor });
    expect([...ids(a), ...ids(b), ...ids(c)]).toEqual(page);
    const back = await list({ last: 5, before: c.edges[0].cursor });
    expect(ids(back)).toEqual(page.slice(15, 20));
    const tail = await list({ last: 3 });
    expect(tail.edges).toHaveLength(3);
    expect(tail.pageInfo.hasNextPage).toBe(false);
  });

  it("refuses page sizes over 500 and bad cursors", async () => {
    const tooBig = await gql(t.app, LIST, { page: 1, pageSize: 501 }, { token: adminToken });
    expect(tooBig.errors?.[0].message).toBe("pageSize must be between 1 and 500");
    const badCursor = await gql(t.app, LIST, { first: 5, after: "nonsense" }, { token: adminToken });
    expect(badCursor.errors?.[0].message).toBe("Invalid cursor in after");
  });
});

describe("loads: lookups and access", () => {
  it("finds a load by loadId and by node id, with every field", async () => {
    const byLoadId = await gql<{ loadByLoadId: { id: string; loadId: string; trackingLink: string } }>(
      t.app,
      `{ loadByLoadId(loadId: "USPS-0001") { id loadId trackingLink assignedUserKey carrierName origin { address } stops { sequence } } }`,
      {},
      { token: adminToken },
    );
    expect(byLoadId.data?.loadByLoadId).toMatchObject({
      loadId: "USPS-0001",
      trackingLink: "https://track.example.com/1",
      carrierName: "Zeta Freight",
      stops: [],
    });
    const node = await gql<{ node: { loadId: string } }>(
      t.app,
      `query ($id: ID!) { node(id: $id) { ... on Load { loadId status mode } } }`,
      { id: byLoadId.data?.loadByLoadId.id },
      { token: adminToken },
    );
    expect(node.data?.node).toEqual({ loadId: "USPS-0001", status: "pending", mode: "TRUCK" });
    const missing = await gql(t.app, `{ loadByLoadId(loadId: "NOPE") { id } }`, {}, { token: adminToken });
    expect(missing.data).toEqual({ loadByLoadId: null });
  });

  it("is for admins: FORBIDDEN for a carrier, UNAUTHENTICATED without a token", async () => {
    const carrier = await gql(t.app, LIST, {}, { token: carrierToken });
    expect(carrier.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const anonymous = await gql(t.app, LIST, {});
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await rest(t.app, "GET", "/loads", undefined, { token: carrierToken })).status).toBe(403);
    expect((await rest(t.app, "GET", "/loads")).status).toBe(401);
  });
});

describe("GET /api/loads and /api/loads/{id}", () => {
  it("lists every load in the spec's shape", async () => {
    const result = await rest<Record<string, unknown>[]>(t.app, "GET", "/loads", undefined, {
      token: adminToken,
    });
    expect(result.status).toBe(200);
    // Paged: the first 50 in the body, the rest behind ?page=2 (see rest-paging.ts).
    expect(result.body).toHaveLength(50);
    expect(result.headers.get("x-total-count")).toBe("61");
    const second = await rest<Record<string, unknown>[]>(t.app, "GET", "/loads?page=2", undefined, {
      token: adminToken,
    });
    expect(second.body).toHaveLength(11);
    const load = [...result.body, ...second.body].find((item) => item.loadId === "USPS-0001");
    expect(load).toMatchObject({
      _id: expect.any(String),
      loadId: "USPS-0001",
      routeNumber: "R-3",
      customer: "USPS",
      status: "pending",
      mode: "TRUCK",
      carrier: { carrierName: "Zeta Freight" },
      assignedUserId: expect.any(String),
      assignedUserKey: expect.stringMatching(/^FW-/),
      origin: { address: null },
      destination: { address: null },
      stops: [],
      // Uploaded as '2026-11-01': midnight in the uploader's zone (none chosen: Eastern, still EDT).
      pickupDate: "2026-11-01T04:00:00.000Z",
      appointmentsRequired: false,
      createdAt: expect.any(String),
    });
  });

  it("reads one load by loadId or _id, and answers 404 otherwise", async () => {
    const byLoadId = await rest(t.app, "GET", "/loads/ab%252", undefined, { token: adminToken });
    expect(byLoadId.body.loadId).toBe("ab%2");
    const byId = await rest(t.app, "GET", `/loads/${byLoadId.body._id}`, undefined, { token: adminToken });
    expect(byId.body.loadId).toBe("ab%2");
    const missing = await rest(t.app, "GET", "/loads/NOPE", undefined, { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Load not found");
  });
});

describe.runIf(testProvider === "sqlite")("the search index (SQLite)", () => {
  it("exists, so a search reads lower(loadId) from the index", async () => {
    const rows = await t.app.deps.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'Load_createdAt_id_loadIdLower_idx'`,
    );
    expect(rows).toHaveLength(1);
  });
});

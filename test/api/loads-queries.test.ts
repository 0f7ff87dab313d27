import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";
import { countQueries } from "../support/query-count.ts";

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  await createNassCodes(t.app, ["CHI01", "DAL02"]);
  const rows = Array.from({ length: 60 }, (_, index) => ({
    "Load ID": `Q-${String(index).padStart(3, "0")}`,
    Route: `R-${index % 7}`,
    "Origin NASS": "CHI01",
    "Destination NASS": "DAL02",
  }));
  await uploadLoads(t.app, adminToken, rows);
  for (const suffix of ["a", "b", "c"]) {
    const { driver } = await carrierWithDriver(t.app, suffix);
    for (const index of [1, 2, 3]) {
      await rest(t.app, "PATCH", `/loads/Q-00${index}`, { user: driver.id }, { token: adminToken });
    }
  }
});
afterAll(() => t.close());

const LIST = `query ($pageSize: Int, $search: String, $orderBy: LoadOrder) {
  lastUpload { createdAt }
  loads(page: 1, pageSize: $pageSize, search: $search, orderBy: $orderBy) {
    totalCount
    edges { node { id loadId routeNumber customer carrierName assignedUserKey status pickupDate deliveryDate trackingLink
      assignedUser { fullName } stops { sequence type nass { code city } } } }
  }
}`;

async function operationsFor(variables: Record<string, unknown>): Promise<string[]> {
  const counter = countQueries(t.app);
  try {
    const result = await gql<{ loads: { edges: unknown[] } }>(t.app, LIST, variables, { token: adminToken });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    expect(result.data?.loads.edges).toHaveLength(variables.pageSize as number);
    return [...counter.operations];
  } finally {
    counter.restore();
  }
}

describe("the load list makes a constant number of queries", () => {
  it("whatever the page size, with carrier, route, driver and stop columns", async () => {
    const small = await operationsFor({ pageSize: 5 });
    const large = await operationsFor({ pageSize: 50 });
    expect(large).toEqual(small);
    // Session and viewer, lastUpload, the page's ids, the count, and the rows with their relations.
    expect(large.length).toBeLessThanOrEqual(7);
    expect(large.filter((operation) => operation.startsWith("Load."))).toEqual(["Load.findMany"]);
  });

  it("also when searching and sorting by a joined column", async () => {
    const small = await operationsFor({
      pageSize: 5,
      search: "q-0",
      orderBy: { field: "CARRIER", direction: "DESC" },
    });
    const large = await operationsFor({
      pageSize: 50,
      search: "q-0",
      orderBy: { field: "CARRIER", direction: "DESC" },
    });
    expect(large).toEqual(small);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import RouteListViewQuery from "../../client/src/routing/__generated__/RouteListViewQuery.graphql.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { countDriverStatements } from "../support/driver-count.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  // What computing an answer costs: the response cache reads SQLite's data_version first.
  t = await createTestApp({ responseCache: false });
  adminToken = (await adminAndCarrier(t.app)).adminSession.token;
  await createNassCodes(t.app, ["RLS01", "RLS02", "RLS03"]);
  // 30 routes of one to three loads; some dated, some not; stops on every third route.
  const rows = Array.from({ length: 60 }, (_, index) => ({
    "Load ID": `RLS-${String(index).padStart(3, "0")}`,
    "Route Number": `RL-${String(index % 30).padStart(2, "0")}`,
    "Pickup Date": index % 5 === 0 ? "" : `2026-06-${String(1 + (index % 27)).padStart(2, "0")}T08:00:00Z`,
    "Delivery Date": index % 7 === 0 ? "" : `2026-07-${String(1 + (index % 27)).padStart(2, "0")}T08:00:00Z`,
  }));
  await uploadLoads(t.app, adminToken, rows);
  const { driver } = await carrierWithDriver(t.app, "rls");
  for (let route = 0; route < 30; route += 3) {
    const stops =
      route % 2 === 0
        ? [
            { sequence: 1, type: "pickup", nass: { code: "RLS01" } },
            { sequence: 2, type: "stop", nass: { code: "RLS02" } },
            { sequence: 3, type: "delivery", nass: { code: "RLS03" } },
          ]
        : [{ sequence: 1, type: "pickup", nass: { code: "RLS02" } }];
    const result = await rest(
      t.app,
      "PUT",
      `/routing/RL-${String(route).padStart(2, "0")}`,
      { assignedUserKey: driver.userId, stops },
      { token: adminToken },
    );
    expect(result.status).toBe(200);
  }
});
afterAll(() => t.close());

type Routes = { edges: { node: Record<string, unknown> }[] };

async function screenList(variables: Record<string, unknown>): Promise<Routes> {
  const result = await gql<{ routes: Routes }>(t.app, RouteListViewQuery.params.text!, variables, {
    token: adminToken,
  });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.routes;
}

/** The same fields through Prisma: asking for the driver's name takes the page off the SQL path. */
const PRISMA_LIST = `query ($orderBy: RouteOrder, $page: Int, $pageSize: Int) {
  routes(orderBy: $orderBy, page: $page, pageSize: $pageSize) {
    edges { node { id routeNumber carrierName loadCount stopCount pickupNassCode pickupDate deliveryNassCode deliveryDate
      assignedUser { fullName } } }
  }
}`;

describe("the route list screen's request", () => {
  it("is at most 4 statements at the driver, the same for 10 and 20 rows", async () => {
    const statementsFor = async (variables: Record<string, unknown>) => {
      await screenList(variables);
      const counter = countDriverStatements();
      try {
        const routes = await screenList(variables);
        return { rows: routes.edges.length, statements: [...counter.statements] };
      } finally {
        counter.stop();
      }
    };
    const small = await statementsFor({ page: 2, pageSize: 10 });
    const large = await statementsFor({ page: 1, pageSize: 20 });
    expect([small.rows, large.rows]).toEqual([10, 20]);
    expect(large.statements.length).toBeLessThanOrEqual(4);
    expect(large.statements.length).toBe(small.statements.length);
  });

  it("answers what Prisma answers for the same routes, in every sort order", async () => {
    for (const field of ["ROUTE_NUMBER", "PICKUP_DATE", "STOP_COUNT", "CREATED_AT"]) {
      for (const direction of ["ASC", "DESC"]) {
        const variables = { orderBy: { field, direction }, page: 1, pageSize: 50 };
        const bySql = (await screenList(variables)).edges.map((edge) => edge.node);
        const result = await gql<{ routes: Routes }>(t.app, PRISMA_LIST, variables, { token: adminToken });
        const byPrisma = result.data!.routes.edges.map(({ node: { assignedUser: _, ...node } }) => node);
        expect(bySql.map(({ __typename: _, ...node }) => node)).toEqual(
          byPrisma.map((node) => expect.objectContaining(node)),
        );
        expect(bySql.map((node) => Object.keys(node).length)).not.toContain(0);
      }
    }
    const withStops = (await screenList({ orderBy: { field: "ROUTE_NUMBER" }, pageSize: 1 })).edges[0].node;
    expect(withStops).toMatchObject({
      routeNumber: "RL-00",
      stopCount: 3,
      pickupNassCode: "RLS01",
      deliveryNassCode: "RLS03",
    });
  });
});

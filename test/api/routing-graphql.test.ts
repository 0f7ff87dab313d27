import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOADS_REQUIRED, ROUTE_NUMBER_REQUIRED } from "../../common/routing.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";
import { countQueries } from "../support/query-count.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let adminToken: string;

const ROUTE_COUNT = 24;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  await createNassCodes(t.app, ["CHI01", "DAL02"]);
  // Two loads per route G-00..G-23; pickups one day apart so the derived dates sort.
  const rows = Array.from({ length: ROUTE_COUNT * 2 }, (_, index) => {
    const route = Math.floor(index / 2);
    const day = String(1 + route).padStart(2, "0");
    return {
      "Load ID": `GL-${String(index).padStart(3, "0")}`,
      "Route Number": `G-${String(route).padStart(2, "0")}`,
      "Pickup Date": `2026-04-${day}T08:00:00Z`,
      "Delivery Date": `2026-05-${day}T08:00:00Z`,
      "Origin NASS": "CHI01",
      "Destination NASS": "DAL02",
    };
  });
  await uploadLoads(t.app, adminToken, rows);
  const { driver } = await carrierWithDriver(t.app, "g");
  for (const route of ["G-01", "G-02", "G-03"]) {
    const result = await rest(
      t.app,
      "PUT",
      `/routing/${route}`,
      {
        assignedUserKey: driver.userId,
        stops: [
          { sequence: 1, type: "pickup", nass: { code: "CHI01" } },
          { sequence: 2, type: "delivery", nass: { code: "DAL02" } },
        ],
      },
      { token: adminToken },
    );
    expect(result.status).toBe(200);
  }
});
afterAll(() => t.close());

const LIST = `query ($search: String, $filter: RouteFilter, $orderBy: RouteOrder, $page: Int, $pageSize: Int) {
  routes(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
    totalCount pageCount page pageSize
    edges { node { id routeNumber carrierName assignedUserKey loadCount stopCount pickupNassCode pickupDate
      deliveryNassCode deliveryDate assignedUser { fullName } loads { loadId } stops { sequence type nass { code } } } }
  }
}`;

type ListResult = {
  routes: {
    totalCount: number;
    pageCount: number;
    page: number;
    edges: {
      node: {
        routeNumber: string;
        loadCount: number;
        pickupDate: string;
        carrierName: string | null;
        pickupNassCode: string | null;
      };
    }[];
  };
};

async function list(variables: Record<string, unknown>) {
  const result = await gql<ListResult>(t.app, LIST, { page: 1, ...variables }, { token: adminToken });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.routes;
}
const numbers = (routes: ListResult["routes"]) => routes.edges.map((edge) => edge.node.routeNumber);

describe("routes (GraphQL)", () => {
  it("pages with numbered pages and searches the route number and carrier", async () => {
    const page2 = await list({ page: 2, pageSize: 10, orderBy: { field: "ROUTE_NUMBER", direction: "ASC" } });
    expect(page2).toMatchObject({ totalCount: ROUTE_COUNT, pageCount: 3, page: 2 });
    expect(numbers(page2)[0]).toBe("G-10");
    expect(numbers(await list({ search: "g-2" }))).toEqual(
      expect.arrayContaining(["G-20", "G-21", "G-22", "G-23"]),
    );
    expect(numbers(await list({ search: "CARRIER G", orderBy: { field: "ROUTE_NUMBER" } }))).toEqual([
      "G-01",
      "G-02",
      "G-03",
    ]);
  });

  it("sorts by derived pickup date and counts, and filters by driver and pickup dates", async () => {
    const byPickup = await list({ orderBy: { field: "PICKUP_DATE", direction: "DESC" }, pageSize: 2 });
    expect(numbers(byPickup)).toEqual(["G-23", "G-22"]);
    expect(byPickup.edges[0].node.pickupDate).toBe("2026-04-24T08:00:00.000Z");
    expect(
      numbers(await list({ filter: { driverAssigned: true }, orderBy: { field: "ROUTE_NUMBER" } })),
    ).toEqual(["G-01", "G-02", "G-03"]);
    expect((await list({ filter: { driverAssigned: false } })).totalCount).toBe(ROUTE_COUNT - 3);
    const window = await list({
      filter: { pickupFrom: "2026-04-05T00:00:00Z", pickupTo: "2026-04-07T23:59:59Z" },
      orderBy: { field: "PICKUP_DATE" },
    });
    expect(numbers(window)).toEqual(["G-04", "G-05", "G-06"]);
    const byStops = await list({ orderBy: { field: "STOP_COUNT", direction: "DESC" }, pageSize: 1 });
    expect(byStops.edges[0].node.pickupNassCode).toBe("CHI01");
  });

  it("makes a constant number of queries whatever the page size", async () => {
    const operations = async (pageSize: number) => {
      const counter = countQueries(t.app);
      try {
        const routes = await list({ pageSize, search: "g" });
        expect(routes.edges).toHaveLength(pageSize);
        return [...counter.operations];
      } finally {
        counter.restore();
      }
    };
    const small = await operations(3);
    const large = await operations(20);
    expect(large).toEqual(small);
    expect(large.filter((operation) => operation.startsWith("Route."))).toEqual(["Route.findMany"]);
  });

  it("is for admins", async () => {
    const result = await gql(t.app, LIST, {}, { token: world.carrierSession.token });
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

const CREATE = `mutation ($input: CreateRouteInput!) {
  createRoute(input: $input) {
    __typename
    ... on MutationCreateRouteSuccess { data { route { routeNumber loadCount } movedLoads { loadId fromRouteNumber } } }
    ... on Error { message }
    ... on ValidationError { fields { field message } }
  }
}`;

describe("createRoute and updateRoute (GraphQL)", () => {
  it("answers the spec's texts as typed errors", async () => {
    const blank = await gql<{ createRoute: { message: string; __typename: string } }>(
      t.app,
      CREATE,
      { input: { routeNumber: " ", loadIds: ["GL-000"] } },
      { token: adminToken },
    );
    expect(blank.data?.createRoute).toMatchObject({
      __typename: "ValidationError",
      message: ROUTE_NUMBER_REQUIRED,
    });
    const none = await gql<{ createRoute: { message: string } }>(
      t.app,
      CREATE,
      { input: { routeNumber: "N1", loadIds: [] } },
      { token: adminToken },
    );
    expect(none.data?.createRoute.message).toBe(LOADS_REQUIRED);
    const taken = await gql<{ createRoute: { __typename: string } }>(
      t.app,
      CREATE,
      { input: { routeNumber: "g-00", loadIds: ["GL-000"] } },
      { token: adminToken },
    );
    expect(taken.data?.createRoute.__typename).toBe("ConflictError");
  });

  it("creates a route with a generated number, moving loads, and pushes it to subscribed admins", async () => {
    const url = await t.app.start(0);
    const live = subscribeOverWs<{ routeChanged: { routeNumber: string; loadCount: number } }>(
      url,
      adminToken,
      "subscription { routeChanged { routeNumber loadCount } }",
    );
    const carrier = subscribeOverWs(
      url,
      world.carrierSession.token,
      "subscription { routeChanged { routeNumber } }",
    );
    try {
      await live.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const number = (
        await gql<{ suggestedRouteNumber: string }>(
          t.app,
          "{ suggestedRouteNumber }",
          {},
          { token: adminToken },
        )
      ).data!.suggestedRouteNumber;
      const created = await gql<{
        createRoute: { data: { route: { routeNumber: string; loadCount: number }; movedLoads: unknown[] } };
      }>(
        t.app,
        CREATE,
        { input: { routeNumber: number, loadIds: ["GL-046", "GL-047"] } },
        { token: adminToken },
      );
      expect(created.data?.createRoute.data.route).toEqual({ routeNumber: number, loadCount: 2 });
      expect(created.data?.createRoute.data.movedLoads).toEqual([
        { loadId: "GL-046", fromRouteNumber: "G-23" },
        { loadId: "GL-047", fromRouteNumber: "G-23" },
      ]);
      await waitFor(() => live.received.length >= 2);
      expect(live.received.map((event) => event.routeChanged)).toEqual(
        expect.arrayContaining([
          { routeNumber: number, loadCount: 2 },
          { routeNumber: "G-23", loadCount: 0 },
        ]),
      );
      await waitFor(() => carrier.errors.length > 0);
      expect(carrier.received).toHaveLength(0);
    } finally {
      await Promise.all([live.close(), carrier.close()]);
    }
  });

  it("updates stops and refuses duplicate sequences with per-field errors", async () => {
    const UPDATE = `mutation ($input: UpdateRouteInput!) {
      updateRoute(input: $input) {
        __typename
        ... on MutationUpdateRouteSuccess { data { route { stops { sequence nass { code } } } } }
        ... on ValidationError { message fields { field message } }
      }
    }`;
    const bad = await gql<{ updateRoute: { __typename: string; fields: { field: string }[] } }>(
      t.app,
      UPDATE,
      {
        input: {
          routeNumber: "G-05",
          stops: [
            { sequence: 1, type: "pickup", nass: "CHI01" },
            { sequence: 1, type: "delivery", nass: "DAL02" },
          ],
        },
      },
      { token: adminToken },
    );
    expect(bad.data?.updateRoute.__typename).toBe("ValidationError");
    expect(bad.data?.updateRoute.fields[0].field).toBe("stops.1.sequence");
    const good = await gql<{ updateRoute: { data: { route: { stops: unknown[] } } } }>(
      t.app,
      UPDATE,
      {
        input: {
          routeNumber: "G-05",
          stops: [
            { sequence: 3, type: "delivery", nass: "DAL02" },
            { sequence: 1, type: "pickup", nass: "CHI01" },
          ],
        },
      },
      { token: adminToken },
    );
    expect(good.data?.updateRoute.data.route.stops).toEqual([
      { sequence: 1, nass: { code: "CHI01" } },
      { sequence: 3, nass: { code: "DAL02" } },
    ]);
  });
});

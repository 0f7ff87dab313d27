import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { countDriverStatements } from "../support/driver-count.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";

let t: TestApp;
let admin: string;
const ROUTES = 12;

beforeAll(async () => {
  // What computing an answer costs: the response cache reads SQLite's data_version first.
  t = await createTestApp({ responseCache: false });
  admin = (await adminAndCarrier(t.app)).adminSession.token;
  for (let index = 0; index < ROUTES; index++) {
    const routeNumber = `LST-${String(index).padStart(2, "0")}`;
    await trackedRouteFixture(t.app, {
      routeNumber,
      stops: [
        { type: "pickup", lat: 0, lng: 1 },
        { type: "delivery", lat: 0, lng: 2 },
      ],
      loadIds: [`${routeNumber}-A`, `${routeNumber}-B`],
    });
    const posted = await rest(
      t.app,
      "POST",
      `/tracking/${routeNumber}/positions`,
      { positions: [{ lat: 0, lng: 0.1, recordedAt: at(-5) }] },
      { token: admin },
    );
    expect(posted.status).toBe(201);
  }
});
afterAll(() => t.close());

interface ListData {
  trackedRoutes: {
    totalCount: number;
    edges: { node: { routeNumber: string; loads: { loadId: string }[]; stops?: unknown[] } }[];
  };
}

/** The statements of one list request after a warm-up, the fewer of two tries (pool set-up). */
async function statementsFor(pageSize: number, withStops: boolean) {
  const query = `query ($pageSize: Int) { trackedRoutes(page: 1, pageSize: $pageSize, search: "LST-") {
    totalCount edges { node { routeNumber carrierName driverUserId etaMinutes lastPosition { lat lng } loads { loadId }
      ${withStops ? "driverName stops { sequence type label location { lat lng } arrivedAt }" : ""} } } } }`;
  const run = async () => {
    const result = await gql<ListData>(t.app, query, { pageSize }, { token: admin });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.trackedRoutes;
  };
  await run();
  let best: { list: ListData["trackedRoutes"]; statements: string[] } | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const counter = countDriverStatements();
    try {
      const list = await run();
      if (!best || counter.statements.length < best.statements.length) {
        best = { list, statements: [...counter.statements] };
      }
    } finally {
      counter.stop();
    }
  }
  return best!;
}

describe("the tracking list's request, counted at the driver", () => {
  it("reads page, count, stops, loads and trip links in 5 statements, the same for 3 and 12 rows", async () => {
    const small = await statementsFor(3, true);
    const large = await statementsFor(12, true);
    expect(small.list.edges).toHaveLength(3);
    expect(large.list.totalCount).toBe(ROUTES);
    expect(large.list.edges).toHaveLength(ROUTES);
    expect(large.list.edges[0].node.loads.map((load) => load.loadId)).toEqual(["LST-00-A", "LST-00-B"]);
    expect(large.list.edges[0].node.stops).toHaveLength(2);
    // The drivers' names (live trip links of every row's loads) in one statement, not one per row.
    expect(large.statements.filter((statement) => statement.includes("TripLink"))).toHaveLength(1);
    expect(large.statements.length).toBeLessThanOrEqual(5);
    expect(small.statements.length).toBe(large.statements.length);
  });

  it("does not read the stops when the document does not show them", async () => {
    const { list, statements } = await statementsFor(12, false);
    expect(list.edges).toHaveLength(ROUTES);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.some((statement) => statement.includes('"RouteStop"'))).toBe(false);
  });
});

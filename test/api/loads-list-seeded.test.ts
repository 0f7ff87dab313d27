import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LoadListPageQuery from "../../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { createTestApp, createUser, gql, loginAs, type TestApp } from "../support/app.ts";
import { seedLoads } from "../support/seed-loads.ts";

/** The data bench/scale.ts fills a database with, at a size a test can read whole. */
const SIZE = 3_000;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ responseCache: false });
  await seedLoads(t.app.deps.db, t.database.url, SIZE);
  await createUser(t.app, { email: "seeded-admin@example.com", role: "ADMIN" });
  token = (await loginAs(t.app, "seeded-admin@example.com")).token;
});
afterAll(() => t.close());

describe("the scale benchmark's seeded loads", () => {
  it("have the spread it claims, with sort copies equal to the rows they copy", async () => {
    const loads = await t.app.deps.db.load.findMany({
      select: {
        loadId: true,
        customer: true,
        status: true,
        createdAt: true,
        carrierName: true,
        routeNumber: true,
        carrier: { select: { carrierName: true } },
        route: { select: { routeNumber: true } },
      },
    });
    expect(loads).toHaveLength(SIZE);
    expect(new Set(loads.map((load) => load.loadId)).size).toBe(SIZE);
    expect(new Set(loads.map((load) => load.createdAt.getTime())).size).toBe(SIZE);
    expect(new Set(loads.map((load) => load.customer)).size).toBeGreaterThan(300);
    expect(new Set(loads.map((load) => load.status))).toEqual(
      new Set(["pending", "in_transit", "delivered", "cancelled"]),
    );
    const withCarrier = loads.filter((load) => load.carrier).length;
    const withRoute = loads.filter((load) => load.route).length;
    expect(withCarrier / SIZE).toBeGreaterThan(0.5);
    expect(withCarrier / SIZE).toBeLessThan(0.7);
    expect(withRoute / SIZE).toBeGreaterThan(0.85);
    expect(new Set(loads.map((load) => load.carrierName)).size).toBeGreaterThan(150);
    for (const load of loads) {
      expect(load.carrierName).toBe(load.carrier?.carrierName ?? null);
      expect(load.routeNumber).toBe(load.route?.routeNumber ?? null);
    }
  });
});

interface ListPage {
  totalCount: number;
  edges: { node: { loadId: string } }[];
}

async function list(variables: Record<string, unknown>): Promise<ListPage> {
  const result = await gql<{ loads: ListPage }>(t.app, LoadListPageQuery.params.text!, variables, { token });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.loads;
}

describe("searching the seeded loads", () => {
  it("finds exactly the loads whose id contains the text, whatever its words and separators", async () => {
    const all = await t.app.deps.db.load.findMany({
      select: { loadId: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    for (const search of [
      "bench-0000777",
      "BENCH-00012",
      "ch-000",
      "h-0",
      "0001-",
      "00123",
      "-0000777x",
      "777-bench",
    ]) {
      const expected = all
        .map((load) => load.loadId)
        .filter((id) => id.toLowerCase().includes(search.toLowerCase()));
      const page = await list({ search, page: 1, pageSize: 500 });
      expect(page.totalCount, search).toBe(expected.length);
      expect(
        page.edges.map((edge) => edge.node.loadId),
        search,
      ).toEqual(expected.slice(0, 500));
    }
  });
});

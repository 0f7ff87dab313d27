import type { GraphQLObjectType } from "graphql";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LoadListPageQuery from "../../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { schema } from "../../server/schema.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { countDriverStatements } from "../support/driver-count.ts";
import { carrierWithDriver, uploadLoads } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  // What computing an answer costs: a kept answer (response-cache.test.ts) would cost none.
  t = await createTestApp({ responseCache: false });
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  const rows = Array.from({ length: 60 }, (_, index) => ({
    "Load ID": `ST-${String(index).padStart(3, "0")}`,
    "Route Number": index % 4 === 0 ? "" : `R-${index % 7}`,
  }));
  await uploadLoads(t.app, adminToken, rows);
  for (const suffix of ["b", "a", "c"]) {
    const { driver } = await carrierWithDriver(t.app, suffix);
    for (const index of [1, 2, 3, 5, 8]) {
      const loadId = `ST-${String(index * (suffix.charCodeAt(0) - 96)).padStart(3, "0")}`;
      await rest(t.app, "PATCH", `/loads/${loadId}`, { user: driver.id }, { token: adminToken });
    }
  }
});
afterAll(() => t.close());

interface ListData {
  loads: {
    totalCount: number;
    edges: { node: { loadId: string; routeNumber: string | null; carrierName: string | null } }[];
  };
}

async function list(variables: Record<string, unknown>) {
  const result = await gql<ListData>(t.app, LoadListPageQuery.params.text!, variables, { token: adminToken });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.loads;
}

/**
 * The statements one list request sends to the database driver, after a warm-up request; the
 * fewer of two tries, since a connection the pool opens meanwhile sends set-up statements of its own.
 */
async function statementsFor(variables: Record<string, unknown>) {
  await list(variables);
  let best: { loads: ListData["loads"]; statements: string[] } | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const counter = countDriverStatements();
    try {
      const loads = await list(variables);
      if (!best || counter.statements.length < best.statements.length) {
        best = { loads, statements: [...counter.statements] };
      }
    } finally {
      counter.stop();
    }
  }
  return best!;
}

describe("the load list screen's request, counted at the driver", () => {
  it("is at most 2 statements (the page counts the total itself), the same for 10 and 50 rows", async () => {
    const small = await statementsFor({ page: 2, pageSize: 10 });
    const large = await statementsFor({ page: 1, pageSize: 50 });
    expect(small.loads.edges).toHaveLength(10);
    expect(large.loads.edges).toHaveLength(50);
    expect(large.statements.length).toBeLessThanOrEqual(2);
    // The total: counted in the page statement (SQLite), or the loads' tally (PostgreSQL, no filter).
    expect(large.statements.filter((text) => /COUNT\(|"LoadTally"/.test(text))).toHaveLength(1);
    expect(small.statements.length).toBe(large.statements.length);
  });

  it("stays at 2 when searching and sorting by a joined column", async () => {
    for (const field of ["CARRIER", "ROUTE", "PICKUP_DATE"]) {
      const { loads, statements } = await statementsFor({
        search: "st-0",
        orderBy: { field, direction: "DESC" },
        page: 1,
        pageSize: 10,
      });
      expect(loads.edges).toHaveLength(10);
      expect(statements.length).toBeLessThanOrEqual(2);
    }
  });

  it("counts the same with the page as alone, and a page past the end still tells the total", async () => {
    const search = { search: "st-0", orderBy: { field: "CARRIER", direction: "DESC" } };
    const first = await list({ ...search, page: 1, pageSize: 7 });
    const everything = await list({ ...search, page: 1, pageSize: 500 });
    expect(first.edges).toHaveLength(7);
    expect(first.totalCount).toBe(everything.edges.length);
    const pastTheEnd = await list({ ...search, page: 99, pageSize: 7 });
    expect(pastTheEnd.edges).toHaveLength(0);
    expect(pastTheEnd.totalCount).toBe(everything.edges.length);
  });

  it("still answers any selection (stops, the driver) from a constant number of statements", async () => {
    const query = `query ($pageSize: Int) { loads(page: 1, pageSize: $pageSize, orderBy: {field: CARRIER, direction: ASC}) {
      edges { node { loadId carrierName assignedUser { fullName } stops { sequence } } } } }`;
    const once = async (pageSize: number) => {
      const counter = countDriverStatements();
      try {
        const result = await gql<{
          loads: {
            edges: { node: { carrierName: string | null; assignedUser: { fullName: string } | null } }[];
          };
        }>(t.app, query, { pageSize }, { token: adminToken });
        if (result.errors) throw new Error(JSON.stringify(result.errors));
        return { edges: result.data!.loads.edges, count: counter.statements.length };
      } finally {
        counter.stop();
      }
    };
    const run = async (pageSize: number) => {
      await once(pageSize);
      const [first, second] = [await once(pageSize), await once(pageSize)];
      return first.count <= second.count ? first : second;
    };
    const small = await run(5);
    const large = await run(40);
    expect(small.count).toBe(large.count);
    expect(large.edges[0].node.carrierName).toBe("Carrier a Trucking");
    expect(large.edges[0].node.assignedUser?.fullName).toBe("Driver a");
  });
});

describe("the first page's statement on PostgreSQL", () => {
  it.runIf(testProvider === "postgresql")(
    "takes no page parameters, so the database keeps one plan for it instead of planning every run",
    async () => {
      const { statements } = await statementsFor({ page: 1, pageSize: 50 });
      const page = statements.find((text) => /FROM "Load" l\b.*ORDER BY/s.test(text));
      expect(page).toBeDefined();
      expect(page).toMatch(/ LIMIT 51\) p$/);
      expect(page).not.toContain("$");
      // PostgreSQL tries custom plans five times, then keeps the generic one when it costs no more.
      const client = new pg.Client({ connectionString: t.database.url });
      await client.connect();
      try {
        for (let run = 0; run < 8; run++) await client.query({ name: "first_page", text: page!, values: [] });
        const { rows } = await client.query(
          "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'first_page'",
        );
        expect(Number(rows[0].generic_plans)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    },
  );
});

describe("the latest upload beside the list", () => {
  interface ScreenData {
    lastUpload: { id: string; createdAt: string } | null;
    loads: ListData["loads"];
  }
  async function screen(variables: Record<string, unknown>) {
    const counter = countDriverStatements();
    try {
      const result = await gql<ScreenData>(t.app, LoadListPageQuery.params.text!, variables, {
        token: adminToken,
      });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return { ...result.data!, statements: [...counter.statements] };
    } finally {
      counter.stop();
    }
  }
  const latest = () =>
    t.app.deps.db.uploadBatch.findFirst({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

  it("rides in the page's statement on PostgreSQL: the list screen's request is one statement", async () => {
    await screen({ page: 1, pageSize: 50 });
    const runs = [await screen({ page: 1, pageSize: 50 }), await screen({ page: 1, pageSize: 50 })];
    const best = runs[0].statements.length <= runs[1].statements.length ? runs[0] : runs[1];
    // PostgreSQL: one round trip; SQLite reads in process and keeps the upload's own statement.
    expect(best.statements).toHaveLength(testProvider === "postgresql" ? 1 : 2);
    const batch = await latest();
    expect(best.lastUpload?.createdAt).toBe(batch!.createdAt.toISOString());
    expect(best.loads.edges).toHaveLength(50);
  });

  it("is read by itself when the page has no row, and is the newest after another upload", async () => {
    const empty = await screen({ search: "no such load", page: 1, pageSize: 10 });
    expect(empty.loads.edges).toHaveLength(0);
    expect(empty.lastUpload?.createdAt).toBe((await latest())!.createdAt.toISOString());
    const before = (await screen({ page: 1, pageSize: 10 })).lastUpload;
    await uploadLoads(t.app, adminToken, [{ "Load ID": "ST-LATEST" }]);
    const after = await screen({ page: 1, pageSize: 10 });
    const batch = await latest();
    expect(after.lastUpload?.id).not.toBe(before?.id);
    expect(after.lastUpload?.createdAt).toBe(batch!.createdAt.toISOString());
    // Another page: the upload rides in its statement too.
    const deep = await screen({ page: 12, pageSize: 5 });
    expect(deep.lastUpload?.id).toBe(after.lastUpload?.id);
    // The tests below count the 60 loads of beforeAll.
    await t.app.deps.db.load.delete({ where: { loadId: "ST-LATEST" } });
  });
});

describe("what the list statement reads", () => {
  it("reads only the Load columns the document's fields need", async () => {
    const { statements } = await statementsFor({ page: 1, pageSize: 10 });
    const page = statements.find((text) => /FROM "Load" l/.test(text) && /LIMIT/.test(text));
    expect(page).toBeDefined();
    for (const column of ["loadId", "customer", "status", "pickupDate"])
      expect(page).toContain(`"${column}"`);
    for (const unasked of ["additionalData", "bolNumber", "commodity", "orderInfo"]) {
      expect(page).not.toContain(`"${unasked}"`);
    }
  });

  it("resolves the Load's column fields without the per-field selection wrapper", () => {
    const fields = (schema.getType("Load") as GraphQLObjectType).getFields();
    for (const name of ["loadId", "customer", "status", "carrierName", "routeNumber", "trackedRouteNumber"]) {
      expect(fields[name].extensions?.pothosPrismaSelect, name).toBeFalsy();
    }
  });
});

describe("sorting by the copies of route number and carrier name", () => {
  it("orders by carrier name with loads without a carrier last, in both directions, across pages", async () => {
    for (const direction of ["ASC", "DESC"] as const) {
      const seen: (string | null)[] = [];
      for (let page = 1; page <= 7; page++) {
        const loads = await list({ orderBy: { field: "CARRIER", direction }, page, pageSize: 9 });
        seen.push(...loads.edges.map((edge) => edge.node.carrierName));
      }
      expect(seen).toHaveLength(60);
      const named = seen.filter((name) => name !== null);
      expect(seen.slice(0, named.length)).toEqual(named);
      const sorted = [...named].sort();
      expect(named).toEqual(direction === "ASC" ? sorted : sorted.reverse());
    }
  });

  it("follows a carrier's new name", async () => {
    const carrier = await t.app.deps.db.carrier.findUniqueOrThrow({ where: { carrierId: "CAR-a" } });
    const renamed = await rest(
      t.app,
      "PATCH",
      `/carriers/${carrier.id}`,
      { carrierName: "Zulu Lines" },
      { token: adminToken },
    );
    expect(renamed.status).toBeLessThan(300);
    const loads = await list({ orderBy: { field: "CARRIER", direction: "DESC" }, page: 1, pageSize: 5 });
    expect(loads.edges[0].node.carrierName).toBe("Zulu Lines");
  });

  it("orders by route number with loads without a route last", async () => {
    const loads = await list({ orderBy: { field: "ROUTE", direction: "ASC" }, page: 1, pageSize: 50 });
    const routes = loads.edges.map((edge) => edge.node.routeNumber);
    expect(routes[0]).toBe("R-0");
    const last = await list({ orderBy: { field: "ROUTE", direction: "ASC" }, page: 2, pageSize: 50 });
    expect(last.edges.at(-1)?.node.routeNumber).toBeNull();
  });
});

describe("search", () => {
  it("finds any part of the load id in any case, and takes FTS syntax literally", async () => {
    expect((await list({ search: "t-05", page: 1 })).totalCount).toBe(10);
    expect((await list({ search: "ST-059", page: 1 })).edges.map((edge) => edge.node.loadId)).toEqual([
      "ST-059",
    ]);
    expect((await list({ search: "5", page: 1 })).totalCount).toBe(15);
    expect((await list({ search: '"ST" OR *', page: 1 })).totalCount).toBe(0);
  });

  it.runIf(testProvider === "sqlite")("is kept by triggers on the Load table (SQLite)", async () => {
    const triggers = await t.app.deps.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'Load' ORDER BY name`,
    );
    expect(triggers.map((row) => row.name)).toEqual(
      expect.arrayContaining(["Load_search_delete", "Load_search_insert", "Load_search_update"]),
    );
  });
});

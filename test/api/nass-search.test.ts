import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerOf } from "../../server/db/client.ts";
import { adminAndCarrier, createTestApp, gql, type TestApp } from "../support/app.ts";

let t: TestApp;
let adminToken: string;

const QUERY = `query ($search: String) {
  nassCodes(search: $search, pageSize: 50) { totalCount edges { node { code } } }
}`;

async function found(search: string): Promise<string[]> {
  const result = await gql<{ nassCodes: { totalCount: number; edges: { node: { code: string } }[] } }>(
    t.app,
    QUERY,
    { search },
    { token: adminToken },
  );
  const codes = result.data!.nassCodes.edges.map((edge) => edge.node.code);
  expect(result.data!.nassCodes.totalCount).toBe(codes.length);
  return codes;
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await adminAndCarrier(t.app)).adminSession.token;
  const facilities = [
    ["SRCH1", "Chicago NDC", "Forest Park", "IL", "60130"],
    ["SRCH2", 'The "Quoted" Annex', "Dallas", "TX", "75260"],
    ["SRCH3", "Atlanta P&DC OR Annex", "Hapeville", "GA", "30354"],
    ["SRCH4", "Denver P&DC", "Denver*", "CO", "80266"],
  ];
  for (const [code, facilityName, city, state, zip] of facilities) {
    await t.app.deps.db.nassCode.create({ data: { code, facilityName, city, state, zip } });
  }
});
afterAll(() => t.close());

describe("the NASS list's search (code, facility name, city, state or zip contains, any case)", () => {
  it("finds a text in any searched column, any case, short or long", async () => {
    expect(await found("forest")).toEqual(["SRCH1"]);
    expect(await found("p&dc")).toEqual(["SRCH3", "SRCH4"]);
    expect(await found("7526")).toEqual(["SRCH2"]);
    expect(await found("srch")).toEqual(["SRCH1", "SRCH2", "SRCH3", "SRCH4"]);
    expect(await found("tx")).toEqual(["SRCH2"]);
    expect(await found("nowhere")).toEqual([]);
  });

  it("matches search syntax characters literally", async () => {
    expect(await found('"quoted"')).toEqual(["SRCH2"]);
    expect(await found("p&dc or annex")).toEqual(["SRCH3"]);
    expect(await found("denver*")).toEqual(["SRCH4"]);
    expect(await found('an" OR "x')).toEqual([]);
  });

  it("follows every write to the facility master: edit, rename, delete", async () => {
    await t.app.deps.db.nassCode.update({ where: { code: "SRCH1" }, data: { city: "Bedford Park" } });
    expect(await found("forest")).toEqual([]);
    expect(await found("bedford")).toEqual(["SRCH1"]);
    await t.app.deps.db.nassCode.update({ where: { code: "SRCH4" }, data: { code: "RENAMED4" } });
    expect(await found("renamed")).toEqual(["RENAMED4"]);
    await t.app.deps.db.nassCode.delete({ where: { code: "SRCH2" } });
    expect(await found("quoted")).toEqual([]);
  });

  it("is served by an index (FTS5 trigram table on SQLite, trigram GIN indexes on PostgreSQL)", async () => {
    const db = t.app.deps.db;
    if (providerOf(t.app.deps.config.databaseUrl) === "sqlite") {
      const triggers = await db.$queryRawUnsafe<{ name: string }[]>(
        `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'NassCode' ORDER BY name`,
      );
      expect(triggers.map((row) => row.name)).toEqual([
        "NassCode_search_delete",
        "NassCode_search_insert",
        "NassCode_search_update",
      ]);
    } else {
      const indexes = await db.$queryRawUnsafe<{ indexname: string }[]>(
        `SELECT indexname::text AS indexname FROM pg_indexes WHERE tablename = 'NassCode' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`,
      );
      expect(indexes).toHaveLength(5);
    }
  });
});

describe("the NASS list page (read by one driver statement when it selects columns only)", () => {
  it("answers each facility's stored values with their types, as Prisma reads them", async () => {
    await t.app.deps.db.nassCode.update({
      where: { code: "SRCH3" },
      data: { latitude: 33.6407, longitude: -84.4277, originating: false, destinating: true },
    });
    const result = await gql<{ nassCodes: { edges: { node: Record<string, unknown> }[] } }>(
      t.app,
      `query { nassCodes(search: "srch", orderBy: { field: CODE, direction: DESC }) { edges { node {
        code region division fdbid facilityName street city state zip typeCode subType facType
        originating destinating latitude longitude version } } } }`,
      {},
      { token: adminToken },
    );
    const stored = await t.app.deps.db.nassCode.findMany({
      where: { code: { startsWith: "SRCH" } },
      orderBy: { code: "desc" },
      // The geofence radius is not a list column (the NASS dialog edits it).
      omit: { id: true, createdAt: true, geofenceRadiusMeters: true },
    });
    expect(result.data!.nassCodes.edges.map((edge) => edge.node)).toEqual(stored);
    expect(result.data!.nassCodes.edges.find((edge) => edge.node.code === "SRCH3")?.node).toMatchObject({
      originating: false,
      destinating: true,
      latitude: 33.6407,
    });
  });
});

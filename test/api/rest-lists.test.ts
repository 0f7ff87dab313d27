import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REST_MAX_LIMIT } from "../../server/http/rest-paging.ts";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, createNassCodes } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;
let carrierRef: string;
const BULK = 33_000;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  const { carrier } = await carrierWithDriver(t.app, "list");
  carrierRef = carrier.id;
  await createNassCodes(t.app, ["AAA01", "BBB02"]);
  // Past SQLite's 32,766 bound variables: one Prisma-made row, then copies made by the database itself.
  await t.app.deps.db.load.create({ data: { id: "bulk-seed", loadId: "BULK-0" } });
  await t.app.deps.db.$executeRawUnsafe(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
    INSERT INTO "Load" ("id", "loadId", "status", "mode", "stopCount", "appointmentsRequired",
      "appointmentsConfirmed", "createdAt", "updatedAt")
    SELECT 'bulk-' || n.i, 'BULK-' || n.i, l."status", l."mode", l."stopCount", l."appointmentsRequired",
      l."appointmentsConfirmed", l."createdAt", l."updatedAt"
    FROM n, "Load" l WHERE l."id" = 'bulk-seed'`);
}, 120_000);
afterAll(() => t.close());

describe("GET /api/loads past 32,766 loads", () => {
  it("answers the first page in the spec's array shape, the total and links in headers", async () => {
    const started = performance.now();
    const first = await rest<{ loadId: string }[]>(t.app, "GET", "/loads", undefined, { token: adminToken });
    expect(first.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(first.body).toHaveLength(50);
    expect(first.headers.get("x-total-count")).toBe(String(BULK + 1));
    expect(first.headers.get("x-page-count")).toBe(String(Math.ceil((BULK + 1) / 50)));
    expect(first.headers.get("link")).toMatch(/page=2&limit=50>; rel="next"/);
    const last = await rest<unknown[]>(
      t.app,
      "GET",
      `/loads?page=${Math.ceil((BULK + 1) / 500)}&limit=500`,
      undefined,
      {
        token: adminToken,
      },
    );
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength((BULK + 1) % 500);
    const beyond = await rest<unknown[]>(t.app, "GET", "/loads?page=100000&limit=500", undefined, {
      token: adminToken,
    });
    expect(beyond.body).toEqual([]);
  });

  it("refuses page sizes past the cap and nonsense paging with 400", async () => {
    for (const query of [
      `limit=${REST_MAX_LIMIT + 1}`,
      "limit=0",
      "page=0",
      "page=-1",
      "limit=1e3",
      "page=abc",
    ]) {
      const result = await rest(t.app, "GET", `/loads?${query}`, undefined, { token: adminToken });
      expect(result.status, query).toBe(400);
    }
  });
});

describe("every REST list is paged", () => {
  it.each([
    ["/loads", "admin"],
    ["/carriers", "admin"],
    ["/carriers/:carrier/drivers", "admin"],
    ["/routing/nass", "admin"],
    ["/contact", "admin"],
    ["/notifications/user", "carrier"],
  ])("GET %s answers an array with paging headers and obeys ?limit", async (path, role) => {
    const token = role === "admin" ? adminToken : carrierToken;
    const url = path.replace(":carrier", carrierRef);
    const result = await rest<unknown[]>(t.app, "GET", `${url}?limit=1`, undefined, { token });
    expect(result.status).toBe(200);
    expect(Array.isArray(result.body)).toBe(true);
    expect(result.body.length).toBeLessThanOrEqual(1);
    expect(result.headers.get("x-per-page")).toBe("1");
    expect(Number(result.headers.get("x-total-count"))).toBeGreaterThanOrEqual(result.body.length);
  });
});

describe("REST's page size", () => {
  it.each([
    ["/loads", "admin"],
    ["/carriers", "admin"],
    ["/carriers/:carrier/drivers", "admin"],
    ["/routing", "admin"],
    ["/tracking", "admin"],
    ["/mail/outbox", "admin"],
    ["/admin/users", "admin"],
    ["/admin/invitations", "admin"],
    ["/admin/waitlist", "admin"],
    ["/admin/audit", "admin"],
    ["/offers/active-offers", "admin"],
    ["/notifications/user", "carrier"],
  ])("GET %s takes REST's largest page, whatever its GraphQL list allows", async (path, role) => {
    const token = role === "admin" ? adminToken : carrierToken;
    const url = path.replace(":carrier", carrierRef);
    const result = await rest<unknown[]>(t.app, "GET", `${url}?limit=${REST_MAX_LIMIT}`, undefined, {
      token,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("x-per-page")).toBe(String(REST_MAX_LIMIT));
  });
});

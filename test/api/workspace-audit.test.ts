import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../server/schema.ts";
import { adminAndCarrier, createTestApp, gql, loginAs, rest, type TestApp } from "../support/app.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { createNassCodes, uploadLoads } from "../support/loads.ts";
import { countQueries } from "../support/query-count.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;
let carrierDbId: string;
let adminId: string;

const AUDIT = `query ($search: String, $filter: AuditFilter, $page: Int, $pageSize: Int) {
  auditLog(search: $search, filter: $filter, page: $page, pageSize: $pageSize) {
    totalCount pageCount
    edges { node { id action entityType entityId ip createdAt actor { email } record { label path }
      changes { field before after } } }
  }
}`;

interface AuditNode {
  action: string;
  entityType: string;
  entityId: string | null;
  ip: string | null;
  actor: { email: string } | null;
  record: { label: string; path: string | null } | null;
  changes: { field: string; before: string | null; after: string | null }[];
}
type AuditData = { auditLog: { totalCount: number; edges: { node: AuditNode }[] } };

const audit = (variables: Record<string, unknown>) =>
  gql<AuditData>(t.app, AUDIT, variables, { token: adminToken }).then((result) => {
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.auditLog;
  });

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  adminId = world.admin.id;
  const carrier = await createCarrierAs(t.app, adminToken, 1);
  carrierDbId = carrier._id;
  await rest(
    t.app,
    "PATCH",
    `/carriers/${carrier.carrierId}`,
    { carrierName: "Renamed Freight" },
    { token: adminToken, ip: "203.0.113.9" },
  );
  await createNassCodes(t.app, ["CHI01", "DAL02"]);
  await uploadLoads(t.app, adminToken, [
    { "Load ID": "AUD-1", Route: "R-1", "Origin NASS": "CHI01", "Destination NASS": "DAL02" },
  ]);
  await rest(t.app, "PUT", "/loads/AUD-1", { customer: "Acme" }, { token: adminToken });
  await rest(t.app, "POST", `/user/${world.carrier.id}`, { fullName: "Carla" }, { token: carrierToken });
  await rest(t.app, "POST", `/admin/users/${world.carrier.id}/disable`, undefined, {
    token: adminToken,
  });
  await rest(t.app, "POST", `/admin/users/${world.carrier.id}/enable`, undefined, { token: adminToken });
  carrierToken = (await loginAs(t.app, world.carrier.email)).token;
});
afterAll(() => t.close());

describe("audit trail", () => {
  it("records every write kind with who, record and address", async () => {
    const all = await audit({ pageSize: 200 });
    const actions = new Set(all.edges.map((edge) => edge.node.action));
    for (const action of [
      "auth.login",
      "carrier.create",
      "carrier.update",
      "load.upload",
      "load.update",
      "user.profile.update",
      "user.disable",
      "user.enable",
    ]) {
      expect(actions, action).toContain(action);
    }
    for (const edge of all.edges)
      expect(`${edge.node.action} ${edge.node.ip}`).toMatch(/ (10\.0\.0\.1|203\.0\.113\.9)$/);
  });

  it("shows before/after of changed fields and links to the record", async () => {
    const profile = await audit({ filter: { action: "user.profile.update" } });
    expect(profile.edges[0].node.changes).toEqual([
      { field: "fullName", before: '"Carl Carrier"', after: '"Carla"' },
    ]);
    const carrierRows = await audit({ filter: { entityType: "Carrier", entityId: carrierDbId } });
    expect(carrierRows.edges.map((edge) => edge.node.action)).toEqual(["carrier.update", "carrier.create"]);
    const update = carrierRows.edges[0].node;
    expect(update).toMatchObject({
      ip: "203.0.113.9",
      actor: { email: "admin@example.com" },
      record: { label: "Renamed Freight (CAR-000001)", path: "/admin/ila/carriers/CAR-000001" },
    });
    expect(update.changes).toEqual([
      { field: "carrierName", before: '"Carrier 1 Freight"', after: '"Renamed Freight"' },
    ]);
    const load = await audit({ filter: { entityType: "Load", action: "load.update" } });
    expect(load.edges[0].node.record).toEqual({ label: "AUD-1", path: "/admin/ila/load/AUD-1" });
    expect(load.edges[0].node.changes).toContainEqual({
      field: "customer",
      before: '"USPS"',
      after: '"Acme"',
    });
  });

  it("filters by who, action prefix, date range and text", async () => {
    const byCarrier = await audit({ filter: { actor: "carrier@example" } });
    expect(new Set(byCarrier.edges.map((edge) => edge.node.actor?.email))).toEqual(
      new Set(["carrier@example.com"]),
    );
    const users = await audit({ filter: { action: "user." } });
    expect(users.edges.every((edge) => edge.node.action.startsWith("user."))).toBe(true);
    expect(users.totalCount).toBe(3);
    const future = await audit({ filter: { from: new Date(Date.now() + 60_000).toISOString() } });
    expect(future.totalCount).toBe(0);
    const text = await audit({ search: "203.0.113" });
    expect(text.totalCount).toBe(1);
    const bad = await gql(t.app, AUDIT, { page: 1, pageSize: 500 }, { token: adminToken });
    expect(bad.errors?.[0]?.message).toMatch(/pageSize/);
  });

  it("pages with a constant number of queries", async () => {
    const run = async (pageSize: number) => {
      const counter = countQueries(t.app);
      try {
        await audit({ pageSize });
        return counter.operations.filter((operation) => operation.startsWith("AuditLog."));
      } finally {
        counter.restore();
      }
    };
    expect(await run(2)).toEqual(await run(50));
  });

  it("answers REST pages and a CSV export", async () => {
    const page = await rest<{ action: string; changes: unknown[] }[]>(
      t.app,
      "GET",
      "/admin/audit?entityType=Carrier&limit=1",
      undefined,
      { token: adminToken },
    );
    expect(page.body).toHaveLength(1);
    expect(page.headers.get("x-total-count")).toBe("2");
    const response = await t.app.fetch(
      new Request("http://freightway.test/api/admin/audit.csv?entityType=Carrier", {
        headers: { authorization: `Bearer ${adminToken}` },
      }),
    );
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="freightway-audit-/);
    const parsed = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    });
    expect(parsed.data[0]).toEqual([
      "When (UTC)",
      "Who",
      "Role",
      "Action",
      "Entity",
      "Record",
      "Record id",
      "Changes",
      "Details",
      "From address",
    ]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[1]).toContain("carrierName: Carrier 1 Freight -> Renamed Freight");
  });

  it("is append-only: no API path or mutation edits or deletes audit rows", async () => {
    const [row] = await t.app.deps.db.auditLog.findMany({ take: 1 });
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      const result = await rest(
        t.app,
        method,
        `/admin/audit/${row.id}`,
        method === "DELETE" ? undefined : {},
        { token: adminToken },
      );
      expect([404, 405]).toContain(result.status);
    }
    const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(mutations.filter((name) => /audit/i.test(name))).toEqual([]);
    expect(await t.app.deps.db.auditLog.findUnique({ where: { id: row.id } })).not.toBeNull();
  });

  it("keeps the trail from carriers", async () => {
    const result = await gql(t.app, "{ auditLog { totalCount } }", {}, { token: carrierToken });
    expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(adminId).toBeTruthy();
  });
});

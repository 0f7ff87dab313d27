import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { createNassCodes, uploadLoads } from "../support/loads.ts";
import { biddableLoad, openOffer } from "../support/offers.ts";

/** The History panel of each detail screen: the record's audit rows, asked for by its Relay id. */
let t: TestApp;
let adminToken: string;
let carrierToken: string;

const HISTORY = `query ($filter: AuditFilter!) {
  auditLog(filter: $filter, page: 1, pageSize: 10) {
    totalCount
    edges { node { action entityType actor { email } ip record { label path } changes { field before after } } }
  }
}`;

interface HistoryNode {
  action: string;
  entityType: string;
  actor: { email: string } | null;
  ip: string | null;
  record: { label: string; path: string | null } | null;
  changes: { field: string; before: string | null; after: string | null }[];
}

async function history(entityType: string, entityId: string) {
  const result = await gql<{ auditLog: { totalCount: number; edges: { node: HistoryNode }[] } }>(
    t.app,
    HISTORY,
    { filter: { entityType, entityId } },
    { token: adminToken },
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.auditLog.edges.map((edge) => edge.node);
}

/** The id a detail screen holds (Relay), read the way the screen reads its record. */
async function relayId(query: string, variables: Record<string, unknown>): Promise<string> {
  const result = await gql<Record<string, { id: string } | null>>(t.app, query, variables, {
    token: adminToken,
  });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  const record = Object.values(result.data ?? {})[0];
  if (!record) throw new Error(`no record for ${query}`);
  return record.id;
}

const UPLOAD_HISTORY = `query ($loadId: String!) {
  loadUploadHistory(loadId: $loadId) { id action entityType entityId createdAt summary ip actor { email } record { label path } }
}`;

interface UploadEntry {
  id: string;
  action: string;
  entityType: string;
  createdAt: string;
  summary: string | null;
  ip: string | null;
  actor: { email: string } | null;
  record: { label: string } | null;
}

async function uploadHistory(loadId: string, token = adminToken) {
  return gql<{ loadUploadHistory: UploadEntry[] }>(t.app, UPLOAD_HISTORY, { loadId }, { token });
}

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  await createNassCodes(t.app, ["HCHI1", "HDAL2"]);
});
afterAll(() => t.close());

describe("History panel of each detail screen", () => {
  it("route: its creation and its saves, with the changed fields", async () => {
    await uploadLoads(t.app, adminToken, [{ "Load ID": "H-R1" }, { "Load ID": "H-R2" }]);
    expect(
      (
        await rest(
          t.app,
          "POST",
          "/routing",
          { routeNumber: "HIST-1", loadIds: ["H-R1"] },
          { token: adminToken },
        )
      ).status,
    ).toBe(201);
    const saved = await rest(
      t.app,
      "PUT",
      "/routing/HIST-1",
      { assignedLoads: ["H-R1", "H-R2"], stops: [{ sequence: 1, type: "pickup", nass: { code: "HCHI1" } }] },
      { token: adminToken, ip: "198.51.100.7" },
    );
    expect(saved.status).toBe(200);
    const id = await relayId("query ($n: String!) { routeByNumber(routeNumber: $n) { id } }", {
      n: "HIST-1",
    });
    const rows = await history("Route", id);
    expect(rows.map((row) => row.action)).toEqual(["route.update", "route.create"]);
    expect(rows[0]).toMatchObject({
      actor: { email: "admin@example.com" },
      ip: "198.51.100.7",
      record: { label: "HIST-1", path: "/admin/ila/routing/HIST-1" },
    });
    expect(rows[0].changes.map((change) => change.field)).toEqual(expect.arrayContaining(["loads", "stops"]));
  });

  it("offer: its start and its cancellation", async () => {
    const load = await biddableLoad(t.app);
    await openOffer(t.app, adminToken, load.loadId);
    const id = await relayId("query ($l: String!) { offerByLoadId(loadId: $l) { id } }", { l: load.loadId });
    const cancelled = await gql(
      t.app,
      `mutation ($input: SetOfferStatusInput!) { setOfferStatus(input: $input) { __typename } }`,
      { input: { offerId: id, status: "cancelled" } },
      { token: adminToken },
    );
    expect(cancelled.errors).toBeUndefined();
    const rows = await history("Offer", id);
    expect(rows.map((row) => row.action)).toEqual(["offer.cancelled", "offer.start"]);
    expect(rows[0].record?.label).toBe(`Offer on ${load.loadId}`);
  });

  it("invoice: its creation and an edit with before/after", async () => {
    const created = await rest<{ invoiceNumber: string }>(
      t.app,
      "POST",
      "/billing/accounts-receivable",
      { customerPayer: "Acme Foods", dueDate: "2030-01-15", amountDue: "100.00", status: "pending" },
      { token: adminToken },
    );
    const number = created.body.invoiceNumber;
    await rest(
      t.app,
      "PUT",
      `/billing/accounts-receivable/${number}`,
      { customerPayer: "Acme Foods", dueDate: "2030-01-15", amountDue: "120.50", status: "paid" },
      { token: adminToken },
    );
    const id = await relayId("query ($n: String!) { invoice(invoiceNumber: $n) { id } }", { n: number });
    const rows = await history("Invoice", id);
    expect(rows.map((row) => row.action)).toEqual(["invoice.update", "invoice.create"]);
    expect(rows[0].record).toEqual({
      label: number,
      path: `/admin/ila/billing/accounts-receivable/${number}`,
    });
    expect(rows[0].changes).toEqual(
      expect.arrayContaining([
        { field: "amountDueCents", before: "10000", after: "12050" },
        { field: "status", before: '"pending"', after: '"paid"' },
      ]),
    );
  });

  it("bill: its creation and an edit with before/after", async () => {
    const created = await rest<{ billNumber: string }>(
      t.app,
      "POST",
      "/billing/accounts-payable",
      { carrier: "Ramirez Trucking", paymentDate: "2030-01-20", amount: "980.00", status: "pending" },
      { token: adminToken },
    );
    const number = created.body.billNumber;
    await rest(
      t.app,
      "PUT",
      `/billing/accounts-payable/${number}`,
      { carrier: "Ramirez Trucking LLC", paymentDate: "2030-01-20", amount: "980.00", status: "pending" },
      { token: adminToken },
    );
    const id = await relayId("query ($n: String!) { bill(billNumber: $n) { id } }", { n: number });
    const rows = await history("Bill", id);
    expect(rows.map((row) => row.action)).toEqual(["bill.update", "bill.create"]);
    expect(rows[0].record).toEqual({ label: number, path: `/admin/ila/billing/accounts-payable/${number}` });
    expect(rows[0].changes).toEqual([
      { field: "carrier", before: '"Ramirez Trucking"', after: '"Ramirez Trucking LLC"' },
    ]);
  });
});

describe("a load's bulk uploads in its History", () => {
  const loadRelayId = (loadId: string) =>
    relayId("query ($l: String!) { loadByLoadId(loadId: $l) { id } }", { l: loadId });

  it("says which upload created the load, then which one updated it, without a row per load", async () => {
    const auditBefore = await t.app.deps.db.auditLog.count();
    const first = (
      await uploadLoads(t.app, adminToken, [{ "Load ID": "H-U1" }, { "Load ID": "H-U2" }], "USPS")
    ).batch as { _id?: string; id?: string };
    expect(await t.app.deps.db.auditLog.count()).toBe(auditBefore + 1);
    const id = await loadRelayId("H-U1");
    const created = await uploadHistory(id);
    expect(created.errors).toBeUndefined();
    const firstBatch = await t.app.deps.db.uploadBatch.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(first).toBeTruthy();
    expect(created.data?.loadUploadHistory).toEqual([
      expect.objectContaining({
        action: "load.upload.created",
        entityType: "Load",
        actor: { email: "admin@example.com" },
        ip: "10.0.0.1",
        record: expect.objectContaining({ label: "H-U1" }),
        summary: `Created by bulk upload ${firstBatch.id} (stream USPS, 2 rows)`,
      }),
    ]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await uploadLoads(t.app, adminToken, [{ "Load ID": "H-U1", Customer: "Acme" }], "FEDEX");
    const secondBatch = await t.app.deps.db.uploadBatch.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    const both = (await uploadHistory(id)).data?.loadUploadHistory ?? [];
    expect(both.map((entry) => [entry.action, entry.summary])).toEqual([
      [
        "load.upload.updated",
        `Updated by bulk upload ${secondBatch.id} (stream FEDEX, 1 rows; fields in the file: customer)`,
      ],
      ["load.upload.created", `Created by bulk upload ${firstBatch.id} (stream USPS, 2 rows)`],
    ]);
    expect(new Set(both.map((entry) => entry.id)).size).toBe(2);
    // The other load of the first upload is untouched by the second.
    const other = (await uploadHistory(await loadRelayId("H-U2"))).data?.loadUploadHistory ?? [];
    expect(other.map((entry) => entry.action)).toEqual(["load.upload.created"]);

    // A third upload: every upload that wrote the load is in its History, the middle one too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await uploadLoads(t.app, adminToken, [{ "Load ID": "H-U1", Customer: "Beta" }], "UPS");
    const thirdBatch = await t.app.deps.db.uploadBatch.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    const all = (await uploadHistory(id)).data?.loadUploadHistory ?? [];
    expect(all.map((entry) => entry.summary?.split(" (")[0])).toEqual([
      `Updated by bulk upload ${thirdBatch.id}`,
      `Updated by bulk upload ${secondBatch.id}`,
      `Created by bulk upload ${firstBatch.id}`,
    ]);
  });

  it("records a touch for every load a multi-row insert writes with a batch, and none without", async () => {
    const { db } = t.app.deps;
    const batch = await db.uploadBatch.create({
      data: { stream: "USPS", rowCount: 3, createdCount: 3, updatedCount: 0 },
    });
    await db.load.createMany({
      data: [
        { loadId: "H-M1", uploadBatchId: batch.id },
        { loadId: "H-M2" },
        { loadId: "H-M3", uploadBatchId: batch.id },
      ],
    });
    const loads = await db.load.findMany({ where: { loadId: { startsWith: "H-M" } } });
    const touches = await db.loadUploadTouch.findMany({ where: { batchId: batch.id } });
    const written = loads.filter((load) => load.uploadBatchId).map((load) => [load.id, load.updatedAt]);
    expect(touches.map((touch) => [touch.loadId, touch.createdAt]).sort()).toEqual(written.sort());
    expect(touches).toHaveLength(2);
    await db.load.createMany({ data: [{ loadId: "H-M4" }] });
    expect(await db.loadUploadTouch.count({ where: { batchId: batch.id } })).toBe(2);
  });

  it("is empty for a load no upload wrote, and for admins only", async () => {
    const load = await biddableLoad(t.app);
    const none = await uploadHistory(load.id);
    expect(none.data?.loadUploadHistory).toEqual([]);
    const refused = await uploadHistory(load.id, carrierToken);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receivablesAging } from "../../server/billing/aging.ts";
import { createBillForWinner } from "../../server/billing/operations.ts";
import { rateConfirmationPdf } from "../../server/billing/rate-confirmation.ts";
import type { Context } from "../../server/context.ts";
import {
  BASE,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type Session,
  type TestApp,
} from "../support/app.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";
import { pdfText } from "../support/pdf.ts";

let t: TestApp;
let admin: Session;
let winner: Session;
let otherCarrier: Session;
let winnerUserId: string;
/** Billing written outside a request: nobody, from no address. */
const actor = { id: null, ip: null };
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: "ops@example.com", role: "ADMIN" });
  admin = await loginAs(t.app, "ops@example.com");
  const { driver } = await carrierWithDriver(t.app, "W1");
  winnerUserId = driver.id;
  winner = await loginAs(t.app, driver.email);
  const { driver: other } = await carrierWithDriver(t.app, "O1");
  otherCarrier = await loginAs(t.app, other.email);
});
afterAll(() => t.close());

let loadCounter = 0;
async function createLoad(fields: Record<string, unknown> = {}) {
  loadCounter++;
  return t.app.deps.db.load.create({
    data: { loadId: `BILL-LOAD-${loadCounter}`, customer: "Acme Foods", status: "pending", ...fields },
  });
}

async function binary(path: string, token: string) {
  const response = await t.app.fetch(
    new Request(`${BASE}/api${path}`, { headers: { authorization: `Bearer ${token}` } }),
    { ip: "10.0.0.1" },
  );
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe("bill for a marketplace winner", () => {
  it("creates one pending bill linked to the load, however often and however concurrently it is called", async () => {
    const load = await createLoad();
    const input = {
      loadId: load.id,
      carrierName: "Carrier W1 Trucking",
      amountCents: 185_000,
      winnerUserId,
      actor,
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.app.deps.db.$transaction((tx) => createBillForWinner(input, tx))),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entry.number)).size).toBe(1);
    const again = await t.app.deps.db.$transaction((tx) =>
      createBillForWinner({ ...input, amountCents: 1 }, tx),
    );
    expect(again.created).toBe(false);
    const bills = await t.app.deps.db.bill.findMany({ where: { loadId: load.id } });
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({
      status: "pending",
      amountCents: 185_000,
      carrier: "Carrier W1 Trucking",
    });
  });

  it("hands the rate confirmation PDF to the operator and the winning carrier only", async () => {
    const [pickup, drop] = await createNassCodes(t.app, ["RC-P", "RC-D"]);
    const load = await createLoad({
      pickupDate: new Date("2030-05-01T14:00:00Z"),
      deliveryDate: new Date("2030-05-03T18:00:00Z"),
      stops: {
        create: [
          { sequence: 1, type: "pickup", nassCodeId: pickup.id },
          { sequence: 2, type: "delivery", nassCodeId: drop.id },
        ],
      },
    });
    const { entry } = await t.app.deps.db.$transaction((tx) =>
      createBillForWinner(
        { loadId: load.id, carrierName: "Carrier W1 Trucking", amountCents: 123_456, winnerUserId, actor },
        tx,
      ),
    );
    const path = `/billing/accounts-payable/${entry.number}/rate-confirmation.pdf`;
    const listed = await rest<{ rateConfirmationUrl: string }>(
      t.app,
      "GET",
      `/billing/accounts-payable/${entry.number}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(listed.body.rateConfirmationUrl).toBe(`/api${path}`);

    for (const session of [admin, winner]) {
      const download = await binary(path, session.token);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      const { pageCount, text } = await pdfText(download.bytes);
      expect(pageCount).toBe(1);
      expect(text).toContain("Rate Confirmation");
      expect(text).toContain(load.loadId);
      expect(text).toContain("$1,234.56");
      expect(text).toContain("Carrier W1 Trucking");
      expect(text).toContain("Facility RC-P");
    }
    expect((await binary(path, otherCarrier.token)).status).toBe(403);
    // The bill itself stays operator-only, even for the winner.
    expect(
      (
        await rest(t.app, "GET", `/billing/accounts-payable/${entry.number}`, undefined, {
          token: winner.token,
        })
      ).status,
    ).toBe(403);
  });

  it("a manual bill has no rate confirmation", async () => {
    const created = await rest<{ billNumber: string; rateConfirmationUrl: null }>(
      t.app,
      "POST",
      "/billing/accounts-payable",
      { carrier: "Manual", paymentDate: "2030-01-01", amount: 10, status: "pending" },
      { token: admin.token },
    );
    expect(created.body.rateConfirmationUrl).toBeNull();
    const download = await binary(
      `/billing/accounts-payable/${created.body.billNumber}/rate-confirmation.pdf`,
      admin.token,
    );
    expect(download.status).toBe(404);
  });

  it("renders a parseable PDF straight from the service", async () => {
    const pdf = await rateConfirmationPdf({
      billNumber: "BILL-000042",
      loadId: "LD-PDF-1",
      carrierName: "Brooks Freight Co.",
      amountCents: 98_000,
      pickupDate: null,
      deliveryDate: null,
      origin: "Dallas, TX",
      destination: "Chicago, IL",
      commodity: "Paper",
      weight: 42000,
      equipment: "Dry Van",
      stops: [],
      issuedAt: new Date("2030-01-01T00:00:00Z"),
    });
    const { text } = await pdfText(pdf);
    expect(text).toContain("LD-PDF-1");
    expect(text).toContain("$980.00");
    expect(text).toContain("Terms");
  });
});

describe("invoice drafted on delivery", () => {
  it("drafts one pending invoice for the customer and rate when the load becomes delivered", async () => {
    const load = await createLoad({ customer: "Delivered Foods" });
    const rate = await gql<{ setLoadCustomerRate: { __typename: string } }>(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: load.loadId, customerRate: "2100.25" } },
      { token: admin.token },
    );
    expect(rate.data?.setLoadCustomerRate.__typename).toBe("MutationSetLoadCustomerRateSuccess");
    expect(await t.app.deps.db.invoice.count({ where: { loadId: load.id } })).toBe(0);

    for (const status of ["delivered", "in_transit", "delivered"]) {
      const result = await rest(t.app, "PUT", `/loads/${load.loadId}`, { status }, { token: admin.token });
      expect(result.status).toBe(200);
    }
    const invoices = await t.app.deps.db.invoice.findMany({ where: { loadId: load.id } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      customerPayer: "Delivered Foods",
      amountDueCents: 210_025,
      status: "pending",
    });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "invoice.draft_on_delivery", entityId: invoices[0].id },
    });
    expect(audit?.actorId).toBe(admin.userId);
  });

  it("drafts it when the rate arrives after delivery, and shows revenue, cost and margin", async () => {
    const load = await createLoad({ customer: "Late Rate Inc", status: "delivered" });
    await t.app.deps.db.$transaction((tx) =>
      createBillForWinner(
        { loadId: load.id, carrierName: "Carrier W1 Trucking", amountCents: 150_000, actor },
        tx,
      ),
    );
    const query = `query($id: String!) { loadByLoadId(loadId: $id) { financials {
      customerRateCents revenueCents costCents marginCents marginPercent invoices { invoiceNumber } bills { billNumber }
    } } }`;
    const before = await gql<{ loadByLoadId: { financials: Record<string, unknown> } }>(
      t.app,
      query,
      { id: load.loadId },
      { token: admin.token },
    );
    expect(before.data?.loadByLoadId.financials).toMatchObject({
      revenueCents: null,
      costCents: 150_000,
      marginCents: null,
    });

    await gql(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: load.loadId, customerRate: "2000" } },
      { token: admin.token },
    );
    const after = await gql<{
      loadByLoadId: { financials: { invoices: unknown[] } & Record<string, unknown> };
    }>(t.app, query, { id: load.loadId }, { token: admin.token });
    expect(after.data?.loadByLoadId.financials).toMatchObject({
      customerRateCents: 200_000,
      revenueCents: 200_000,
      costCents: 150_000,
      marginCents: 50_000,
      marginPercent: 25,
    });
    expect(after.data?.loadByLoadId.financials.invoices).toHaveLength(1);
  });

  const setRate = (loadId: string, customerRate: string) =>
    gql(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: loadId, customerRate } },
      { token: admin.token },
    );
  const invoicesOf = async (loadId: string) => {
    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId } });
    return t.app.deps.db.invoice.findMany({ where: { loadId: load.id } });
  };

  it("drafts it when a bulk upload makes a rated load delivered, once, and not for a load with no rate", async () => {
    await uploadLoads(t.app, admin.token, [
      { "Load ID": "UP-DEL-1", Customer: "Upload Foods", Status: "pending" },
      { "Load ID": "UP-DEL-2", Customer: "Upload Foods", Status: "pending" },
    ]);
    await setRate("UP-DEL-1", "1500.10");
    expect(await invoicesOf("UP-DEL-1")).toHaveLength(0);
    for (let round = 0; round < 2; round++) {
      await uploadLoads(t.app, admin.token, [
        { "Load ID": "UP-DEL-1", Status: "delivered" },
        { "Load ID": "UP-DEL-2", Status: "delivered" },
        { "Load ID": "UP-DEL-3", Customer: "Upload Foods", Status: "delivered" },
      ]);
    }
    const invoices = await invoicesOf("UP-DEL-1");
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      customerPayer: "Upload Foods",
      amountDueCents: 150_010,
      status: "pending",
    });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "invoice.draft_on_delivery", entityId: invoices[0].id },
    });
    expect(audit).toMatchObject({ actorId: admin.userId, ip: "10.0.0.1" });
    expect(await invoicesOf("UP-DEL-2")).toHaveLength(0);
    expect(await invoicesOf("UP-DEL-3")).toHaveLength(0);
    // The rate arriving later still drafts it, as for any delivered load.
    await setRate("UP-DEL-3", "99.99");
    expect((await invoicesOf("UP-DEL-3")).map((invoice) => invoice.amountDueCents)).toEqual([9_999]);
  });

  it("drafts it when a manual assignment creates a delivered load with a customer rate", async () => {
    const { carrier, driver } = await carrierWithDriver(t.app, "MA1");
    const assign = (loadId: string, extra: Record<string, unknown>) =>
      rest(
        t.app,
        "POST",
        "/loads/manual-assignment",
        {
          carrierId: carrier.carrierId,
          loadId,
          customer: "Assigned Foods",
          assignedUserKey: driver.userId,
          ...extra,
        },
        { token: admin.token },
      );
    expect((await assign("MA-DEL-1", { status: "delivered", customerRate: "2500.5" })).status).toBe(201);
    expect(
      (await invoicesOf("MA-DEL-1")).map((invoice) => [invoice.customerPayer, invoice.amountDueCents]),
    ).toEqual([["Assigned Foods", 250_050]]);
    expect((await assign("MA-DEL-2", { status: "pending", customerRate: "10" })).status).toBe(201);
    expect(await invoicesOf("MA-DEL-2")).toHaveLength(0);
    expect((await assign("MA-DEL-3", { status: "delivered" })).status).toBe(201);
    expect(await invoicesOf("MA-DEL-3")).toHaveLength(0);
    const bad = await assign("MA-DEL-4", { status: "delivered", customerRate: "12.345" });
    expect(bad.status).toBe(400);
    expect(await t.app.deps.db.load.count({ where: { loadId: "MA-DEL-4" } })).toBe(0);
  });

  it("refuses a bad customer rate", async () => {
    const load = await createLoad();
    const result = await gql<{ setLoadCustomerRate: { __typename: string; fields: { message: string }[] } }>(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) {
        __typename ... on ValidationError { fields { message } } } }`,
      { input: { id: load.loadId, customerRate: "1,000" } },
      { token: admin.token },
    );
    expect(result.data?.setLoadCustomerRate.fields).toEqual([
      { message: "Amount must be a number, e.g. 1250.00" },
    ]);
  });
});

describe("aging", () => {
  it("buckets open receivables by days past due on a fixed date, per customer", async () => {
    const asOf = "2031-06-30";
    const due = (days: number) =>
      new Date(Date.UTC(2031, 5, 30) - days * 86_400_000).toISOString().slice(0, 10);
    const rows: [string, number, string, string][] = [
      ["Aging A", 0, "100.00", "pending"], // due today: current
      ["Aging A", -5, "1.00", "pending"], // not yet due: current
      ["Aging A", 1, "10.00", "pending"], // 1 day: 1-30
      ["Aging A", 30, "20.00", "overdue"], // 30 days: 1-30
      ["Aging A", 31, "30.00", "pending"], // 31-60
      ["Aging B", 60, "40.00", "pending"], // 31-60
      ["Aging B", 61, "50.00", "pending"], // 61-90
      ["Aging B", 90, "60.00", "pending"], // 61-90
      ["Aging B", 91, "70.00", "pending"], // 90+
      ["Aging B", 400, "0.01", "pending"], // 90+
      ["Aging B", 100, "999.00", "paid"], // settled: not aged
      ["Aging B", 100, "999.00", "canceled"], // settled: not aged
    ];
    for (const [customerPayer, days, amountDue, status] of rows) {
      await t.app.deps.db.invoice.create({
        data: {
          invoiceNumber: `AGE-${customerPayer}-${days}-${status}`,
          customerPayer,
          dueDate: new Date(`${due(days)}T00:00:00Z`),
          amountDueCents: Math.round(Number(amountDue) * 100),
          status,
        },
      });
    }
    const ctx = { ...t.app.deps, viewer: { role: "ADMIN" }, viewerError: null } as unknown as Context;
    const report = await receivablesAging(ctx, { asOf: new Date(`${asOf}T12:00:00Z`) });
    const customers = await report.customers();
    const a = customers.find((row) => row.customer === "Aging A");
    const b = customers.find((row) => row.customer === "Aging B");
    expect(a).toMatchObject({
      current: 10_100,
      days1to30: 3_000,
      days31to60: 3_000,
      days61to90: 0,
      days90plus: 0,
      total: 16_100,
      invoiceCount: 5,
    });
    expect(b).toMatchObject({
      current: 0,
      days1to30: 0,
      days31to60: 4_000,
      days61to90: 11_000,
      days90plus: 7_001,
      total: 22_001,
      invoiceCount: 5,
    });

    const viaRest = await rest<{
      asOf: string;
      customers: { customer: string; days90plus: number; total: number }[];
    }>(t.app, "GET", `/billing/accounts-receivable/aging?asOf=${asOf}&limit=500`, undefined, {
      token: admin.token,
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.asOf).toBe(asOf);
    expect(viaRest.body.customers.find((row) => row.customer === "Aging B")).toMatchObject({
      days90plus: 70.01,
      total: 220.01,
    });

    const viaGraphql = await gql<{ receivablesAging: { totals: { invoiceCount: number } } }>(
      t.app,
      `query($asOf: DateTime) { receivablesAging(asOf: $asOf) { asOf totals { current days1to30 days31to60 days61to90 days90plus total invoiceCount } customers { customer total } } }`,
      { asOf: `${asOf}T12:00:00Z` },
      { token: admin.token },
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.receivablesAging.totals.invoiceCount).toBeGreaterThanOrEqual(10);
  });
});

describe("CSV export", () => {
  it("exports the filtered receivables with papaparse-readable rows and exact decimals", async () => {
    const marker = `Export Payer ${Date.now()}`;
    for (const [amountDue, status] of [
      ["0.10", "pending"],
      ["0.20", "paid"],
      ["1234.5", "pending"],
    ]) {
      await rest(
        t.app,
        "POST",
        "/billing/accounts-receivable",
        { customerPayer: marker, dueDate: "2030-02-01", amountDue, status },
        { token: admin.token },
      );
    }
    await rest(
      t.app,
      "POST",
      "/billing/accounts-receivable",
      { customerPayer: '=HYPERLINK("x")', dueDate: "2030-02-01", amountDue: 1, status: "pending" },
      { token: admin.token },
    );
    const response = await binary(
      `/billing/accounts-receivable/export.csv?search=${encodeURIComponent(marker)}&status=pending&sort=amount&dir=asc`,
      admin.token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="accounts-receivable-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(response.bytes).trim());
    expect(parsed.data[0]).toEqual([
      "Invoice Number",
      "Customer/Payer",
      "Due Date",
      "Amount Due",
      "Status",
      "Past Due Days",
      "Load ID",
      "Tracking Link",
    ]);
    expect(parsed.data.slice(1).map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      [marker, "2030-02-01", "0.10", "Pending"],
      [marker, "2030-02-01", "1234.50", "Pending"],
    ]);

    const formula = await binary(`/billing/accounts-receivable/export.csv?search=HYPERLINK`, admin.token);
    expect(new TextDecoder().decode(formula.bytes)).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("exports payables too, past every chunk of rows", async () => {
    const marker = `Chunk Carrier ${Date.now()}`;
    await t.app.deps.db.bill.createMany({
      data: Array.from({ length: 1203 }, (_, index) => ({
        billNumber: `CHUNK-${index}`,
        carrier: marker,
        paymentDate: new Date("2030-01-01"),
        amountCents: index,
        status: "pending",
      })),
    });
    const response = await binary(
      `/billing/accounts-payable/export.csv?search=${encodeURIComponent(marker)}`,
      admin.token,
    );
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(response.bytes).trim());
    expect(parsed.data[0][0]).toBe("Bill Number");
    expect(parsed.data).toHaveLength(1204);
    expect(new Set(parsed.data.slice(1).map((row) => row[0])).size).toBe(1203);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_TEXTS, linesSumMessage } from "../../common/billing.ts";
import { routeCarrierMismatch } from "../../common/routing.ts";
import { draftInvoiceForDelivery, draftInvoiceForPod } from "../../server/billing/operations.ts";
import { quickPayFee } from "../../server/billing/service.ts";
import { LOAD_CANCELLED_TITLE } from "../../server/loads/cancellation.ts";
import {
  adminAndCarrier,
  BASE,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type Session,
  type TestApp,
} from "../support/app.ts";
import { uploadLoads } from "../support/loads.ts";
import { awardedLoad } from "../support/offers.ts";

/**
 * Money per load (issue #28): line items on invoices and bills, the POD's draft invoice, quick pay,
 * TONU on cancellation and the route's carrier consistency, over real HTTP.
 */
let t: TestApp;
let admin: Session;
let outsider: Session;

const AR = "/billing/accounts-receivable";
const AP = "/billing/accounts-payable";
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface Line {
  kind: string;
  description: string;
  amount: number;
  amountCents: number;
}
interface ErrorAnswer {
  message: string;
  errors?: { field: string; message: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  outsider = world.carrierSession;
});
afterAll(() => t.close());

const invoice = (overrides: Record<string, unknown> = {}) => ({
  customerPayer: "Acme Foods",
  dueDate: "2030-01-15",
  status: "pending",
  ...overrides,
});

async function uploadPod(loadId: string, token: string) {
  const body = new FormData();
  body.set("type", "POD");
  body.set("file", new Blob([new Uint8Array(PDF)]), "pod.pdf");
  const response = await t.app.fetch(
    new Request(`${BASE}/api/loads/${loadId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    }),
    { ip: "10.0.0.1" },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("line items over REST", () => {
  it("creates an invoice from lines: the amount is their sum, the answer carries the lines", async () => {
    const created = await rest<{
      invoiceNumber: string;
      amountDue: number;
      amountDueCents: number;
      lines: Line[];
    }>(
      t.app,
      "POST",
      AR,
      invoice({
        lines: [
          { kind: "linehaul", description: "Chicago to Dallas", amount: 1200.1 },
          { kind: "fuel", description: "FSC", amount: "0.20" },
          { kind: "detention", amount: "75" },
        ],
      }),
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.amountDueCents).toBe(127_530);
    expect(created.body.amountDue).toBe(1275.3);
    expect(created.body.lines).toEqual([
      { kind: "linehaul", description: "Chicago to Dallas", amount: 1200.1, amountCents: 120_010 },
      { kind: "fuel", description: "FSC", amount: 0.2, amountCents: 20 },
      { kind: "detention", description: "", amount: 75, amountCents: 7_500 },
    ]);
    const read = await rest<{ lines: Line[] }>(
      t.app,
      "GET",
      `${AR}/${created.body.invoiceNumber}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(read.body.lines.map((line) => line.amountCents)).toEqual([120_010, 20, 7_500]);
  });

  it("keeps the single-amount form: one linehaul line, and an amount that matches the lines is taken", async () => {
    const single = await rest<{ lines: Line[] }>(t.app, "POST", AR, invoice({ amountDue: 500 }), {
      token: admin.token,
    });
    expect(single.status).toBe(201);
    expect(single.body.lines).toEqual([
      { kind: "linehaul", description: "", amount: 500, amountCents: 50_000 },
    ]);
    const both = await rest(
      t.app,
      "POST",
      AP,
      {
        carrier: "Ramirez Trucking",
        paymentDate: "2030-01-20",
        status: "pending",
        amount: "110.50",
        lines: [
          { kind: "linehaul", amount: 100 },
          { kind: "lumper", amount: "10.50" },
        ],
      },
      { token: admin.token },
    );
    expect(both.status).toBe(201);
    expect(both.body.amountCents).toBe(11_050);
  });

  it.each([
    [
      "lines that do not add up to the amount",
      {
        amountDue: 13,
        lines: [
          { kind: "linehaul", amount: 10 },
          { kind: "fuel", amount: "2.50" },
        ],
      },
      [{ field: "amountDue", message: linesSumMessage(1250) }],
    ],
    [
      "a negative line",
      { lines: [{ kind: "linehaul", amount: -10 }] },
      [{ field: "lines.0.amount", message: "Amount cannot be negative" }],
    ],
    [
      "an unknown kind",
      {
        lines: [
          { kind: "linehaul", amount: 10 },
          { kind: "boat", amount: 1 },
        ],
      },
      [{ field: "lines.1.kind", message: BILLING_TEXTS.lineKindInvalid }],
    ],
    [
      "a line of three decimals and one without an amount",
      { lines: [{ kind: "fuel", amount: "1.005" }, { kind: "other" }] },
      [
        { field: "lines.0.amount", message: "Amount can have at most two decimals" },
        { field: "lines.1.amount", message: "Amount Date is required" },
      ],
    ],
    [
      "no lines at all",
      { amountDue: 5, lines: [] },
      [{ field: "lines", message: BILLING_TEXTS.linesRequired }],
    ],
  ])("refuses %s with 400 per field, and stores nothing", async (_name, body, errors) => {
    const before = await t.app.deps.db.invoice.count();
    const lines = await t.app.deps.db.billingLine.count();
    const result = await rest<ErrorAnswer>(t.app, "POST", AR, invoice(body), { token: admin.token });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual(errors);
    expect(await t.app.deps.db.invoice.count()).toBe(before);
    expect(await t.app.deps.db.billingLine.count()).toBe(lines);
  });

  it("edits: lines replace the lines; the amount alone moves a one-line entry, not a several-line one", async () => {
    const created = await rest<{ invoiceNumber: string }>(t.app, "POST", AR, invoice({ amountDue: 100 }), {
      token: admin.token,
    });
    const path = `${AR}/${created.body.invoiceNumber}`;
    const moved = await rest<{ lines: Line[]; amountDueCents: number }>(
      t.app,
      "PUT",
      path,
      invoice({ amountDue: 120 }),
      { token: admin.token },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.lines).toEqual([
      { kind: "linehaul", description: "", amount: 120, amountCents: 12_000 },
    ]);
    const split = await rest<{ lines: Line[]; amountDueCents: number }>(
      t.app,
      "PUT",
      path,
      invoice({
        lines: [
          { kind: "linehaul", amount: 100 },
          { kind: "layover", description: "Day 2", amount: 250 },
        ],
      }),
      { token: admin.token },
    );
    expect(split.status).toBe(200);
    expect(split.body.amountDueCents).toBe(35_000);
    const refused = await rest<ErrorAnswer>(t.app, "PUT", path, invoice({ amountDue: 400 }), {
      token: admin.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: "amountDue", message: BILLING_TEXTS.linesKeepAmount }]);
    const unchanged = await rest<{ lines: Line[] }>(t.app, "GET", path, undefined, { token: admin.token });
    expect(unchanged.body.lines.map((line) => line.kind)).toEqual(["linehaul", "layover"]);
  });
});

describe("line items over GraphQL", () => {
  const CREATE_BILL = `mutation ($input: CreateBillInput!) {
    createBill(input: $input) {
      __typename
      ... on MutationCreateBillSuccess { data { bill { billNumber amountCents lines { kind description amount amountCents } } } }
      ... on ValidationError { message fields { field message } }
    }
  }`;

  it("creates a bill with lines and reads them back", async () => {
    const result = await gql<{ createBill: { data: { bill: { amountCents: number; lines: Line[] } } } }>(
      t.app,
      CREATE_BILL,
      {
        input: {
          carrier: "Ramirez Trucking",
          paymentDate: "2030-02-01",
          status: "pending",
          lines: [
            { kind: "linehaul", description: "Base", amount: "900.00" },
            { kind: "fuel", amount: "80.25" },
          ],
        },
      },
      { token: admin.token },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.createBill.data.bill.amountCents).toBe(98_025);
    expect(result.data?.createBill.data.bill.lines).toEqual([
      { kind: "linehaul", description: "Base", amount: 900, amountCents: 90_000 },
      { kind: "fuel", description: "", amount: 80.25, amountCents: 8_025 },
    ]);
  });

  it("answers a negative line or a wrong sum with a ValidationError per field; an unknown kind is no GraphQL value", async () => {
    const negative = await gql<{ createBill: { __typename: string; fields: { field: string }[] } }>(
      t.app,
      CREATE_BILL,
      {
        input: {
          carrier: "Ramirez Trucking",
          paymentDate: "2030-02-01",
          status: "pending",
          amount: "5.00",
          lines: [{ kind: "other", amount: "-5" }],
        },
      },
      { token: admin.token },
    );
    expect(negative.data?.createBill.__typename).toBe("ValidationError");
    expect(negative.data?.createBill.fields.map((field) => field.field)).toEqual(["lines.0.amount"]);
    const unknown = await gql(
      t.app,
      CREATE_BILL,
      {
        input: {
          carrier: "X",
          paymentDate: "2030-02-01",
          status: "pending",
          lines: [{ kind: "BOAT", amount: "1" }],
        },
      },
      { token: admin.token },
    );
    expect(unknown.errors?.[0]?.message).toMatch(/BOAT/);
  });
});

describe("the winner's bill, quick pay and TONU", () => {
  it("bills the winner one linehaul line at the winning bid", async () => {
    const { load } = await awardedLoad(t.app, admin.token, 1337);
    const bill = await t.app.deps.db.bill.findFirstOrThrow({
      where: { load: { loadId: load.loadId } },
      include: { lines: true },
    });
    expect(bill.lines.map((line) => [line.kind, line.amountCents])).toEqual([["linehaul", 133_700]]);
  });

  it("lets the bill's carrier ask for quick pay once: paid in 2 days, less 2%", async () => {
    const { load, winner } = await awardedLoad(t.app, admin.token, 1000);
    const { billNumber } = await t.app.deps.db.bill.findFirstOrThrow({
      where: { load: { loadId: load.loadId } },
    });
    const path = `${AP}/${billNumber}/quick-pay`;
    expect((await rest(t.app, "POST", path, {}, { token: outsider.token })).status).toBe(404);
    const asked = await rest<{ paymentDate: string; quickPay: Record<string, unknown> }>(
      t.app,
      "POST",
      path,
      {},
      {
        token: winner.session.token,
      },
    );
    expect(asked.status).toBe(200);
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(asked.body.paymentDate.slice(0, 10)).toBe(inTwoDays);
    expect(asked.body.quickPay).toMatchObject({ feePercent: 2, feeCents: 2_000, netAmountCents: 98_000 });
    const again = await rest<ErrorAnswer>(t.app, "POST", path, {}, { token: winner.session.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_TEXTS.quickPayTwice);

    const mine = await gql<{ myBills: { billNumber: string; quickPay: { feeCents: number } | null }[] }>(
      t.app,
      "{ myBills { billNumber quickPay { feeCents netAmountCents } lines { kind amountCents } } }",
      {},
      { token: winner.session.token },
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.myBills.find((bill) => bill.billNumber === billNumber)?.quickPay?.feeCents).toBe(2_000);
    const others = await gql<{ myBills: unknown[] }>(
      t.app,
      "{ myBills { billNumber } }",
      {},
      {
        token: outsider.token,
      },
    );
    expect(others.data?.myBills).toEqual([]);
  });

  it("tells carriers the quick-pay terms (fee percent, days) for the confirm dialog; nobody else", async () => {
    const TERMS = "{ quickPayTerms { feePercent days } }";
    const carrier = await gql<{ quickPayTerms: { feePercent: number; days: number } }>(
      t.app,
      TERMS,
      {},
      { token: outsider.token },
    );
    expect(carrier.errors).toBeUndefined();
    expect(carrier.data?.quickPayTerms).toEqual({ feePercent: 2, days: 2 });
    const anonymous = await gql(t.app, TERMS, {});
    expect(anonymous.errors?.length).toBeGreaterThan(0);
    expect(anonymous.data?.quickPayTerms ?? null).toBeNull();
  });

  it("asks for quick pay over GraphQL too, and refuses it on a paid bill", async () => {
    const { load, winner } = await awardedLoad(t.app, admin.token, 800);
    const bill = await t.app.deps.db.bill.findFirstOrThrow({ where: { load: { loadId: load.loadId } } });
    const QUICK = `mutation ($input: RequestQuickPayInput!) { requestQuickPay(input: $input) {
      __typename
      ... on MutationRequestQuickPaySuccess { data { bill { quickPay { feeCents } } } }
      ... on ConflictError { message }
    } }`;
    await t.app.deps.db.bill.update({ where: { id: bill.id }, data: { status: "paid" } });
    const paid = await gql<{ requestQuickPay: { __typename: string; message: string } }>(
      t.app,
      QUICK,
      { input: { billNumber: bill.billNumber } },
      { token: winner.session.token },
    );
    expect(paid.data?.requestQuickPay).toEqual({
      __typename: "ConflictError",
      message: BILLING_TEXTS.quickPayNotOpen,
    });
    await t.app.deps.db.bill.update({ where: { id: bill.id }, data: { status: "pending" } });
    const asked = await gql<{ requestQuickPay: { data: { bill: { quickPay: { feeCents: number } } } } }>(
      t.app,
      QUICK,
      { input: { billNumber: bill.billNumber } },
      { token: winner.session.token },
    );
    expect(asked.data?.requestQuickPay.data.bill.quickPay.feeCents).toBe(1_600);
  });

  it("cancelling a covered load notifies the carrier and proposes TONU, which an operator confirms", async () => {
    const { load, winner } = await awardedLoad(t.app, admin.token, 1200);
    const cancelled = await rest(
      t.app,
      "PUT",
      `/loads/${load.loadId}`,
      { status: "cancelled" },
      { token: admin.token },
    );
    expect(cancelled.status).toBe(200);
    const bill = await t.app.deps.db.bill.findFirstOrThrow({ where: { load: { loadId: load.loadId } } });
    expect(bill.tonuProposedCents).toBe(15_000);
    const notices = await t.app.deps.db.notification.findMany({
      where: { userId: winner.user.id, title: LOAD_CANCELLED_TITLE },
    });
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain("$150.00");

    const path = `${AP}/${bill.billNumber}/tonu`;
    const bad = await rest<ErrorAnswer>(
      t.app,
      "POST",
      path,
      { confirm: true, amount: -1 },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);
    expect((await rest(t.app, "POST", path, { confirm: true }, { token: winner.session.token })).status).toBe(
      403,
    );
    const confirmed = await rest<{ amountCents: number; lines: Line[]; tonuProposed: unknown }>(
      t.app,
      "POST",
      path,
      { confirm: true, amount: "175.00" },
      { token: admin.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.amountCents).toBe(17_500);
    expect(confirmed.body.lines.map((line) => [line.kind, line.amountCents])).toEqual([["tonu", 17_500]]);
    expect(confirmed.body.tonuProposed).toBeNull();
    expect((await rest(t.app, "POST", path, { confirm: false }, { token: admin.token })).status).toBe(409);
  });
});

describe("the POD drafts the customer's invoice", () => {
  it("drafts one invoice with a linehaul line at the customer rate and the POD linked, once under concurrency", async () => {
    await uploadLoads(t.app, admin.token, [{ "Load ID": "POD-1", Customer: "Acme Foods" }]);
    await t.app.deps.db.load.update({ where: { loadId: "POD-1" }, data: { customerRateCents: 210_000 } });
    const uploads = await Promise.all([1, 2, 3].map(() => uploadPod("POD-1", admin.token)));
    expect(uploads.map((upload) => upload.status)).toEqual([201, 201, 201]);
    const invoices = await t.app.deps.db.invoice.findMany({
      where: { load: { loadId: "POD-1" } },
      include: { lines: true },
    });
    expect(invoices).toHaveLength(1);
    expect(invoices[0].lines.map((line) => [line.kind, line.amountCents])).toEqual([["linehaul", 210_000]]);
    expect(uploads.map((upload) => upload.body._id)).toContain(invoices[0].podDocumentId);
    const answer = await rest<{ podDocumentUrl: string }>(
      t.app,
      "GET",
      `${AR}/${invoices[0].invoiceNumber}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(answer.body.podDocumentUrl).toBe(`/api/documents/${invoices[0].podDocumentId}`);
    const pdf = await t.app.fetch(
      new Request(`${BASE}${answer.body.podDocumentUrl}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
      { ip: "10.0.0.1" },
    );
    expect(pdf.status).toBe(200);
  });

  it("drafts nothing without a customer rate or when the load already has an invoice", async () => {
    await uploadLoads(t.app, admin.token, [
      { "Load ID": "POD-2", Customer: "Acme Foods" },
      { "Load ID": "POD-3", Customer: "Acme Foods" },
    ]);
    await t.app.deps.db.load.update({ where: { loadId: "POD-3" }, data: { customerRateCents: 1_000 } });
    await rest(t.app, "POST", AR, invoice({ amountDue: 10, loadId: "POD-3" }), { token: admin.token });
    expect((await uploadPod("POD-2", admin.token)).status).toBe(201);
    expect((await uploadPod("POD-3", admin.token)).status).toBe(201);
    expect(await t.app.deps.db.invoice.count({ where: { load: { loadId: "POD-2" } } })).toBe(0);
    expect(await t.app.deps.db.invoice.count({ where: { load: { loadId: "POD-3" } } })).toBe(1);
  });
});

describe("a route's driver and its loads' carrier", () => {
  it("refuses a driver of another carrier with 409 unless overridden, and audits the override", async () => {
    const { load, winner } = await awardedLoad(t.app, admin.token, 900);
    const created = await rest(
      t.app,
      "POST",
      "/routing",
      { routeNumber: "RT-MONEY-1", loadIds: [load.loadId] },
      {
        token: admin.token,
      },
    );
    expect(created.status).toBe(201);
    const stranger = await createUser(t.app, { email: "stranger-driver@example.com" });
    await loginAs(t.app, stranger.email);
    const refused = await rest<ErrorAnswer>(
      t.app,
      "PUT",
      "/routing/RT-MONEY-1",
      { assignedUserKey: stranger.userId },
      { token: admin.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(routeCarrierMismatch([load.loadId]));
    const route = await t.app.deps.db.route.findUniqueOrThrow({ where: { routeNumber: "RT-MONEY-1" } });
    expect(route.assignedUserId).toBe(winner.user.id);

    const overridden = await rest(
      t.app,
      "PUT",
      "/routing/RT-MONEY-1",
      { assignedUserKey: stranger.userId, overrideCarrier: true },
      { token: admin.token },
    );
    expect(overridden.status).toBe(200);
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "route.carrier_override", entityId: route.id },
    });
    expect(audit).not.toBeNull();

    const UPDATE = `mutation ($input: UpdateRouteInput!) { updateRoute(input: $input) {
      __typename ... on ConflictError { message }
    } }`;
    const back = await gql<{ updateRoute: { __typename: string } }>(
      t.app,
      UPDATE,
      { input: { routeNumber: "RT-MONEY-1", driver: winner.user.userId } },
      { token: admin.token },
    );
    expect(back.data?.updateRoute.__typename).not.toBe("ConflictError");
    const again = await gql<{ updateRoute: { __typename: string; message: string } }>(
      t.app,
      UPDATE,
      { input: { routeNumber: "RT-MONEY-1", driver: stranger.userId } },
      { token: admin.token },
    );
    expect(again.data?.updateRoute).toEqual({
      __typename: "ConflictError",
      message: routeCarrierMismatch([load.loadId]),
    });
  });
});

describe("billing operations against the database", () => {
  const actor = { id: null, ip: null };

  it("shares one draft between the POD and the delivery, whichever comes first; the later POD is linked", async () => {
    await uploadLoads(t.app, admin.token, [{ "Load ID": "POD-9", Customer: "Acme Foods" }]);
    const load = await t.app.deps.db.load.update({
      where: { loadId: "POD-9" },
      data: { customerRateCents: 50_000 },
      select: { id: true, loadId: true, customer: true, customerRateCents: true },
    });
    const delivered = await t.app.deps.db.$transaction((tx) => draftInvoiceForDelivery(load, tx, { actor }));
    expect(delivered?.created).toBe(true);
    expect(delivered?.entry.podDocumentId).toBeNull();
    const document = await t.app.deps.db.loadDocument.create({
      data: {
        loadId: load.id,
        type: "POD",
        fileName: "pod.pdf",
        contentType: "application/pdf",
        size: 1,
        sha256: "0",
      },
    });
    const linked = await t.app.deps.db.$transaction((tx) =>
      draftInvoiceForPod(load, document.id, tx, { actor }),
    );
    expect(linked).toMatchObject({ created: false, changed: true });
    expect(linked?.entry.podDocumentId).toBe(document.id);
    expect(linked?.entry.id).toBe(delivered?.entry.id);
    const again = await t.app.deps.db.$transaction((tx) =>
      draftInvoiceForPod(load, "another", tx, { actor }),
    );
    expect(again).toMatchObject({ created: false });
    expect(again?.changed).toBeUndefined();
    expect(await t.app.deps.db.invoice.count({ where: { loadId: load.id } })).toBe(1);
  });

  it("works the quick-pay fee out to the nearest cent", () => {
    expect(quickPayFee(100_000, 200)).toBe(2_000);
    expect(quickPayFee(12_345, 250)).toBe(309);
    expect(quickPayFee(0, 200)).toBe(0);
  });
});

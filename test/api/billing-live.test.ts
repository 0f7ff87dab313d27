import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { uploadLoads } from "../support/loads.ts";
import { twoInstances } from "../support/two-instances.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

/** billingLedgerChanged: every invoice or bill created or changed reaches the operators' screens live. */
const LEDGER = `subscription { billingLedgerChanged {
  ledger invoice { invoiceNumber amountDueCents status } bill { billNumber amountCents status }
} }`;

interface LedgerEvent {
  billingLedgerChanged: {
    ledger: "RECEIVABLE" | "PAYABLE";
    invoice: { invoiceNumber: string; amountDueCents: number; status: string } | null;
    bill: { billNumber: string; amountCents: number; status: string } | null;
  };
}

const invoice = { customerPayer: "Live Foods", dueDate: "2030-01-15", amountDue: "10.25", status: "pending" };
const bill = { carrier: "Live Trucking", paymentDate: "2030-01-20", amount: "7.50", status: "pending" };

describe("billingLedgerChanged on one instance", () => {
  let t: TestApp;
  let url: string;
  let adminToken: string;
  let carrierToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.start(0);
    const world = await adminAndCarrier(t.app);
    adminToken = world.adminSession.token;
    carrierToken = world.carrierSession.token;
  });
  afterAll(() => t.close());

  it("tells an operator of each invoice and bill created or edited, re-read through the schema", async () => {
    const events = subscribeOverWs<LedgerEvent>(url, adminToken, LEDGER);
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const created = await rest<{ invoiceNumber: string }>(
        t.app,
        "POST",
        "/billing/accounts-receivable",
        invoice,
        { token: adminToken },
      );
      await waitFor(() => events.received.length === 1);
      expect(events.received[0].billingLedgerChanged).toEqual({
        ledger: "RECEIVABLE",
        invoice: { invoiceNumber: created.body.invoiceNumber, amountDueCents: 1025, status: "pending" },
        bill: null,
      });
      await rest(
        t.app,
        "PUT",
        `/billing/accounts-receivable/${created.body.invoiceNumber}`,
        {
          ...invoice,
          status: "paid",
        },
        { token: adminToken },
      );
      const made = await rest<{ billNumber: string }>(t.app, "POST", "/billing/accounts-payable", bill, {
        token: adminToken,
      });
      await waitFor(() => events.received.length === 3);
      expect(events.received[1].billingLedgerChanged.invoice?.status).toBe("paid");
      expect(events.received[2].billingLedgerChanged).toEqual({
        ledger: "PAYABLE",
        invoice: null,
        bill: { billNumber: made.body.billNumber, amountCents: 750, status: "pending" },
      });
      expect(events.errors).toEqual([]);
    } finally {
      await events.close();
    }
  });

  it("announces the invoice a bulk upload drafts by delivering a rated load", async () => {
    await uploadLoads(t.app, adminToken, [{ "Load ID": "LIVE-1", Customer: "Live Foods" }]);
    await gql(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: "LIVE-1", customerRate: "42" } },
      { token: adminToken },
    );
    const events = subscribeOverWs<LedgerEvent>(url, adminToken, LEDGER);
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      await uploadLoads(t.app, adminToken, [{ "Load ID": "LIVE-1", Status: "delivered" }]);
      await waitFor(() => events.received.length === 1);
      expect(events.received[0].billingLedgerChanged.invoice).toMatchObject({
        amountDueCents: 4200,
        status: "pending",
      });
    } finally {
      await events.close();
    }
  });

  it("is refused to a carrier", async () => {
    const events = subscribeOverWs<LedgerEvent>(url, carrierToken, LEDGER);
    try {
      await waitFor(() => events.errors.length > 0 || events.isComplete());
      await rest(t.app, "POST", "/billing/accounts-receivable", invoice, { token: adminToken });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events.received).toEqual([]);
      expect(JSON.stringify(events.errors)).toMatch(/FORBIDDEN|not authorized|Not authorized/i);
    } finally {
      await events.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("billingLedgerChanged across two instances (Redis)", () => {
  const instances = twoInstances(redisUrl);

  it("reaches an operator on one instance when an invoice is created on the other", async () => {
    const world = await adminAndCarrier(instances.first.app);
    const url = await instances.second.start(0);
    const events = subscribeOverWs<LedgerEvent>(url, world.adminSession.token, LEDGER);
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const created = await rest<{ invoiceNumber: string }>(
        instances.first.app,
        "POST",
        "/billing/accounts-receivable",
        invoice,
        { token: world.adminSession.token },
      );
      await waitFor(() => events.received.length === 1, 3000);
      expect(events.received[0].billingLedgerChanged.invoice?.invoiceNumber).toBe(created.body.invoiceNumber);
    } finally {
      await events.close();
    }
  });
});

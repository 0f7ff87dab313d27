import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_STATUSES } from "../../common/billing.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { BASE, createTestApp, loginAs, rest, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

interface Entry {
  status: string;
  pastDue: boolean;
  loadId: string | null;
  drafted: boolean;
  rateConfirmationUrl?: string | null;
  carrier?: string;
}

describe("SEED_DEMO=1 billing", () => {
  it("has invoices and bills in every status, some past due, linked to demo loads", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const invoices = await rest<Entry[]>(t.app, "GET", "/billing/accounts-receivable?limit=500", undefined, {
      token,
    });
    const bills = await rest<Entry[]>(t.app, "GET", "/billing/accounts-payable?limit=500", undefined, {
      token,
    });
    for (const list of [invoices.body, bills.body]) {
      expect(new Set(list.map((entry) => entry.status))).toEqual(new Set(BILLING_STATUSES));
      expect(list.some((entry) => entry.pastDue)).toBe(true);
      expect(list.filter((entry) => entry.loadId).length).toBeGreaterThan(10);
    }
    expect(invoices.body.some((entry) => entry.drafted)).toBe(true);
    const withConfirmation = bills.body.find(
      (entry) => entry.rateConfirmationUrl && entry.carrier === "Ramirez Trucking LLC",
    );
    expect(withConfirmation).toBeDefined();

    // The demo carrier downloads its own rate confirmation.
    const carrier = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
    const response = await t.app.fetch(
      new Request(`${BASE}${withConfirmation?.rateConfirmationUrl}`, {
        headers: { authorization: `Bearer ${carrier.token}` },
      }),
      { ip: "10.0.0.2" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");

    const aging = await rest<{ totals: Record<string, number> }>(
      t.app,
      "GET",
      "/billing/accounts-receivable/aging",
      undefined,
      { token },
    );
    for (const bucket of ["current", "days1to30", "days31to60", "days61to90", "days90plus"]) {
      expect(aging.body.totals[bucket], bucket).toBeGreaterThan(0);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { createTestApp, gql, loginAs, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe("SEED_DEMO=1 compliance", () => {
  it("has carriers in every compliance state, and both demo carrier logins may trade", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const listed = await gql<{
      carriers: { edges: { node: { carrierId: string; compliance: { status: string } } }[] };
    }>(
      t.app,
      "{ carriers(pageSize: 100) { edges { node { carrierId compliance { status } } } } }",
      {},
      { token },
    );
    expect(listed.errors).toBeUndefined();
    const statuses = new Set(listed.data?.carriers.edges.map((edge) => edge.node.compliance.status));
    expect([...statuses].sort()).toEqual([
      "compliant",
      "expired",
      "expiring",
      "missing",
      "not_authorized",
      "unverified",
    ]);
    for (const email of ["carrier@freightway.test", "driver2@freightway.test"]) {
      const carrier = await loginAs(t.app, email, DEMO_PASSWORD);
      const mine = await gql<{ myCompliance: { mayTrade: boolean } }>(
        t.app,
        "{ myCompliance { mayTrade } }",
        {},
        {
          token: carrier.token,
        },
      );
      expect(mine.data?.myCompliance.mayTrade, email).toBe(true);
    }
  });
});

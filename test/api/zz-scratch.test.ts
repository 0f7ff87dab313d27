import { afterAll, beforeAll, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
it("probe", async () => {
  const { adminSession } = await adminAndCarrier(t.app);
  for (const v of ["nope", "2026-02-30", "0001-01-01"]) {
    const r = await gql(
      t.app,
      `query ($f: DateTime) { loads(filter: { pickupFrom: $f }) { totalCount } }`,
      { f: v },
      { token: adminSession.token },
    );
    console.log(v, r.status, JSON.stringify(r.errors), JSON.stringify(r.data));
    const r2 = await gql(
      t.app,
      `query { loads(filter: { pickupFrom: "${v}" }) { totalCount } }`,
      {},
      { token: adminSession.token },
    );
    console.log(v, r2.status, JSON.stringify(r2.errors), JSON.stringify(r2.data));
  }
});

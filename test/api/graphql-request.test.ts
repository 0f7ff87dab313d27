import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { BASE, createTestApp, createUser, loginAs, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** How app.ts hands a GraphQL request to Yoga (it reads the body itself first). */
describe("GraphQL over HTTP", () => {
  it("runs an operation to its end even when the caller has hung up (its signal is not Yoga's)", async () => {
    const admin = await createUser(t.app, { email: "hangup@example.com", role: "ADMIN" });
    const { token } = await loginAs(t.app, admin.email);
    const caller = new AbortController();
    caller.abort();
    const response = await t.app.fetch(
      new Request(`${BASE}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", [CSRF_HEADER]: "1", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: "{ viewer { email } loads(page: 1) { totalCount } }" }),
        signal: caller.signal,
      }),
    );
    expect(await response.json()).toEqual({
      data: { viewer: { email: "hangup@example.com" }, loads: { totalCount: 0 } },
    });
  });
});

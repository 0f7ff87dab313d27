import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, type TestApp } from "../support/app.ts";

/** Found by the schema fuzz: the same node selected twice (a second, wider selection) lost `kind`. */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  await t.app.deps.db.outboundEmail.create({
    data: { to: "someone@example.com", subject: "Hello", text: "secret", kind: "invitation" },
  });
});
afterAll(() => t.close());

describe("outboundEmails", () => {
  it("answers a node selected twice with different fields", async () => {
    const answer = await gql(
      t.app,
      `query Fuzz($a7: Int) { outboundEmails(pageSize: $a7) { __typename edges { __typename node { __typename id subject createdAt kind } cursor node { __typename id status createdAt subject kind } } totalCount } }`,
      { a7: 5 },
      { token: world.adminSession.token },
    );
    expect(answer.errors).toBeUndefined();
    expect(JSON.stringify(answer.data)).toContain('"kind":"invitation"');
  });
});

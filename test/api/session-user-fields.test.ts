import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, TEST_PASSWORD, type TestApp } from "../support/app.ts";

/** The signed-in user of checkSession and login answers every User field, relation counts included. */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  await t.app.deps.db.notification.create({
    data: { userId: world.carrier.id, title: "Hi", message: "Unread", type: "bid" },
  });
});
afterAll(() => t.close());

describe("the session's user", () => {
  it("answers unreadNotificationCount in checkSession (the schema fuzz found it INTERNAL)", async () => {
    const answer = await gql<{ checkSession: { user: { unreadNotificationCount: number; email: string } } }>(
      t.app,
      "query { checkSession { user { unreadNotificationCount email } } }",
      {},
      { token: world.carrierSession.token },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.checkSession.user).toEqual({
      unreadNotificationCount: 1,
      email: "carrier@example.com",
    });
  });

  it("answers it in the login payload too", async () => {
    const answer = await gql<{ login: { data?: { user: { unreadNotificationCount: number } } } }>(
      t.app,
      `mutation($input: LoginInput!) {
        login(input: $input) { ... on MutationLoginSuccess { data { user { unreadNotificationCount } } } }
      }`,
      { input: { email: "carrier@example.com", password: TEST_PASSWORD, platform: "mobile" } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.login.data?.user.unreadNotificationCount).toBe(1);
  });
});

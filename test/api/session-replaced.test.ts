import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAs, rest, TEST_PASSWORD, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: "returning@example.com" });
});
afterAll(() => t.close());

const login = () =>
  rest<{ sessionReplaced: boolean; message: string }>(t.app, "POST", "/auth/login", {
    email: "returning@example.com",
    password: TEST_PASSWORD,
    platform: "desktop",
  });

describe("sessionReplaced only when a live session was really replaced", () => {
  it("says nothing after a browser was closed long ago (its session idle past a token's life)", async () => {
    const old = await loginAs(t.app, "returning@example.com");
    const idleSince = new Date(Date.now() - 2 * 3_600_000);
    await t.app.deps.db.session.updateMany({
      where: { userId: old.userId, revokedAt: null },
      data: { lastUsedAt: idleSince, createdAt: idleSince },
    });
    const again = await login();
    expect(again.status).toBe(200);
    expect(again.body.sessionReplaced).toBe(false);
    expect(again.body.message).toBe("Login successful");
    // The abandoned session is still ended.
    const stale = await rest(t.app, "GET", "/auth/check-session", undefined, { token: old.token });
    expect(stale.status).toBe(401);
  });

  it("says so when the other session was in use", async () => {
    await loginAs(t.app, "returning@example.com");
    const again = await login();
    expect(again.body.sessionReplaced).toBe(true);
  });
});

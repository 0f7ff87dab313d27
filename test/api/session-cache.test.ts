import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAs, rest, type TestApp } from "../support/app.ts";
import { countDriverStatements } from "../support/driver-count.ts";
import { twoInstances } from "../support/two-instances.ts";

const redisUrl = process.env.TEST_REDIS_URL;

describe("the session check on every request", () => {
  let world: TestApp;
  beforeAll(async () => {
    world = await createTestApp();
  });
  afterAll(async () => {
    await world.close();
  });

  it("costs no statement once the session was seen, and one user read for check-session", async () => {
    await createUser(world.app, { email: "steady@example.com" });
    const session = await loginAs(world.app, "steady@example.com");
    expect(
      (await rest(world.app, "GET", "/auth/check-session", undefined, { token: session.token })).status,
    ).toBe(200);
    const counter = countDriverStatements();
    try {
      const answer = await rest(world.app, "GET", "/auth/check-session", undefined, { token: session.token });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        valid: true,
        platform: "desktop",
        user: { email: "steady@example.com" },
      });
      expect(counter.statements).toHaveLength(1);
      expect(counter.statements[0]).toMatch(/FROM "User"/i);
    } finally {
      counter.stop();
    }
  });

  it("refuses a session at once after logout, though it was cached", async () => {
    await createUser(world.app, { email: "leaver@example.com" });
    const session = await loginAs(world.app, "leaver@example.com");
    const check = () => rest(world.app, "GET", "/user/profile", undefined, { token: session.token });
    expect((await check()).status).toBe(200);
    expect(
      (await rest(world.app, "POST", "/auth/logout", {}, { token: session.token, cookie: session.refresh }))
        .status,
    ).toBe(200);
    const after = await check();
    expect(after.status).toBe(401);
    expect(after.body.logout).toBe(true);
  });

  it("refuses the old session at once when a new login replaces it", async () => {
    await createUser(world.app, { email: "twice@example.com" });
    const first = await loginAs(world.app, "twice@example.com");
    const check = () => rest(world.app, "GET", "/user/profile", undefined, { token: first.token });
    expect((await check()).status).toBe(200);
    await loginAs(world.app, "twice@example.com");
    expect((await check()).status).toBe(401);
  });
});

/** Two instances on one database and one Redis: the PostgreSQL + Redis run. */
describe.runIf(redisUrl)("a cached session across instances", () => {
  const instances = twoInstances(redisUrl);
  beforeAll(async () => {
    // Both instances' Redis subscriptions are up before the first request.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it("is refused on the other instance as soon as it is revoked", async () => {
    await createUser(instances.first.app, { email: "roamer@example.com" });
    for (let round = 0; round < 5; round++) {
      const session = await loginAs(instances.first.app, "roamer@example.com");
      const onSecond = () =>
        rest(instances.second, "GET", "/auth/check-session", undefined, { token: session.token });
      expect((await onSecond()).status).toBe(200);
      expect((await onSecond()).status).toBe(200);
      const loggedOut = await rest(
        instances.first.app,
        "POST",
        "/auth/logout",
        {},
        { token: session.token, cookie: session.refresh },
      );
      expect(loggedOut.status).toBe(200);
      const refused = await onSecond();
      expect(refused.status).toBe(401);
      expect(refused.body.logout).toBe(true);
    }
  });
});

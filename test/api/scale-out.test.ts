import { describe, expect, it } from "vitest";
import { notifyUser } from "../../server/notifications/service.ts";
import { createUser, loginAs, rest } from "../support/app.ts";
import { twoInstances } from "../support/two-instances.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two server instances behind a load balancer: one database, one Redis. Runs in the PostgreSQL
 * step of `npm test` (which sets TEST_REDIS_URL); reported as skipped elsewhere.
 */
describe.runIf(redisUrl)("two instances sharing the database and Redis", () => {
  const instances = twoInstances(redisUrl);

  it("honours a session opened on the other instance and ends it everywhere", async () => {
    await createUser(instances.first.app, { email: "roamer@example.com" });
    const session = await loginAs(instances.first.app, "roamer@example.com");
    expect(
      (await rest(instances.second, "GET", "/user/profile", undefined, { token: session.token })).status,
    ).toBe(200);
    const refreshed = await rest(
      instances.second,
      "POST",
      "/refresh/refresh-token",
      {},
      { cookie: session.refresh },
    );
    expect(refreshed.status).toBe(200);
    await loginAs(instances.second, "roamer@example.com");
    const stale = await rest(instances.first.app, "GET", "/user/profile", undefined, {
      token: session.token,
    });
    expect(stale.body.logout).toBe(true);
  });

  it("delivers a notification created on one instance to a subscriber on the other", async () => {
    const user = await createUser(instances.first.app, { email: "listener@example.com" });
    const session = await loginAs(instances.first.app, "listener@example.com");
    const url = await instances.second.start(0);
    const subscription = subscribeOverWs<{ notificationAdded: { title: string } }>(
      url,
      session.token,
      "subscription { notificationAdded { title } }",
    );
    try {
      await subscription.ready;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await notifyUser(instances.first.app.deps, {
        userId: user.id,
        title: "Across instances",
        message: "via Redis",
      });
      await waitFor(() => subscription.received.length === 1);
      expect(subscription.received[0].notificationAdded.title).toBe("Across instances");
    } finally {
      await subscription.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAs, rest, type TestApp } from "../support/app.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.start(0);
  await createUser(t.app, { email: "live@example.com" });
});
afterAll(() => t.close());

describe("live session events", () => {
  it("tells the replaced session at once through sessionEnded", async () => {
    const first = await loginAs(t.app, "live@example.com");
    const events = subscribeOverWs<{ sessionEnded: { reason: string; message: string; logout: boolean } }>(
      url,
      first.token,
      "subscription { sessionEnded { reason message logout } }",
    );
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      await loginAs(t.app, "live@example.com");
      await waitFor(() => events.received.length === 1);
      expect(events.received[0].sessionEnded).toMatchObject({ reason: "replaced", logout: true });
      expect(events.received[0].sessionEnded.message).toMatch(/signed in on another device/);
    } finally {
      await events.close();
    }
  });

  it("pushes the viewer's profile after a change through profileUpdated", async () => {
    const session = await loginAs(t.app, "live@example.com");
    const updates = subscribeOverWs<{ profileUpdated: { fullName: string } }>(
      url,
      session.token,
      "subscription { profileUpdated { fullName } }",
    );
    try {
      await updates.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      await rest(
        t.app,
        "POST",
        `/user/${session.userId}`,
        { fullName: "Live Wire" },
        { token: session.token },
      );
      await waitFor(() => updates.received.length === 1);
      expect(updates.received[0].profileUpdated.fullName).toBe("Live Wire");
    } finally {
      await updates.close();
    }
  });
});

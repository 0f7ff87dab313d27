import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

describe("carrierChanged", () => {
  it("pushes a created carrier to admins and refuses carriers", async () => {
    const url = await t.app.start(0);
    const admin = subscribeOverWs<{ carrierChanged: { carrierName: string } }>(
      url,
      world.adminSession.token,
      "subscription { carrierChanged { carrierName } }",
    );
    const carrier = subscribeOverWs(
      url,
      world.carrierSession.token,
      "subscription { carrierChanged { carrierName } }",
    );
    try {
      await admin.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const created = await rest(
        t.app,
        "POST",
        "/carriers",
        {
          carrierName: "Live Freight",
          dotNumber: "1234567",
          mcNumber: "MC-765432",
          type: "Trucking",
          contact: "Lena Live",
          phone: "2015550123",
          email: "dispatch@livefreight.example",
        },
        { token: world.adminSession.token },
      );
      expect(created.status).toBe(201);
      await waitFor(() => admin.received.length === 1);
      expect(admin.received[0].carrierChanged.carrierName).toBe("Live Freight");
      await waitFor(() => carrier.errors.length > 0);
      expect(carrier.received).toHaveLength(0);
    } finally {
      await Promise.all([admin.close(), carrier.close()]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyUser } from "../../server/notifications/service.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

describe("notifications over REST", () => {
  it("lets an admin notify a user, who reads and marks it", async () => {
    const created = await rest(
      t.app,
      "POST",
      "/notifications",
      {
        userId: world.carrier.userId,
        title: "Congratulations! Your Bid Was Accepted",
        message: "Load L-1 is yours.",
        type: "bid",
        bidStatus: "winner",
        details: { loadId: "L-1", bidAmount: 1500 },
      },
      { token: world.adminSession.token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: world.carrier.id,
      isRead: false,
      bidStatus: "winner",
      loadId: "L-1",
    });

    const own = await rest<Record<string, unknown>[]>(
      t.app,
      "GET",
      "/notifications/user?userRole=CARRIER",
      undefined,
      {
        token: world.carrierSession.token,
      },
    );
    expect(own.body.map((item) => item._id)).toContain(created.body._id);
    const byId = await rest<unknown[]>(
      t.app,
      "GET",
      `/notifications/user/${world.carrier.id}?userRole=CARRIER`,
      undefined,
      {
        token: world.carrierSession.token,
      },
    );
    expect(byId.body).toEqual(own.body);

    const read = await rest(t.app, "PATCH", `/notifications/${created.body._id}/read`, undefined, {
      token: world.carrierSession.token,
    });
    expect(read.body.isRead).toBe(true);
  });

  it("keeps notifications private to their owner", async () => {
    const notification = await notifyUser(t.app.deps, {
      userId: world.carrier.id,
      title: "Private",
      message: "For Carl",
    });
    const peek = await rest(t.app, "GET", `/notifications/user/${world.carrier.id}`, undefined, {
      token: world.adminSession.token,
    });
    expect(peek.status).toBe(403);
    const mark = await rest(t.app, "PATCH", `/notifications/${notification.id}/read`, undefined, {
      token: world.adminSession.token,
    });
    expect(mark.status).toBe(404);
    const create = await rest(
      t.app,
      "POST",
      "/notifications",
      { userId: world.admin.id, title: "x", message: "y" },
      {
        token: world.carrierSession.token,
      },
    );
    expect(create.status).toBe(403);
    expect((await rest(t.app, "GET", "/notifications/user")).status).toBe(401);
  });

  it("validates the notification body", async () => {
    const missing = await rest(
      t.app,
      "POST",
      "/notifications",
      { userId: world.carrier.id },
      { token: world.adminSession.token },
    );
    expect(missing.status).toBe(400);
    const unknownUser = await rest(
      t.app,
      "POST",
      "/notifications",
      { userId: "ghost", title: "t", message: "m" },
      {
        token: world.adminSession.token,
      },
    );
    expect(unknownUser.status).toBe(404);
  });
});

describe("notifications over GraphQL", () => {
  it("lists the viewer's notifications with an unread count and marks one read", async () => {
    await notifyUser(t.app.deps, { userId: world.carrier.id, title: "Counted", message: "unread" });
    const QUERY =
      "{ viewer { unreadNotificationCount notifications(first: 50) { totalCount edges { node { id title isRead } } } } }";
    type Result = {
      viewer: {
        unreadNotificationCount: number;
        notifications: {
          totalCount: number;
          edges: { node: { id: string; title: string; isRead: boolean } }[];
        };
      };
    };
    const before = await gql<Result>(t.app, QUERY, {}, { token: world.carrierSession.token });
    const unread = before.data!.viewer.notifications.edges.find((edge) => !edge.node.isRead)!.node;
    const MARK = /* GraphQL */ `
      mutation Mark($input: MarkNotificationReadInput!) {
        markNotificationRead(input: $input) {
          ... on MutationMarkNotificationReadSuccess { data { notification { id isRead } viewer { unreadNotificationCount } } }
          ... on Error { message }
        }
      }
    `;
    const marked = await gql<{
      markNotificationRead: {
        data: { notification: { isRead: boolean }; viewer: { unreadNotificationCount: number } };
      };
    }>(t.app, MARK, { input: { id: unread.id } }, { token: world.carrierSession.token });
    expect(marked.data?.markNotificationRead.data.notification.isRead).toBe(true);
    expect(marked.data?.markNotificationRead.data.viewer.unreadNotificationCount).toBe(
      before.data!.viewer.unreadNotificationCount - 1,
    );
    const stranger = await gql<{ markNotificationRead: { message: string } }>(
      t.app,
      MARK,
      { input: { id: unread.id } },
      {
        token: world.adminSession.token,
      },
    );
    expect(stranger.data?.markNotificationRead.message).toBe("Notification not found");
  });

  it("pushes a new notification to the owner's subscription and to nobody else's", async () => {
    const url = await t.app.start(0);
    const carl = subscribeOverWs<{ notificationAdded: { title: string } }>(
      url,
      world.carrierSession.token,
      "subscription { notificationAdded { title message } }",
    );
    const ada = subscribeOverWs<{ notificationAdded: { title: string } }>(
      url,
      world.adminSession.token,
      "subscription { notificationAdded { title message } }",
    );
    const anonymous = subscribeOverWs(url, null, "subscription { notificationAdded { title } }");
    try {
      await Promise.all([carl.ready, ada.ready]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await notifyUser(t.app.deps, { userId: world.carrier.id, title: "Live", message: "pushed" });
      await waitFor(() => carl.received.length === 1);
      expect(carl.received[0].notificationAdded.title).toBe("Live");
      expect(ada.received).toHaveLength(0);
      await waitFor(() => anonymous.errors.length > 0);
    } finally {
      await Promise.all([carl.close(), ada.close(), anonymous.close()]);
    }
  });
});

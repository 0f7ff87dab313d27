import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SOCKET_ENDED_CODE, SOCKET_TOKEN_EXPIRED_CODE } from "../../server/graphql/socket-sessions.ts";
import { notifyUser } from "../../server/notifications/service.ts";
import { createTestApp, createUser, loginAs, rest, type TestApp } from "../support/app.ts";
import { mailsTo } from "../support/outbox.ts";
import { twoInstances } from "../support/two-instances.ts";
import { waitFor } from "../support/ws.ts";

/** A graphql-ws client on one subscription that records what arrives and how the socket closed. */
function listen(baseUrl: string, token: string, query: string) {
  const state = {
    data: [] as unknown[],
    errors: [] as unknown[],
    closeCode: 0,
    closeReason: "",
    connected: false,
  };
  const client = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    // Keep the socket open when its operations complete: only the server may close it here.
    lazy: false,
    onNonLazyError: () => undefined,
    on: {
      connected: () => {
        state.connected = true;
      },
      closed: (event) => {
        const close = event as { code: number; reason: string };
        state.closeCode = close.code;
        state.closeReason = close.reason;
      },
    },
  });
  client.subscribe(
    { query },
    {
      next: (value) => {
        if (value.data) state.data.push(value.data);
        if (value.errors) state.errors.push(...value.errors);
      },
      error: (error) => state.errors.push(error),
      complete: () => undefined,
    },
  );
  return { state, dispose: () => client.dispose() };
}

const NOTIFICATIONS = "subscription { notificationAdded { title } }";
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("graphql-ws sockets follow their session", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.start(0);
  });
  afterAll(() => t.close());

  it("closes at once on logout, and nothing is delivered afterwards", async () => {
    const user = await createUser(t.app, { email: "ws-logout@example.com" });
    const session = await loginAs(t.app, user.email);
    const socket = listen(url, session.token, NOTIFICATIONS);
    try {
      await waitFor(() => socket.state.connected);
      await settle();
      await notifyUser(t.app.deps, { userId: user.id, title: "before", message: "m" });
      await waitFor(() => socket.state.data.length === 1);
      const started = Date.now();
      await rest(t.app, "POST", "/auth/logout", {}, { token: session.token });
      await notifyUser(t.app.deps, { userId: user.id, title: "after", message: "m" });
      await waitFor(() => socket.state.closeCode !== 0, 2000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(socket.state.closeCode).toBe(SOCKET_ENDED_CODE);
      expect(socket.state.data).toEqual([{ notificationAdded: { title: "before" } }]);
    } finally {
      await socket.dispose();
    }
  });

  it("tells the replaced session why, then closes its socket", async () => {
    const user = await createUser(t.app, { email: "ws-replaced@example.com" });
    const first = await loginAs(t.app, user.email);
    const socket = listen(url, first.token, "subscription { sessionEnded { reason } }");
    try {
      await waitFor(() => socket.state.connected);
      await settle();
      await loginAs(t.app, user.email);
      await waitFor(() => socket.state.closeCode !== 0, 2000);
      expect(socket.state.data).toEqual([{ sessionEnded: { reason: "replaced" } }]);
      expect(socket.state.closeCode).toBe(SOCKET_ENDED_CODE);
      expect(socket.state.closeReason).toMatch(/signed in on another device/);
    } finally {
      await socket.dispose();
    }
  });

  it("closes every socket of the user once a reset password is used", async () => {
    const user = await createUser(t.app, { email: "ws-reset@example.com" });
    const desktop = await loginAs(t.app, user.email);
    const mobile = await loginAs(t.app, user.email, undefined, { platform: "mobile" });
    const sockets = [listen(url, desktop.token, NOTIFICATIONS), listen(url, mobile.token, NOTIFICATIONS)];
    try {
      await waitFor(() => sockets.every((socket) => socket.state.connected));
      await settle();
      expect((await rest(t.app, "POST", "/emails/send-email", { email: user.email })).status).toBe(200);
      const [mail] = await mailsTo(t, user.email);
      const temporary = /Temporary password: (\S+)/.exec(mail ?? "")?.[1];
      expect(temporary).toBeTruthy();
      await loginAs(t.app, user.email, temporary, { platform: "mobile" });
      await waitFor(() => sockets.every((socket) => socket.state.closeCode === SOCKET_ENDED_CODE), 2000);
    } finally {
      await Promise.all(sockets.map((socket) => socket.dispose()));
    }
  });

  it("closes a disabled user's socket within a second of the admin's click", async () => {
    const admin = await createUser(t.app, { email: "ws-boss@example.com", role: "ADMIN" });
    const adminToken = (await loginAs(t.app, admin.email)).token;
    const user = await createUser(t.app, { email: "ws-disabled@example.com" });
    const session = await loginAs(t.app, user.email);
    const socket = listen(url, session.token, NOTIFICATIONS);
    try {
      await waitFor(() => socket.state.connected);
      await settle();
      const started = Date.now();
      const disabled = await rest(t.app, "POST", `/admin/users/${user.id}/disable`, undefined, {
        token: adminToken,
      });
      expect(disabled.status).toBe(200);
      await waitFor(() => socket.state.closeCode !== 0, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(socket.state.closeCode).toBe(SOCKET_ENDED_CODE);
    } finally {
      await socket.dispose();
    }
  });

  it("closes every socket of a user whose sessions an admin ends, within a second", async () => {
    const admin = await createUser(t.app, { email: "ws-boss2@example.com", role: "ADMIN" });
    const adminToken = (await loginAs(t.app, admin.email)).token;
    const user = await createUser(t.app, { email: "ws-ended@example.com" });
    const desktop = await loginAs(t.app, user.email);
    const mobile = await loginAs(t.app, user.email, undefined, { platform: "mobile" });
    const sockets = [listen(url, desktop.token, NOTIFICATIONS), listen(url, mobile.token, NOTIFICATIONS)];
    try {
      await waitFor(() => sockets.every((socket) => socket.state.connected));
      await settle();
      const started = Date.now();
      const ended = await rest(t.app, "DELETE", `/admin/users/${user.id}/sessions`, undefined, {
        token: adminToken,
      });
      expect(ended.body).toEqual({ ended: 2 });
      await waitFor(() => sockets.every((socket) => socket.state.closeCode !== 0), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(sockets.map((socket) => socket.state.closeCode)).toEqual([SOCKET_ENDED_CODE, SOCKET_ENDED_CODE]);
    } finally {
      await Promise.all(sockets.map((socket) => socket.dispose()));
    }
  });

  it("refuses an ended session's token on a new socket", async () => {
    const user = await createUser(t.app, { email: "ws-stale@example.com" });
    const session = await loginAs(t.app, user.email);
    await rest(t.app, "POST", "/auth/logout", {}, { token: session.token });
    const socket = listen(url, session.token, NOTIFICATIONS);
    try {
      await waitFor(() => socket.state.errors.length > 0 || socket.state.closeCode !== 0);
      expect(socket.state.data).toEqual([]);
    } finally {
      await socket.dispose();
    }
  });
});

describe("a socket never outlives its access token", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ accessTokenTtlSeconds: 1 });
    url = await t.app.start(0);
  });
  afterAll(() => t.close());

  it("closes a socket whose token expired before it connected", async () => {
    const user = await createUser(t.app, { email: "ws-late@example.com" });
    const session = await loginAs(t.app, user.email);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const socket = listen(url, session.token, NOTIFICATIONS);
    try {
      await waitFor(() => socket.state.closeCode !== 0, 3000);
      expect(socket.state.closeCode).toBe(SOCKET_TOKEN_EXPIRED_CODE);
      expect(socket.state.closeReason).toMatch(/expired/);
    } finally {
      await socket.dispose();
    }
  });

  it("closes when the token expires", async () => {
    const user = await createUser(t.app, { email: "ws-expiry@example.com" });
    const session = await loginAs(t.app, user.email);
    const socket = listen(url, session.token, NOTIFICATIONS);
    try {
      await waitFor(() => socket.state.closeCode !== 0, 3000);
      expect(socket.state.closeCode).toBe(SOCKET_TOKEN_EXPIRED_CODE);
      expect(socket.state.closeReason).toMatch(/expired/);
    } finally {
      await socket.dispose();
    }
  });
  it("lets the client reconnect with a refreshed token and keeps its subscriptions running", async () => {
    const user = await createUser(t.app, { email: "ws-renewed@example.com" });
    const session = await loginAs(t.app, user.email);
    let cookie = session.refresh;
    let connections = 0;
    const titles: string[] = [];
    let completed = false;
    const client = createClient({
      url: `${url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 5,
      retryWait: () => new Promise((resolve) => setTimeout(resolve, 50)),
      // What the app's client does: a fresh token for every connection after the first.
      connectionParams: async () => {
        if (connections++ === 0) return { authorization: `Bearer ${session.token}` };
        const refreshed = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie });
        cookie = refreshed.refreshCookie ?? cookie;
        return { authorization: `Bearer ${refreshed.body.accessToken as string}` };
      },
    });
    client.subscribe(
      { query: NOTIFICATIONS },
      {
        next: (value) =>
          titles.push((value.data as { notificationAdded: { title: string } }).notificationAdded.title),
        error: () => undefined,
        complete: () => {
          completed = true;
        },
      },
    );
    try {
      await waitFor(() => connections >= 2, 5000);
      await settle();
      await notifyUser(t.app.deps, { userId: user.id, title: "after renewal", message: "m" });
      await waitFor(() => titles.length > 0, 3000);
      expect(titles).toEqual(["after renewal"]);
      expect(completed).toBe(false);
    } finally {
      await client.dispose();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("across instances (Redis)", () => {
  const instances = twoInstances(redisUrl);

  it("closes a socket on one instance when the session ends on the other", async () => {
    const user = await createUser(instances.first.app, { email: "ws-roamer@example.com" });
    const session = await loginAs(instances.first.app, user.email);
    const url = await instances.second.start(0);
    const socket = listen(url, session.token, NOTIFICATIONS);
    try {
      await waitFor(() => socket.state.connected);
      await settle();
      await rest(instances.first.app, "POST", "/auth/logout", {}, { token: session.token });
      await waitFor(() => socket.state.closeCode === SOCKET_ENDED_CODE, 3000);
    } finally {
      await socket.dispose();
    }
  });
});

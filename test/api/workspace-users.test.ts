import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED_MESSAGE, LAST_ADMIN_MESSAGE } from "../../common/workspace.ts";
import { type Context, systemContext } from "../../server/context.ts";
import { changeUserRole, setUserDisabled } from "../../server/users/admin.ts";
import { createTestApp, createUser, gql, loginAs, rest, type TestApp } from "../support/app.ts";
import { countQueries } from "../support/query-count.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let url: string;
let adminToken: string;
let carrierToken: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.start(0);
  await createUser(t.app, { email: "boss@example.com", role: "ADMIN", fullName: "Bea Boss" });
  await createUser(t.app, { email: "carl@example.com", fullName: "Carl Carrier" });
  for (let index = 0; index < 55; index++) {
    await createUser(t.app, { email: `driver${String(index).padStart(2, "0")}@example.com` });
  }
  adminToken = (await loginAs(t.app, "boss@example.com")).token;
  carrierToken = (await loginAs(t.app, "carl@example.com")).token;
});
afterAll(() => t.close());

const USERS = `query ($search: String, $filter: UserFilter, $orderBy: UserOrder, $page: Int) {
  users(search: $search, filter: $filter, orderBy: $orderBy, page: $page) {
    totalCount pageCount page pageSize
    edges { node { id userId email fullName role accountStatus lastSignInAt openSessionCount createdAt
      carrier { carrierName } } }
  }
}`;

interface UsersData {
  users: {
    totalCount: number;
    pageCount: number;
    page: number;
    edges: {
      node: {
        id: string;
        email: string;
        accountStatus: string;
        openSessionCount: number;
        lastSignInAt: string | null;
      };
    }[];
  };
}

const ROLE = `mutation ($input: ChangeUserRoleInput!) { changeUserRole(input: $input) {
  __typename ... on MutationChangeUserRoleSuccess { data { user { role } } } ... on Error { message code } } }`;
const DISABLE = `mutation ($input: SetUserDisabledInput!) { setUserDisabled(input: $input) {
  __typename ... on MutationSetUserDisabledSuccess { data { user { accountStatus openSessionCount } } } ... on Error { message } } }`;

async function userId(email: string): Promise<string> {
  return (await t.app.deps.db.user.findUniqueOrThrow({ where: { email } })).id;
}

describe("users list", () => {
  it("pages 50 at a time with status, last sign-in and open sessions", async () => {
    const first = await gql<UsersData>(t.app, USERS, {}, { token: adminToken });
    expect(first.errors).toBeUndefined();
    expect(first.data?.users).toMatchObject({ totalCount: 57, pageCount: 2, page: 1 });
    expect(first.data?.users.edges).toHaveLength(50);
    const second = await gql<UsersData>(t.app, USERS, { page: 2 }, { token: adminToken });
    expect(second.data?.users.edges).toHaveLength(7);
    const boss = await gql<UsersData>(t.app, USERS, { search: "BOSS" }, { token: adminToken });
    expect(boss.data?.users.edges.map((edge) => edge.node)).toEqual([
      expect.objectContaining({ email: "boss@example.com", accountStatus: "active", openSessionCount: 1 }),
    ]);
    expect(boss.data?.users.edges[0].node.lastSignInAt).not.toBeNull();
  });

  it("filters by role and status and sorts", async () => {
    const admins = await gql<UsersData>(t.app, USERS, { filter: { role: "ADMIN" } }, { token: adminToken });
    expect(admins.data?.users.edges.map((edge) => edge.node.email)).toEqual(["boss@example.com"]);
    const sorted = await gql<UsersData>(
      t.app,
      USERS,
      { orderBy: { field: "EMAIL", direction: "DESC" } },
      { token: adminToken },
    );
    expect(sorted.data?.users.edges[0].node.email).toBe("driver54@example.com");
    const disabled = await gql<UsersData>(
      t.app,
      USERS,
      { filter: { status: "disabled" } },
      { token: adminToken },
    );
    expect(disabled.data?.users.totalCount).toBe(0);
  });

  it("makes the same number of queries whatever the page size", async () => {
    const run = async (pageSize: number) => {
      const counter = countQueries(t.app);
      try {
        const result = await gql(
          t.app,
          USERS.replace("page: $page)", `page: $page, pageSize: ${pageSize})`),
          {},
          { token: adminToken },
        );
        expect(result.errors).toBeUndefined();
        return [...counter.operations];
      } finally {
        counter.restore();
      }
    };
    const small = await run(5);
    const large = await run(50);
    expect(large).toEqual(small);
    expect(large.filter((operation) => operation.startsWith("User.findMany"))).toHaveLength(1);
  });

  it("answers REST under /api/admin/users with paging headers", async () => {
    const page = await rest<{ email: string; status: string; openSessions: number }[]>(
      t.app,
      "GET",
      "/admin/users?limit=10&page=2&sortBy=email",
      undefined,
      { token: adminToken },
    );
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(10);
    expect(page.headers.get("x-total-count")).toBe("57");
    expect(page.headers.get("x-page-count")).toBe("6");
    expect(page.body[0]).toMatchObject({ status: "active", openSessions: expect.any(Number) });
    const bad = await rest(t.app, "GET", "/admin/users?status=sleepy", undefined, { token: adminToken });
    expect(bad.status).toBe(400);
  });
});

describe("roles and the last active admin", () => {
  it("never demotes the last active ADMIN", async () => {
    const result = await gql<{ changeUserRole: { __typename: string; message: string } }>(
      t.app,
      ROLE,
      { input: { userId: await userId("boss@example.com"), role: "CARRIER" } },
      { token: adminToken },
    );
    expect(result.data?.changeUserRole).toMatchObject({
      __typename: "ConflictError",
      message: LAST_ADMIN_MESSAGE,
    });
    const rest409 = await rest(
      t.app,
      "PATCH",
      `/admin/users/${await userId("boss@example.com")}/role`,
      { role: "CARRIER" },
      { token: adminToken },
    );
    expect(rest409.status).toBe(409);
    expect((await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "boss@example.com" } })).role).toBe(
      "ADMIN",
    );
  });

  it("keeps one admin when two admins demote or disable each other at the same moment", async () => {
    await createUser(t.app, { email: "ann@example.com", role: "ADMIN" });
    await createUser(t.app, { email: "bob@example.com", role: "ADMIN" });
    const boss = await userId("boss@example.com");
    const ann = await userId("ann@example.com");
    const bob = await userId("bob@example.com");
    const asAdmin = (id: string, email: string) =>
      systemContext(t.app.deps, {
        id,
        userId: id,
        email,
        role: "ADMIN",
        sessionId: "s",
        platform: "desktop",
      });
    const attempts: [string, (ctx: Context, target: string) => Promise<unknown>][] = [
      ["demote", (ctx, target) => changeUserRole(ctx, target, "CARRIER")],
      ["disable", (ctx, target) => setUserDisabled(ctx, target, true)],
    ];
    for (const [name, attempt] of attempts) {
      // boss steps aside so only ann and bob remain active admins, then each acts on the other
      await t.app.deps.db.user.update({ where: { id: boss }, data: { role: "CARRIER" } });
      const outcomes = await Promise.allSettled([
        attempt(asAdmin(ann, "ann@example.com"), bob),
        attempt(asAdmin(bob, "bob@example.com"), ann),
      ]);
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      expect(refused, name).toHaveLength(1);
      expect(((refused[0] as PromiseRejectedResult).reason as Error).message).toBe(LAST_ADMIN_MESSAGE);
      expect(await t.app.deps.db.user.count({ where: { role: "ADMIN", disabledAt: null } }), name).toBe(1);
      await t.app.deps.db.user.updateMany({
        where: { id: { in: [boss, ann, bob] } },
        data: { role: "ADMIN", disabledAt: null },
      });
    }
    adminToken = (await loginAs(t.app, "boss@example.com")).token;
  });

  it("keeps one admin when the race goes through the API", async () => {
    const ann = await loginAs(t.app, "ann@example.com");
    const bob = await loginAs(t.app, "bob@example.com");
    await t.app.deps.db.user.update({ where: { email: "boss@example.com" }, data: { role: "CARRIER" } });
    const [first, second] = await Promise.all([
      rest(
        t.app,
        "PATCH",
        `/admin/users/${await userId("bob@example.com")}/role`,
        { role: "CARRIER" },
        { token: ann.token },
      ),
      rest(
        t.app,
        "PATCH",
        `/admin/users/${await userId("ann@example.com")}/role`,
        { role: "CARRIER" },
        { token: bob.token },
      ),
    ]);
    // The loser meets the guard (409) or, if the winner committed first, is no admin any more (403).
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await t.app.deps.db.user.count({ where: { role: "ADMIN", disabledAt: null } })).toBe(1);
    await t.app.deps.db.user.updateMany({
      where: { email: { in: ["boss@example.com", "ann@example.com", "bob@example.com"] } },
      data: { role: "ADMIN" },
    });
    adminToken = (await loginAs(t.app, "boss@example.com")).token;
  });

  it("applies a demotion to the demoted admin's very next request", async () => {
    const ann = await loginAs(t.app, "ann@example.com");
    // a first call, so the instance knows ann's session as an admin's
    expect((await rest(t.app, "GET", "/admin/users?limit=1", undefined, { token: ann.token })).status).toBe(
      200,
    );
    await rest(
      t.app,
      "PATCH",
      `/admin/users/${await userId("ann@example.com")}/role`,
      { role: "CARRIER" },
      {
        token: adminToken,
      },
    );
    expect((await rest(t.app, "GET", "/admin/users?limit=1", undefined, { token: ann.token })).status).toBe(
      403,
    );
    await rest(
      t.app,
      "PATCH",
      `/admin/users/${await userId("ann@example.com")}/role`,
      { role: "ADMIN" },
      {
        token: adminToken,
      },
    );
  });

  it("promotes a carrier to operator and audits the before/after", async () => {
    const id = await userId("driver00@example.com");
    const result = await gql<{ changeUserRole: { data: { user: { role: string } } } }>(
      t.app,
      ROLE,
      { input: { userId: id, role: "ADMIN" } },
      { token: adminToken },
    );
    expect(result.data?.changeUserRole.data.user.role).toBe("ADMIN");
    const audit = await t.app.deps.db.auditLog.findFirstOrThrow({
      where: { entityId: id, action: "user.role.change" },
    });
    expect(JSON.parse(audit.details ?? "{}").changes.role).toEqual({ from: "CARRIER", to: "ADMIN" });
    expect(audit.ip).toBe("10.0.0.1");
    await gql(t.app, ROLE, { input: { userId: id, role: "CARRIER" } }, { token: adminToken });
  });
});

describe("disable and re-enable", () => {
  it("ends the sessions at once, tells the live socket within a second and refuses sign-in", async () => {
    await createUser(t.app, { email: "soon-off@example.com" });
    const session = await loginAs(t.app, "soon-off@example.com");
    const events = subscribeOverWs<{ sessionEnded: { logout: boolean } }>(
      url,
      session.token,
      "subscription { sessionEnded { logout } }",
    );
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const result = await gql<{
        setUserDisabled: { data: { user: { accountStatus: string; openSessionCount: number } } };
      }>(
        t.app,
        DISABLE,
        { input: { userId: await userId("soon-off@example.com"), disabled: true } },
        { token: adminToken },
      );
      expect(result.data?.setUserDisabled.data.user).toEqual({
        accountStatus: "disabled",
        openSessionCount: 0,
      });
      await waitFor(() => events.received.length === 1, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(events.received[0].sessionEnded.logout).toBe(true);
    } finally {
      await events.close();
    }
    const call = await rest(t.app, "GET", "/user/profile", undefined, { token: session.token });
    expect(call.status).toBe(401);
    const login = await rest(t.app, "POST", "/auth/login", {
      email: "soon-off@example.com",
      password: "correct-horse-42",
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(ACCOUNT_DISABLED_MESSAGE);
    const wrong = await rest(t.app, "POST", "/auth/login", {
      email: "soon-off@example.com",
      password: "nope-nope-1",
    });
    expect(wrong.status).toBe(401);

    const enabled = await rest(
      t.app,
      "POST",
      `/admin/users/${await userId("soon-off@example.com")}/enable`,
      undefined,
      { token: adminToken },
    );
    expect(enabled.body).toMatchObject({ status: "active", disabledAt: null });
    await loginAs(t.app, "soon-off@example.com");
    const actions = await t.app.deps.db.auditLog.findMany({
      where: { entityId: await userId("soon-off@example.com") },
      select: { action: true },
    });
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["user.disable", "user.enable"]));
  });

  it("refuses to disable yourself", async () => {
    const result = await rest(
      t.app,
      "POST",
      `/admin/users/${await userId("boss@example.com")}/disable`,
      undefined,
      { token: adminToken },
    );
    expect(result.status).toBe(400);
  });

  it("ends a user's sessions on request", async () => {
    const session = await loginAs(t.app, "driver01@example.com");
    const ended = await rest(
      t.app,
      "DELETE",
      `/admin/users/${await userId("driver01@example.com")}/sessions`,
      undefined,
      { token: adminToken },
    );
    expect(ended.body).toEqual({ ended: 1 });
    const call = await rest(t.app, "GET", "/user/profile", undefined, { token: session.token });
    expect(call.status).toBe(401);
    expect(call.body.logout).toBe(true);
  });
});

describe("permissions", () => {
  const paths: [string, string, unknown?][] = [
    ["GET", "/admin/users"],
    ["PATCH", "/admin/users/x/role", { role: "ADMIN" }],
    ["PATCH", "/admin/users/x/status", { disabled: true }],
    ["POST", "/admin/users/x/disable"],
    ["POST", "/admin/users/x/enable"],
    ["DELETE", "/admin/users/x/sessions"],
    ["POST", "/admin/users/x/approval", { decision: "approved" }],
    ["POST", "/admin/invitations", { email: "a@b.co", role: "CARRIER" }],
    ["DELETE", "/admin/invitations/x"],
    ["GET", "/admin/invitations"],
    ["GET", "/admin/waitlist"],
    ["POST", "/admin/waitlist/x/invite"],
    ["POST", "/admin/waitlist/x/dismiss"],
    ["GET", "/admin/audit"],
    ["GET", "/admin/audit.csv"],
  ];

  it("answers a carrier 403 and an anonymous caller 401 on every admin REST path", async () => {
    for (const [method, path, body] of paths) {
      const asCarrier = await rest(t.app, method, path, body, { token: carrierToken });
      expect(`${method} ${path} ${asCarrier.status}`).toBe(`${method} ${path} 403`);
      const anonymous = await rest(t.app, method, path, body);
      expect(`${method} ${path} ${anonymous.status}`).toBe(`${method} ${path} 401`);
    }
  });

  it("answers a carrier 403 on every admin GraphQL field", async () => {
    const operations = [
      "{ users { totalCount } }",
      "{ waitlist { totalCount } }",
      "{ auditLog { totalCount } }",
      "{ auditVocabulary { actions } }",
      "{ invitations { totalCount } }",
      `mutation { changeUserRole(input: {userId: "x", role: ADMIN}) { __typename } }`,
      `mutation { setUserDisabled(input: {userId: "x", disabled: true}) { __typename } }`,
      `mutation { endUserSessions(input: {userId: "x"}) { __typename } }`,
      `mutation { reviewCarrier(input: {userId: "x", decision: approved}) { __typename } }`,
      `mutation { inviteUser(input: {email: "a@b.co", role: CARRIER}) { __typename } }`,
      `mutation { revokeInvitation(input: {id: "x"}) { __typename } }`,
      `mutation { inviteFromWaitlist(input: {id: "x"}) { __typename } }`,
      `mutation { dismissWaitlistEntry(input: {id: "x"}) { __typename } }`,
    ];
    for (const query of operations) {
      const asCarrier = await gql(t.app, query, {}, { token: carrierToken });
      expect(asCarrier.errors?.[0]?.extensions?.code, query).toBe("FORBIDDEN");
      const anonymous = await gql(t.app, query, {});
      expect(anonymous.errors?.[0]?.extensions?.code, query).toBe("UNAUTHENTICATED");
    }
  });
});

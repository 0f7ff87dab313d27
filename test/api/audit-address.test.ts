import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { adminAndCarrier, BASE, createTestApp, gql, rest, type TestApp } from "../support/app.ts";

/**
 * Every audited write records the caller's address, which comes from the request's context
 * (auditActor), over REST and over GraphQL alike; an unknown peer records none.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

async function lastSessionsEnded() {
  return t.app.deps.db.auditLog.findFirstOrThrow({
    where: { action: "user.sessions.end", entityId: world.carrier.id },
    orderBy: { createdAt: "desc" },
    select: { actorId: true, ip: true },
  });
}

const endSessions = `mutation($input: EndUserSessionsInput!) {
  endUserSessions(input: $input) { __typename }
}`;

describe("audit rows record the caller's address", () => {
  it("over REST", async () => {
    const ended = await rest(t.app, "DELETE", `/admin/users/${world.carrier.id}/sessions`, undefined, {
      token: world.adminSession.token,
      ip: "192.0.2.31",
    });
    expect(ended.status).toBe(200);
    expect(await lastSessionsEnded()).toEqual({ actorId: world.admin.id, ip: "192.0.2.31" });
  });

  it("over GraphQL", async () => {
    const result = await gql<{ endUserSessions: { __typename: string } }>(
      t.app,
      endSessions,
      { input: { userId: world.carrier.id } },
      { token: world.adminSession.token, ip: "2001:db8::31" },
    );
    expect(result.data?.endUserSessions.__typename).toBe("MutationEndUserSessionsSuccess");
    expect(await lastSessionsEnded()).toEqual({ actorId: world.admin.id, ip: "2001:db8::31" });
  });

  it("none when the peer's address is unknown", async () => {
    const response = await t.app.fetch(
      new Request(`${BASE}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${world.adminSession.token}`,
          [CSRF_HEADER]: "1",
        },
        body: JSON.stringify({ query: endSessions, variables: { input: { userId: world.carrier.id } } }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await lastSessionsEnded()).toEqual({ actorId: world.admin.id, ip: null });
  });
});

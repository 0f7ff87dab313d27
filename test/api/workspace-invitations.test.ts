import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INVITATION_INVALID_MESSAGE } from "../../common/workspace.ts";
import { createTestApp, createUser, gql, loginAs, rest, type TestApp } from "../support/app.ts";
import { invitationTokenFor, mailsTo } from "../support/outbox.ts";

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ appUrl: "https://fw.example.com" });
  await createUser(t.app, { email: "boss@example.com", role: "ADMIN" });
  adminToken = (await loginAs(t.app, "boss@example.com")).token;
});
afterAll(() => t.close());

const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) {
  __typename ... on MutationInviteUserSuccess { data { invitation { email role state expiresAt } } }
  ... on Error { message } ... on ValidationError { fields { field message } } } }`;
const ACCEPT = `mutation ($input: AcceptInvitationInput!) { acceptInvitation(input: $input) {
  __typename ... on MutationAcceptInvitationSuccess { data { email } }
  ... on Error { message } ... on ValidationError { fields { field message } } } }`;
const PREVIEW = "query ($token: String!) { invitation(token: $token) { email role valid } }";

async function invite(email: string, role = "CARRIER") {
  const result = await gql<{
    inviteUser: { __typename: string; data?: { invitation: { state: string; expiresAt: string } } };
  }>(t.app, INVITE, { input: { email, role, fullName: "New Person" } }, { token: adminToken });
  expect(result.data?.inviteUser.__typename).toBe("MutationInviteUserSuccess");
  return {
    invitation: result.data!.inviteUser.data!.invitation,
    token: await invitationTokenFor(t, email),
  };
}

const accept = (token: string, password = "a fine secret 1") =>
  gql<{ acceptInvitation: { __typename: string; message?: string; data?: { email: string } } }>(
    t.app,
    ACCEPT,
    {
      input: { token, password, confirmPassword: password, fullName: "Olive Operator" },
    },
  );

describe("invitations", () => {
  it("e-mails a 72-hour link; the invitee sets a password and signs in with the invited role", async () => {
    const before = Date.now();
    const { invitation, token } = await invite("olive@example.com", "ADMIN");
    expect(invitation.state).toBe("pending");
    const hours = (new Date(invitation.expiresAt).getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72.01);
    expect((await mailsTo(t, "olive@example.com"))[0]).toContain(
      `https://fw.example.com/invitation/${token}`,
    );

    const preview = await gql(t.app, PREVIEW, { token });
    expect(preview.data?.invitation).toEqual({ email: "olive@example.com", role: "ADMIN", valid: true });

    const accepted = await accept(token);
    expect(accepted.data?.acceptInvitation.data).toEqual({ email: "olive@example.com" });
    const session = await rest<{ usuario: { role: string } }>(t.app, "POST", "/auth/login", {
      email: "olive@example.com",
      password: "a fine secret 1",
    });
    expect(session.status).toBe(200);
    expect(session.body.usuario.role).toBe("ADMIN");
    const user = await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "olive@example.com" } });
    expect(user.fullName).toBe("Olive Operator");
    const audit = await t.app.deps.db.auditLog.findMany({ where: { action: { startsWith: "invitation." } } });
    expect(audit.map((row) => row.action).sort()).toEqual(["invitation.accept", "invitation.create"]);
  });

  it("works once: a second use is refused and changes nothing", async () => {
    const { token } = await invite("once@example.com");
    expect((await accept(token)).data?.acceptInvitation.__typename).toBe("MutationAcceptInvitationSuccess");
    const again = await accept(token, "another secret 2");
    expect(again.data?.acceptInvitation).toMatchObject({
      __typename: "ValidationError",
      message: INVITATION_INVALID_MESSAGE,
    });
    await loginAs(t.app, "once@example.com", "a fine secret 1");
    expect((await gql(t.app, PREVIEW, { token })).data?.invitation).toMatchObject({ valid: false });
  });

  it("refuses two simultaneous uses of one link but one", async () => {
    const { token } = await invite("race@example.com");
    const results = await Promise.all([accept(token), accept(token)]);
    const names = results.map((result) => result.data?.acceptInvitation.__typename).sort();
    expect(names).toEqual(["MutationAcceptInvitationSuccess", "ValidationError"]);
    expect(await t.app.deps.db.user.count({ where: { email: "race@example.com" } })).toBe(1);
  });

  it("expires after 72 hours", async () => {
    const { token } = await invite("late@example.com");
    vi.useFakeTimers({ now: Date.now() + 72 * 3_600_000 + 1000, toFake: ["Date"] });
    try {
      const late = await accept(token);
      expect(late.data?.acceptInvitation.message).toBe(INVITATION_INVALID_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
    expect(await t.app.deps.db.user.count({ where: { email: "late@example.com" } })).toBe(0);
  });

  it("a new invitation to the same address revokes the earlier link", async () => {
    const first = await invite("twice@example.com");
    const second = await invite("twice@example.com");
    expect((await accept(first.token)).data?.acceptInvitation.__typename).toBe("ValidationError");
    expect((await accept(second.token)).data?.acceptInvitation.__typename).toBe(
      "MutationAcceptInvitationSuccess",
    );
  });

  it("checks the password rules and refuses an address that has an account", async () => {
    const { token } = await invite("rules@example.com");
    const short = await gql<{ acceptInvitation: { fields: { field: string }[] } }>(t.app, ACCEPT, {
      input: { token, password: "short", confirmPassword: "short" },
    });
    expect(short.data?.acceptInvitation.fields.map((field) => field.field)).toContain("password");
    const mismatch = await gql<{ acceptInvitation: { fields: { field: string; message: string }[] } }>(
      t.app,
      ACCEPT,
      {
        input: { token, password: "long enough 1", confirmPassword: "long enough 2" },
      },
    );
    expect(mismatch.data?.acceptInvitation.fields).toEqual([
      { field: "confirmPassword", message: "Passwords do not match. Please try again." },
    ]);
    const taken = await gql<{ inviteUser: { __typename: string } }>(
      t.app,
      INVITE,
      { input: { email: "boss@example.com", role: "CARRIER" } },
      { token: adminToken },
    );
    expect(taken.data?.inviteUser.__typename).toBe("ConflictError");
  });

  it("serves the same flow over REST", async () => {
    const created = await rest(
      t.app,
      "POST",
      "/admin/invitations",
      { email: "rest@example.com", role: "CARRIER" },
      { token: adminToken },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: "rest@example.com", role: "CARRIER", state: "pending" });
    const token = await invitationTokenFor(t, "rest@example.com");
    const preview = await rest(t.app, "GET", `/invitations/${token}`);
    expect(preview.body).toMatchObject({ email: "rest@example.com", valid: true });
    expect((await rest(t.app, "GET", `/invitations/${"x".repeat(43)}`)).status).toBe(404);
    const accepted = await rest(t.app, "POST", `/invitations/${token}/accept`, {
      password: "rest secret 1",
      confirmPassword: "rest secret 1",
    });
    expect(accepted.body).toEqual({ email: "rest@example.com" });
    const again = await rest(t.app, "POST", `/invitations/${token}/accept`, {
      password: "rest secret 1",
      confirmPassword: "rest secret 1",
    });
    expect(again.status).toBe(400);
    const revoked = await rest(
      t.app,
      "POST",
      "/admin/invitations",
      { email: "gone@example.com", role: "CARRIER" },
      { token: adminToken },
    );
    const gone = await rest(t.app, "DELETE", `/admin/invitations/${revoked.body._id}`, undefined, {
      token: adminToken,
    });
    expect(gone.body).toMatchObject({ state: "revoked" });
    const pending = await rest<{ email: string; state: string }[]>(
      t.app,
      "GET",
      "/admin/invitations",
      undefined,
      {
        token: adminToken,
      },
    );
    expect(pending.body.every((invitation) => invitation.state === "pending")).toBe(true);
    expect(pending.body.map((invitation) => invitation.email)).not.toContain("gone@example.com");
    const all = await rest(t.app, "GET", "/admin/invitations?view=all&limit=2", undefined, {
      token: adminToken,
    });
    expect(all.body).toHaveLength(2);
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(pending.body.length);
    const listed = await gql<{ invitations: { totalCount: number } }>(
      t.app,
      "{ invitations { totalCount } }",
      {},
      { token: adminToken },
    );
    expect(listed.data?.invitations.totalCount).toBe(pending.body.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETPLACE_PENDING_MESSAGE, MARKETPLACE_REJECTED_MESSAGE } from "../../common/workspace.ts";
import type { Viewer } from "../../server/auth/policy.ts";
import { systemContext } from "../../server/context.ts";
import { canUseMarketplace, requireMarketplaceAccess } from "../../server/users/marketplace-access.ts";
import { createTestApp, createUser, gql, loginAs, rest, type TestApp } from "../support/app.ts";
import { invitationTokenFor, mailsTo } from "../support/outbox.ts";

const signUp = (app: TestApp["app"], email: string) =>
  rest<{ token: string; user: { _id: string } }>(app, "POST", "/auth/register", {
    email,
    password: "sign me up 1",
    confirmPassword: "sign me up 1",
    phoneNumber: "+12015550123",
    platform: "desktop",
  });

const REVIEW = `mutation ($input: ReviewCarrierInput!) { reviewCarrier(input: $input) {
  __typename ... on MutationReviewCarrierSuccess { data { user { accountStatus approvalNote } } }
  ... on Error { message } ... on ValidationError { fields { field message } } } }`;

function viewerOf(user: { id: string; userId: string; email: string; role: string }): Viewer {
  return {
    id: user.id,
    userId: user.userId,
    email: user.email,
    role: user.role as Viewer["role"],
    sessionId: "s",
    platform: "desktop",
  };
}

describe("carrier vetting with CARRIER_APPROVAL=required", () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ carrierApproval: "required" });
    await createUser(t.app, { email: "boss@example.com", role: "ADMIN" });
    adminToken = (await loginAs(t.app, "boss@example.com")).token;
  });
  afterAll(() => t.close());

  it("keeps a new sign-up pending: it signs in and edits its profile but the marketplace is closed", async () => {
    const signed = await signUp(t.app, "newco@example.com");
    expect(signed.status).toBe(201);
    const user = await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "newco@example.com" } });
    expect(user.approvalStatus).toBe("pending");
    const profile = await rest(
      t.app,
      "POST",
      `/user/${user.id}`,
      { mcDot: "MC-123456" },
      { token: signed.body.token },
    );
    expect(profile.status).toBe(200);
    const me = await gql<{ viewer: { accountStatus: string } }>(
      t.app,
      "{ viewer { accountStatus } }",
      {},
      { token: signed.body.token },
    );
    expect(me.data?.viewer.accountStatus).toBe("pending");
    expect(await canUseMarketplace(t.app.deps.db, viewerOf(user))).toBe(false);
    const ctx = systemContext(t.app.deps, viewerOf(user));
    await expect(requireMarketplaceAccess(ctx)).rejects.toMatchObject({
      status: 403,
      message: MARKETPLACE_PENDING_MESSAGE,
    });
  });

  it("lists pending carriers with MC/DOT and approves one with a note: notification, e-mail, marketplace open", async () => {
    const pending = await gql<{ users: { edges: { node: { id: string; email: string; mcDot: string } }[] } }>(
      t.app,
      "{ users(filter: {status: pending}) { edges { node { id email mcDot } } } }",
      {},
      { token: adminToken },
    );
    const node = pending.data!.users.edges.find((edge) => edge.node.email === "newco@example.com")!.node;
    expect(node.mcDot).toBe("MC-123456");
    const approved = await gql<{
      reviewCarrier: { data: { user: { accountStatus: string; approvalNote: string } } };
    }>(
      t.app,
      REVIEW,
      { input: { userId: node.id, decision: "approved", note: "Insurance checked" } },
      { token: adminToken },
    );
    expect(approved.data?.reviewCarrier.data.user).toEqual({
      accountStatus: "active",
      approvalNote: "Insurance checked",
    });
    const user = await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "newco@example.com" } });
    expect(await canUseMarketplace(t.app.deps.db, viewerOf(user))).toBe(true);
    const notification = await t.app.deps.db.notification.findFirstOrThrow({ where: { userId: user.id } });
    expect(notification).toMatchObject({ title: "Your carrier account is approved", type: "account" });
    expect(notification.message).toContain("Insurance checked");
    expect((await mailsTo(t, "newco@example.com")).at(-1)).toContain("Insurance checked");
    const audit = await t.app.deps.db.auditLog.findFirstOrThrow({
      where: { entityId: user.id, action: "user.approval.approve" },
    });
    expect(JSON.parse(audit.details ?? "{}").changes.approvalStatus).toEqual({
      from: "pending",
      to: "approved",
    });
  });

  it("rejects only with a note, and a rejected carrier stays out", async () => {
    await signUp(t.app, "shady@example.com");
    const user = await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "shady@example.com" } });
    const noNote = await rest(
      t.app,
      "POST",
      `/admin/users/${user.id}/approval`,
      { decision: "rejected" },
      { token: adminToken },
    );
    expect(noNote.status).toBe(400);
    const rejected = await rest(
      t.app,
      "POST",
      `/admin/users/${user.id}/approval`,
      { decision: "rejected", note: "No authority on FMCSA" },
      { token: adminToken },
    );
    expect(rejected.body).toMatchObject({ status: "rejected", approvalNote: "No authority on FMCSA" });
    const ctx = systemContext(t.app.deps, viewerOf(user));
    await expect(requireMarketplaceAccess(ctx)).rejects.toMatchObject({
      message: MARKETPLACE_REJECTED_MESSAGE,
    });
    await loginAs(t.app, "shady@example.com", "sign me up 1");
    const adminUser = await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "boss@example.com" } });
    const operator = await rest(
      t.app,
      "POST",
      `/admin/users/${adminUser.id}/approval`,
      { decision: "approved" },
      { token: adminToken },
    );
    expect(operator.status).toBe(400);
  });
});

describe("without CARRIER_APPROVAL (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("makes sign-ups active at once", async () => {
    await signUp(t.app, "quick@example.com");
    const user = await t.app.deps.db.user.findUniqueOrThrow({ where: { email: "quick@example.com" } });
    expect(user.approvalStatus).toBe("approved");
    expect(await canUseMarketplace(t.app.deps.db, viewerOf(user))).toBe(true);
    expect(await canUseMarketplace(t.app.deps.db, null)).toBe(false);
  });
});

describe("waitlist", () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ blockedEmailDomains: ["blocked.test"] });
    await createUser(t.app, { email: "boss@example.com", role: "ADMIN" });
    adminToken = (await loginAs(t.app, "boss@example.com")).token;
  });
  afterAll(() => t.close());

  const LIST = `query ($view: WaitlistView) { waitlist(filter: { view: $view }) { totalCount edges { node { id email domain createdAt invitedAt dismissedAt } } } }`;
  type Entry = { id: string; email: string; domain: string; invitedAt: string | null };

  it("lists refused addresses with domain and date; inviting one lets it register and e-mails a link", async () => {
    expect((await signUp(t.app, "ann@blocked.test")).status).toBe(400);
    expect((await signUp(t.app, "bob@blocked.test")).status).toBe(400);
    const open = await gql<{ waitlist: { totalCount: number; edges: { node: Entry }[] } }>(
      t.app,
      LIST,
      {},
      { token: adminToken },
    );
    expect(open.data?.waitlist.totalCount).toBe(2);
    const ann = open.data!.waitlist.edges.find((edge) => edge.node.email === "ann@blocked.test")!.node;
    expect(ann.domain).toBe("blocked.test");
    const invited = await gql<{ inviteFromWaitlist: { data: { entry: Entry } } }>(
      t.app,
      `mutation ($id: ID!) { inviteFromWaitlist(input: {id: $id}) { ... on MutationInviteFromWaitlistSuccess { data { entry { id email domain invitedAt } } } } }`,
      { id: ann.id },
      { token: adminToken },
    );
    expect(invited.data?.inviteFromWaitlist.data.entry.invitedAt).not.toBeNull();
    expect(await invitationTokenFor(t, "ann@blocked.test")).toBeTruthy();
    expect((await signUp(t.app, "ann@blocked.test")).status).toBe(201);
    expect((await signUp(t.app, "cid@blocked.test")).status).toBe(400);
  });

  it("dismisses an address: it leaves the open list, still refused at sign-up", async () => {
    const open = await rest<{ _id: string; email: string }[]>(t.app, "GET", "/admin/waitlist", undefined, {
      token: adminToken,
    });
    expect(open.headers.get("x-total-count")).toBe("2");
    const bob = open.body.find((entry) => entry.email === "bob@blocked.test")!;
    const dismissed = await rest(t.app, "POST", `/admin/waitlist/${bob._id}/dismiss`, undefined, {
      token: adminToken,
    });
    expect(dismissed.body.dismissedAt).toBeTruthy();
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "waitlist.dismiss", entityId: bob._id },
    });
    expect(audit?.actorId).toBeTruthy();
    const after = await rest<{ email: string }[]>(t.app, "GET", "/admin/waitlist?view=open", undefined, {
      token: adminToken,
    });
    expect(after.body.map((entry) => entry.email)).toEqual(["cid@blocked.test"]);
    const all = await rest(t.app, "GET", "/admin/waitlist?view=all", undefined, { token: adminToken });
    expect(all.headers.get("x-total-count")).toBe("3");
    expect((await signUp(t.app, "bob@blocked.test")).status).toBe(400);
    expect(
      (await rest(t.app, "POST", "/admin/waitlist/nope/dismiss", undefined, { token: adminToken })).status,
    ).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_REVERT_INVALID,
  EMAIL_TAKEN,
} from "../../common/auth.ts";
import {
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type Session,
  TEST_PASSWORD,
  type TestApp,
} from "../support/app.ts";
import { mailsTo, revertEmailTokenFor } from "../support/outbox.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

/**
 * Issue #24: a stolen access token must not be a permanent takeover. Changing the sign-in e-mail
 * needs the current password, the old address is told and gets a single-use way back, and the
 * account's other sessions end.
 */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ appUrl: "https://fw.example.com" });
  url = await t.app.start(0);
});
afterAll(() => t.close());

const userRow = (id: string) => t.app.deps.db.user.findUniqueOrThrow({ where: { id } });

const saveProfile = (session: Session, body: Record<string, unknown>, id = session.userId) =>
  rest(t.app, "POST", `/user/${id}`, body, { token: session.token });

const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on MutationUpdateProfileSuccess { data { user { email fullName } } }
      ... on Error { message code fields { field message } }
    }
  }
`;

const REVERT = /* GraphQL */ `
  mutation ($input: RevertEmailChangeInput!) {
    revertEmailChange(input: $input) {
      __typename
      ... on MutationRevertEmailChangeSuccess { data { email message } }
      ... on Error { message code fields { field message } }
    }
  }
`;

const revertOverRest = (token: string) => rest(t.app, "POST", "/user/revert-email", { token });

async function expectSessionEnded(session: Session) {
  const check = await rest(t.app, "GET", "/auth/check-session", undefined, { token: session.token });
  expect(check.status).toBe(401);
  expect(check.body.logout).toBe(true);
  const refresh = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: session.refresh });
  expect(refresh.status).toBe(401);
}

async function expectSessionLive(session: Session) {
  const check = await rest(t.app, "GET", "/auth/check-session", undefined, { token: session.token });
  expect(check.status).toBe(200);
}

describe("changing the e-mail needs the current password", () => {
  it("refuses it without the password or with a wrong one (REST), and changes nothing", async () => {
    const user = await createUser(t.app, { email: "rita@example.com", fullName: "Rita" });
    const session = await loginAs(t.app, user.email);
    const missing = await saveProfile(session, { email: "thief@example.net", fullName: "Changed" });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION");
    expect(missing.body.errors).toEqual([{ field: "currentPassword", message: CURRENT_PASSWORD_REQUIRED }]);

    const wrong = await saveProfile(session, {
      email: "thief@example.net",
      fullName: "Changed",
      currentPassword: "not-the-password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "currentPassword", message: CURRENT_PASSWORD_WRONG }]);

    expect(await userRow(user.id)).toMatchObject({ email: "rita@example.com", fullName: "Rita" });
    expect(await mailsTo(t, "rita@example.com")).toHaveLength(0);
    expect(await t.app.deps.db.emailChange.count({ where: { userId: user.id } })).toBe(0);
    // A wrong current password counts as a failed login, like on change-password.
    expect(
      await t.app.deps.db.loginAttempt.count({ where: { email: "rita@example.com", success: false } }),
    ).toBe(1);
    await expectSessionLive(session);
  });

  it("refuses it over GraphQL as a typed ValidationError on currentPassword", async () => {
    const user = await createUser(t.app, { email: "gwen@example.com" });
    const session = await loginAs(t.app, user.email);
    for (const [input, message] of [
      [{ email: "thief@example.net" }, CURRENT_PASSWORD_REQUIRED],
      [{ email: "thief@example.net", currentPassword: "wrong-wrong" }, CURRENT_PASSWORD_WRONG],
    ] as const) {
      const result = await gql<{
        updateProfile: { __typename: string; fields: { field: string; message: string }[] };
      }>(t.app, UPDATE, { input }, { token: session.token });
      expect(result.data?.updateProfile).toMatchObject({
        __typename: "ValidationError",
        fields: [{ field: "currentPassword", message }],
      });
    }
    expect((await userRow(user.id)).email).toBe("gwen@example.com");
  });

  it("keeps the other fields free of the password, the unchanged e-mail included (the form sends it)", async () => {
    const user = await createUser(t.app, { email: "form@example.com" });
    const session = await loginAs(t.app, user.email);
    const mobile = await loginAs(t.app, user.email, TEST_PASSWORD, { platform: "mobile" });
    const saved = await saveProfile(session, { email: "Form@Example.com ", fullName: "Fiona Form" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: "form@example.com", fullName: "Fiona Form" });
    const viaGraphQL = await gql<{ updateProfile: { __typename: string } }>(
      t.app,
      UPDATE,
      { input: { email: "form@example.com", contactPhone: "(201) 555-0123" } },
      { token: session.token },
    );
    expect(viaGraphQL.data?.updateProfile.__typename).toBe("MutationUpdateProfileSuccess");
    expect(await mailsTo(t, "form@example.com")).toHaveLength(0);
    await expectSessionLive(mobile);
  });

  it("answers a taken address as before (409), without asking for the password first", async () => {
    await createUser(t.app, { email: "owner@example.com" });
    const user = await createUser(t.app, { email: "squatter@example.com" });
    const session = await loginAs(t.app, user.email);
    const taken = await saveProfile(session, { email: "owner@example.com" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(EMAIL_TAKEN);
  });
});

describe("an accepted e-mail change", () => {
  it("takes the password, mails the old address a way back and ends every other session (sockets too)", async () => {
    const user = await createUser(t.app, { email: "mover@example.com" });
    const here = await loginAs(t.app, user.email);
    const phone = await loginAs(t.app, user.email, TEST_PASSWORD, { platform: "mobile" });
    const events = subscribeOverWs<{ sessionEnded: { reason: string; logout: boolean } }>(
      url,
      phone.token,
      "subscription { sessionEnded { reason logout } }",
    );
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const changed = await gql<{ updateProfile: { __typename: string; data: { user: { email: string } } } }>(
        t.app,
        UPDATE,
        { input: { email: "Mover.New@example.org", currentPassword: TEST_PASSWORD } },
        { token: here.token },
      );
      expect(changed.data?.updateProfile.__typename).toBe("MutationUpdateProfileSuccess");
      expect(changed.data?.updateProfile.data.user.email).toBe("mover.new@example.org");
      await waitFor(() => events.received.length === 1);
      expect(events.received[0].sessionEnded).toEqual({ reason: "email_changed", logout: true });
    } finally {
      await events.close();
    }
    expect((await userRow(user.id)).email).toBe("mover.new@example.org");
    await expectSessionEnded(phone);
    await expectSessionLive(here);

    const [notice] = await mailsTo(t, "mover@example.com");
    expect(notice).toMatch(/Subject: Your Freightway e-mail address was changed/);
    expect(notice).toContain("mover.new@example.org");
    expect(notice).toMatch(/https:\/\/fw\.example\.com\/revert-email\?token=[\w-]{40,}/);
    expect(notice).not.toContain(TEST_PASSWORD);
    // Only the token's hash is kept, and the link expires in about a week.
    const token = await revertEmailTokenFor(t, "mover@example.com");
    const stored = await t.app.deps.db.emailChange.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({ oldEmail: "mover@example.com", newEmail: "mover.new@example.org" });
    expect(stored.tokenHash).not.toContain(token);
    const days = (stored.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // The new address signs in; the old one no longer does.
    await loginAs(t.app, "mover.new@example.org", TEST_PASSWORD, { platform: "mobile" });
    const old = await rest(t.app, "POST", "/auth/login", {
      email: "mover@example.com",
      password: TEST_PASSWORD,
    });
    expect(old.status).toBe(401);
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "user.profile.update", entityId: user.id },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.details).toContain("mover.new@example.org");
    expect(audit?.details).not.toContain(TEST_PASSWORD);
  });

  it("works over REST with currentPassword in the body", async () => {
    const user = await createUser(t.app, { email: "resty@example.com" });
    const here = await loginAs(t.app, user.email);
    const phone = await loginAs(t.app, user.email, TEST_PASSWORD, { platform: "mobile" });
    const changed = await saveProfile(here, { email: "resty2@example.com", currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe("resty2@example.com");
    expect(changed.body).not.toHaveProperty("currentPassword");
    await expectSessionEnded(phone);
    await expectSessionLive(here);
    expect(await revertEmailTokenFor(t, "resty@example.com")).toBeTruthy();
  });

  it("asks an admin changing someone's e-mail for the admin's own password, and ends all that user's sessions", async () => {
    await createUser(t.app, { email: "chief@example.com", role: "ADMIN" });
    const admin = await loginAs(t.app, "chief@example.com");
    const user = await createUser(t.app, { email: "driver@example.com", password: "drivers-secret-1" });
    const driver = await loginAs(t.app, user.email, "drivers-secret-1");
    const withTheirs = await saveProfile(
      admin,
      { email: "driver2@example.com", currentPassword: "drivers-secret-1" },
      user.id,
    );
    expect(withTheirs.status).toBe(400);
    expect(withTheirs.body.errors).toEqual([{ field: "currentPassword", message: CURRENT_PASSWORD_WRONG }]);
    const withOwn = await saveProfile(
      admin,
      { email: "driver2@example.com", currentPassword: TEST_PASSWORD },
      user.id,
    );
    expect(withOwn.status).toBe(200);
    await expectSessionEnded(driver);
    await expectSessionLive(admin);
    expect(await revertEmailTokenFor(t, "driver@example.com")).toBeTruthy();
  });
});

describe("the way back (revert link)", () => {
  async function changedUser(email: string, newEmail: string) {
    const user = await createUser(t.app, { email });
    const session = await loginAs(t.app, email);
    const changed = await saveProfile(session, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    return { user, session, token: await revertEmailTokenFor(t, email) };
  }

  it("restores the old e-mail once, ends every session and resets the password (REST)", async () => {
    const { user, session: thief, token } = await changedUser("victim@example.com", "thief@example.net");
    const thiefPhone = await loginAs(t.app, "thief@example.net", TEST_PASSWORD, { platform: "mobile" });

    const reverted = await revertOverRest(token);
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ email: "victim@example.com", message: expect.any(String) });
    expect((await userRow(user.id)).email).toBe("victim@example.com");
    await expectSessionEnded(thief);
    await expectSessionEnded(thiefPhone);

    // The password the thief knew no longer signs in, under either address.
    for (const email of ["victim@example.com", "thief@example.net"]) {
      const login = await rest(t.app, "POST", "/auth/login", { email, password: TEST_PASSWORD });
      expect(login.status).toBe(401);
    }
    // The owner gets back in through forgot-password, mailed to the restored address.
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "user.email.revert", entityId: user.id },
    });
    expect(audit).not.toBeNull();

    const again = await revertOverRest(token);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: "token", message: EMAIL_REVERT_INVALID }]);
  });

  it("answers an unknown, used or expired token with a ValidationError on token (GraphQL)", async () => {
    const { token, user } = await changedUser("late@example.com", "late2@example.com");
    await t.app.deps.db.emailChange.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const candidate of [token, "x".repeat(43), "short"]) {
      const result = await gql<{
        revertEmailChange: { __typename: string; fields: { field: string; message: string }[] };
      }>(t.app, REVERT, { input: { token: candidate } });
      expect(result.data?.revertEmailChange).toMatchObject({
        __typename: "ValidationError",
        fields: [{ field: "token", message: EMAIL_REVERT_INVALID }],
      });
    }
    expect((await userRow(user.id)).email).toBe("late2@example.com");
  });

  it("lets the oldest address have the last word: undoing a change also kills the links of later ones", async () => {
    // a -> b -> c: a holds the link back to a, b the link back to b.
    const { user, session } = await changedUser("first@example.com", "second@example.com");
    const firstToken = await revertEmailTokenFor(t, "first@example.com");
    const again = await saveProfile(session, { email: "third@example.com", currentPassword: TEST_PASSWORD });
    expect(again.status).toBe(200);
    const secondToken = await revertEmailTokenFor(t, "second@example.com");

    // Whoever holds b goes first: the account is back at b...
    const toSecond = await gql<{ revertEmailChange: { __typename: string; data: { email: string } } }>(
      t.app,
      REVERT,
      { input: { token: secondToken } },
    );
    expect(toSecond.data?.revertEmailChange.data.email).toBe("second@example.com");
    // ...but a's link still works, and brings it back to a.
    const toFirst = await revertOverRest(firstToken);
    expect(toFirst.status).toBe(200);
    expect((await userRow(user.id)).email).toBe("first@example.com");
  });

  it("makes a later change's link useless once an earlier change is undone", async () => {
    const { user, session } = await changedUser("one@example.com", "two@example.com");
    const firstToken = await revertEmailTokenFor(t, "one@example.com");
    await saveProfile(session, { email: "three@example.com", currentPassword: TEST_PASSWORD });
    const secondToken = await revertEmailTokenFor(t, "two@example.com");
    expect((await revertOverRest(firstToken)).status).toBe(200);
    const late = await revertOverRest(secondToken);
    expect(late.status).toBe(400);
    expect((await userRow(user.id)).email).toBe("one@example.com");
  });

  it("is public: a signed-in caller is not needed and another account's session is untouched", async () => {
    const bystander = await createUser(t.app, { email: "bystander@example.com" });
    const bystanderSession = await loginAs(t.app, bystander.email);
    const { token } = await changedUser("public@example.com", "public2@example.com");
    const result = await rest(
      t.app,
      "POST",
      "/user/revert-email",
      { token },
      { token: bystanderSession.token },
    );
    expect(result.status).toBe(200);
    await expectSessionLive(bystanderSession);
  });
});

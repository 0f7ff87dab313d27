import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CURRENT_PASSWORD_WRONG,
  PASSWORD_TOO_SHORT,
  PASSWORD_UNCHANGED,
  PASSWORDS_DO_NOT_MATCH,
} from "../../common/auth.ts";
import { settleBackgroundWork } from "../../server/auth/service.ts";
import {
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  TEST_PASSWORD,
  type TestApp,
} from "../support/app.ts";
import { mailsTo } from "../support/outbox.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.start(0);
});
afterAll(() => t.close());

const change = (token: string, body: Record<string, unknown>) =>
  rest(t.app, "POST", "/auth/change-password", body, { token });

const CHANGE_MUTATION = `mutation ($input: ChangePasswordInput!) {
  changePassword(input: $input) {
    __typename
    ... on MutationChangePasswordSuccess { data { message endedSessions } }
    ... on Error { message fields { field message } }
  }
}`;

describe("POST /api/auth/change-password", () => {
  it("refuses a wrong current password, a short new one and a mismatched confirmation", async () => {
    await createUser(t.app, { email: "refused@example.com" });
    const session = await loginAs(t.app, "refused@example.com");
    const wrong = await change(session.token, {
      currentPassword: "not-the-password",
      newPassword: "brand-new-secret",
      confirmPassword: "brand-new-secret",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "currentPassword", message: CURRENT_PASSWORD_WRONG }]);

    const weak = await change(session.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContainEqual({ field: "newPassword", message: PASSWORD_TOO_SHORT });

    const mismatch = await change(session.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-secret",
      confirmPassword: "brand-new-secret!",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toContainEqual({
      field: "confirmPassword",
      message: PASSWORDS_DO_NOT_MATCH,
    });

    const same = await change(session.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(same.body.errors).toContainEqual({ field: "newPassword", message: PASSWORD_UNCHANGED });

    // Nothing changed: the old password still signs in, no mail went out.
    await loginAs(t.app, "refused@example.com", TEST_PASSWORD, { platform: "mobile" });
    expect(await mailsTo(t, "refused@example.com")).toHaveLength(0);
  });

  it("needs a signed-in caller", async () => {
    const anonymous = await rest(t.app, "POST", "/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-secret",
      confirmPassword: "brand-new-secret",
    });
    expect(anonymous.status).toBe(401);
  });

  it("changes it, ends every other session (their sockets hear it), keeps this one and mails a confirmation", async () => {
    await createUser(t.app, { email: "mover@example.com" });
    const here = await loginAs(t.app, "mover@example.com");
    const phone = await loginAs(t.app, "mover@example.com", TEST_PASSWORD, { platform: "mobile" });
    const events = subscribeOverWs<{ sessionEnded: { reason: string; logout: boolean } }>(
      url,
      phone.token,
      "subscription { sessionEnded { reason logout } }",
    );
    try {
      await events.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const changed = await change(here.token, {
        currentPassword: TEST_PASSWORD,
        newPassword: "a-new-long-secret",
        confirmPassword: "a-new-long-secret",
      });
      expect(changed.status).toBe(200);
      expect(changed.body.endedSessions).toBe(1);
      await waitFor(() => events.received.length === 1);
      expect(events.received[0].sessionEnded).toEqual({ reason: "password_changed", logout: true });
    } finally {
      await events.close();
    }

    const phoneCheck = await rest(t.app, "GET", "/auth/check-session", undefined, { token: phone.token });
    expect(phoneCheck.status).toBe(401);
    expect(phoneCheck.body.logout).toBe(true);
    const phoneRefresh = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: phone.refresh });
    expect(phoneRefresh.status).toBe(401);
    const hereCheck = await rest(t.app, "GET", "/auth/check-session", undefined, { token: here.token });
    expect(hereCheck.status).toBe(200);

    const old = await rest(t.app, "POST", "/auth/login", {
      email: "mover@example.com",
      password: TEST_PASSWORD,
    });
    expect(old.status).toBe(401);
    await loginAs(t.app, "mover@example.com", "a-new-long-secret", { platform: "mobile" });

    const mails = await mailsTo(t, "mover@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Subject: Your Freightway password was changed/);
    expect(mails[0]).not.toContain("a-new-long-secret");
  });

  it("changes a temporary password from forgot-password", async () => {
    await createUser(t.app, { email: "temporary@example.com" });
    await rest(t.app, "POST", "/emails/send-email", { email: "temporary@example.com" });
    await settleBackgroundWork();
    const temporary = /Temporary password: (\S+)/.exec((await mailsTo(t, "temporary@example.com"))[0])?.[1];
    expect(temporary).toBeTruthy();
    const session = await loginAs(t.app, "temporary@example.com", temporary);
    const result = await gql<{ changePassword: { __typename: string; data: { endedSessions: number } } }>(
      t.app,
      CHANGE_MUTATION,
      {
        input: {
          currentPassword: temporary,
          newPassword: "my-own-password-1",
          confirmPassword: "my-own-password-1",
        },
      },
      { token: session.token },
    );
    expect(result.data?.changePassword.__typename).toBe("MutationChangePasswordSuccess");
    await loginAs(t.app, "temporary@example.com", "my-own-password-1", { platform: "mobile" });
    const again = await rest(t.app, "POST", "/auth/login", {
      email: "temporary@example.com",
      password: temporary,
    });
    expect(again.status).toBe(401);
  });

  it("answers a wrong current password over GraphQL as a typed error on the field", async () => {
    await createUser(t.app, { email: "typed@example.com" });
    const session = await loginAs(t.app, "typed@example.com");
    const result = await gql<{
      changePassword: { __typename: string; fields: { field: string; message: string }[] };
    }>(
      t.app,
      CHANGE_MUTATION,
      { input: { currentPassword: "nope-nope", newPassword: "abcdefgh1", confirmPassword: "abcdefgh1" } },
      { token: session.token },
    );
    expect(result.data?.changePassword.__typename).toBe("ValidationError");
    expect(result.data?.changePassword.fields).toEqual([
      { field: "currentPassword", message: CURRENT_PASSWORD_WRONG },
    ]);
  });
});

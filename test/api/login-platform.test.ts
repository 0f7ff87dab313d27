import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_UNKNOWN } from "../../common/auth.ts";
import { createTestApp, createUser, gql, rest, TEST_PASSWORD, type TestApp } from "../support/app.ts";

/**
 * One live session per user and platform only holds if the platform is one of a known few: free
 * text (`x1`, `x2`, ...) let one account keep any number of sessions side by side.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: "pat@example.com" });
});
afterAll(() => t.close());

const sessionsOf = async (email: string) =>
  t.app.deps.db.session.findMany({ where: { user: { email } }, select: { platform: true } });

const LOGIN = /* GraphQL */ `
  mutation ($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess { data { sessionReplaced } }
      ... on Error { message code fields { field message } }
    }
  }
`;

describe("the sign-in platform is desktop or mobile", () => {
  it("refuses any other value on REST with 400 naming the field, before the password is checked", async () => {
    for (const platform of ["x1", "x2", "tablet", "", "desktop2"]) {
      const result = await rest(t.app, "POST", "/auth/login", {
        email: "pat@example.com",
        password: TEST_PASSWORD,
        platform,
      });
      expect(result.status).toBe(400);
      expect(result.body.code).toBe("VALIDATION");
      expect(result.body.errors).toEqual([{ field: "platform", message: PLATFORM_UNKNOWN }]);
      expect(result.refreshCookie).toBeUndefined();
    }
    expect(await sessionsOf("pat@example.com")).toEqual([]);
    expect(await t.app.deps.db.loginAttempt.count({ where: { email: "pat@example.com" } })).toBe(0);
  });

  it("refuses it on GraphQL as a typed ValidationError on the field", async () => {
    const result = await gql<{
      login: { __typename: string; code: string; fields: { field: string; message: string }[] };
    }>(t.app, LOGIN, { input: { email: "pat@example.com", password: TEST_PASSWORD, platform: "x1" } });
    expect(result.data?.login).toMatchObject({
      __typename: "ValidationError",
      code: "VALIDATION",
      fields: [{ field: "platform", message: PLATFORM_UNKNOWN }],
    });
    expect(await sessionsOf("pat@example.com")).toEqual([]);
  });

  it("refuses it at sign-up too", async () => {
    const result = await rest(t.app, "POST", "/auth/register", {
      email: "newbie@example.com",
      password: "a-long-secret",
      confirmPassword: "a-long-secret",
      phoneNumber: "2015550123",
      platform: "x1",
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([{ field: "platform", message: PLATFORM_UNKNOWN }]);
    expect(await t.app.deps.db.user.count({ where: { email: "newbie@example.com" } })).toBe(0);
  });

  it("accepts desktop and mobile (any case), and means desktop when none is given", async () => {
    const absent = await rest(t.app, "POST", "/auth/login", {
      email: "pat@example.com",
      password: TEST_PASSWORD,
    });
    expect(absent.status).toBe(200);
    const mobile = await gql<{ login: { __typename: string } }>(t.app, LOGIN, {
      input: { email: "pat@example.com", password: TEST_PASSWORD, platform: "Mobile" },
    });
    expect(mobile.data?.login.__typename).toBe("MutationLoginSuccess");
    const live = await t.app.deps.db.session.findMany({
      where: { user: { email: "pat@example.com" }, revokedAt: null },
      select: { platform: true },
      orderBy: { platform: "asc" },
    });
    expect(live).toEqual([{ platform: "desktop" }, { platform: "mobile" }]);
  });
});

import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAs, rest, TEST_PASSWORD, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 3 });
  await createUser(t.app, { email: "ana@example.com", role: "ADMIN" });
  await createUser(t.app, { email: "bo@example.com" });
  await createUser(t.app, { email: "limited@example.com" });
});
afterAll(() => t.close());

describe("POST /api/auth/login", () => {
  it("answers {token, usuario, sessionReplaced, message}", async () => {
    const result = await rest(t.app, "POST", "/auth/login", {
      email: "ANA@example.com",
      password: TEST_PASSWORD,
      rememberMe: true,
      platform: "desktop",
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      sessionReplaced: false,
      usuario: { role: "ADMIN", email: "ana@example.com" },
    });
    expect(result.body.token).toEqual(expect.any(String));
    expect(result.body.message).toEqual(expect.any(String));
    const setCookie = result.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/refreshToken=.+HttpOnly; SameSite=Strict; Max-Age=\d+/);
  });

  it("answers a wrong password and an unknown user identically", async () => {
    const wrong = await rest(t.app, "POST", "/auth/login", {
      email: "bo@example.com",
      password: "nope",
      platform: "desktop",
    });
    const unknown = await rest(t.app, "POST", "/auth/login", {
      email: "who@example.com",
      password: "nope",
      platform: "desktop",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Incorrect username or password");
    expect(wrong.refreshCookie).toBeUndefined();
  });

  it("rate-limits failed attempts per e-mail, even with the right password afterwards", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await rest(t.app, "POST", "/auth/login", {
        email: "limited@example.com",
        password: "bad",
        platform: "desktop",
      });
    }
    const blocked = await rest(t.app, "POST", "/auth/login", {
      email: "limited@example.com",
      password: TEST_PASSWORD,
      platform: "desktop",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed login attempts/);
  });

  it("replaces the previous session of the same platform and ends it", async () => {
    const first = await loginAs(t.app, "bo@example.com");
    const second = await rest(t.app, "POST", "/auth/login", {
      email: "bo@example.com",
      password: TEST_PASSWORD,
      platform: "desktop",
    });
    expect(second.body.sessionReplaced).toBe(true);
    expect(second.body.message).toMatch(/signed out of your other session/);

    const stale = await rest(t.app, "GET", "/user/profile", undefined, { token: first.token });
    expect(stale.status).toBe(401);
    expect(stale.body.logout).toBe(true);
    expect(stale.body.message).toEqual(expect.any(String));
    const fresh = await rest(t.app, "GET", "/auth/check-session", undefined, {
      token: second.body.token as string,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.valid).toBe(true);
  });

  it("keeps sessions of other platforms", async () => {
    const desktop = await loginAs(t.app, "bo@example.com");
    await loginAs(t.app, "bo@example.com", TEST_PASSWORD, { platform: "mobile" });
    const check = await rest(t.app, "GET", "/auth/check-session", undefined, { token: desktop.token });
    expect(check.status).toBe(200);
  });

  it("refuses missing fields, malformed JSON and a non-JSON body with 4xx", async () => {
    expect((await rest(t.app, "POST", "/auth/login", { email: "bo@example.com" })).status).toBe(400);
    const malformed = await rest(t.app, "POST", "/auth/login", '{"email": "bo@example.com",');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("The request body is not valid JSON.");
    const form = await t.app.fetch(
      new Request("http://x/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=a&password=b",
      }),
    );
    expect(form.status).toBe(415);
  });

  it("refuses an oversized body with 413 before parsing it", async () => {
    const huge = JSON.stringify({ email: "bo@example.com", password: "x".repeat(2 * 1024 * 1024) });
    const result = await rest(t.app, "POST", "/auth/login", huge);
    expect(result.status).toBe(413);
  });
});

describe("SESSION_POLICY=reject", () => {
  it("refuses a second login with 'User already logged in'", async () => {
    const strict = await createTestApp({ sessionPolicy: "reject" });
    try {
      await createUser(strict.app, { email: "solo@example.com" });
      await loginAs(strict.app, "solo@example.com");
      const second = await rest(strict.app, "POST", "/auth/login", {
        email: "solo@example.com",
        password: TEST_PASSWORD,
        platform: "desktop",
      });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe("User already logged in");
    } finally {
      await strict.close();
    }
  });
});

describe("tokens", () => {
  it("refuses a forged token, a token signed with another secret and an expired one", async () => {
    const session = await loginAs(t.app, "ana@example.com");
    const [header, payload] = session.token.split(".");
    const forged = await rest(t.app, "GET", "/user/profile", undefined, {
      token: `${header}.${payload}.AAAA`,
    });
    expect(forged.status).toBe(401);
    expect(forged.body.logout).toBeUndefined();

    const otherSecret = await new SignJWT({ sid: "x", role: "ADMIN" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(session.userId)
      .setIssuer("freightway")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret!!"));
    expect((await rest(t.app, "GET", "/user/profile", undefined, { token: otherSecret })).status).toBe(401);

    const expired = await new SignJWT({ sid: "x", role: "ADMIN" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(session.userId)
      .setIssuer("freightway")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(t.app.deps.config.jwtSecret);
    const result = await rest(t.app, "GET", "/user/profile", undefined, { token: expired });
    expect(result.status).toBe(401);
    expect(result.body.message).toBe("Access token expired");
  });

  it("refuses anonymous calls to guarded paths with 401", async () => {
    expect((await rest(t.app, "GET", "/user/profile")).status).toBe(401);
    expect((await rest(t.app, "GET", "/auth/check-session")).status).toBe(401);
  });

  it("does not let a stale token break a public call", async () => {
    const result = await rest(
      t.app,
      "POST",
      "/auth/login",
      { email: "ana@example.com", password: TEST_PASSWORD },
      { token: "garbage" },
    );
    expect(result.status).toBe(200);
  });
});

describe("POST /api/refresh/refresh-token", () => {
  it("rotates the cookie and answers {accessToken}", async () => {
    const session = await loginAs(t.app, "ana@example.com");
    const refreshed = await rest(
      t.app,
      "POST",
      "/refresh/refresh-token",
      { platform: "desktop" },
      { cookie: session.refresh },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.accessToken).toEqual(expect.any(String));
    expect(refreshed.refreshCookie).toBeTruthy();
    expect(refreshed.refreshCookie).not.toBe(session.refresh);
    const profile = await rest(t.app, "GET", "/user/profile", undefined, {
      token: refreshed.body.accessToken as string,
    });
    expect(profile.status).toBe(200);
  });

  it("revokes the session when a rotated token is presented again after the grace window", async () => {
    const session = await loginAs(t.app, "ana@example.com");
    const refreshed = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: session.refresh });
    await t.app.deps.db.refreshToken.updateMany({
      where: { rotatedAt: { not: null } },
      data: { rotatedAt: new Date(Date.now() - 60_000) },
    });
    const reused = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: session.refresh });
    expect(reused.status).toBe(401);
    expect(reused.body.logout).toBe(true);
    expect(reused.refreshCookie).toBe("");
    // The thief's rotation killed the whole session, the legitimate new token included.
    const next = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: refreshed.refreshCookie });
    expect(next.status).toBe(401);
    const withAccess = await rest(t.app, "GET", "/user/profile", undefined, {
      token: refreshed.body.accessToken as string,
    });
    expect(withAccess.status).toBe(401);
    expect(withAccess.body.logout).toBe(true);
  });

  it("tolerates a second tab presenting the just-rotated token", async () => {
    const session = await loginAs(t.app, "ana@example.com");
    await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: session.refresh });
    const second = await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: session.refresh });
    expect(second.status).toBe(200);
    expect(second.refreshCookie).toBeUndefined();
  });

  it("refuses a missing or unknown cookie with 401", async () => {
    expect((await rest(t.app, "POST", "/refresh/refresh-token", {})).status).toBe(401);
    expect((await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: "made-up" })).status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session and clears the cookie", async () => {
    const session = await loginAs(t.app, "ana@example.com");
    const result = await rest(
      t.app,
      "POST",
      "/auth/logout",
      { _id: session.userId, platform: "desktop" },
      {
        token: session.token,
        cookie: session.refresh,
      },
    );
    expect(result.status).toBe(200);
    expect(result.refreshCookie).toBe("");
    const after = await rest(t.app, "GET", "/auth/check-session", undefined, { token: session.token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ logout: true, message: "Ssession ended. Please re-log in." });
    expect(
      (await rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie: session.refresh })).status,
    ).toBe(401);
  });

  it("works with only the cookie (expired access token) but not for someone else's id", async () => {
    const ana = await loginAs(t.app, "ana@example.com");
    const bo = await loginAs(t.app, "bo@example.com");
    await rest(
      t.app,
      "POST",
      "/auth/logout",
      { _id: ana.userId, platform: "desktop" },
      { cookie: bo.refresh },
    );
    expect((await rest(t.app, "GET", "/auth/check-session", undefined, { token: ana.token })).status).toBe(
      200,
    );
    expect((await rest(t.app, "GET", "/auth/check-session", undefined, { token: bo.token })).status).toBe(
      200,
    );
    await rest(
      t.app,
      "POST",
      "/auth/logout",
      { _id: bo.userId, platform: "desktop" },
      { cookie: bo.refresh },
    );
    expect((await rest(t.app, "GET", "/auth/check-session", undefined, { token: bo.token })).status).toBe(
      401,
    );
  });
});

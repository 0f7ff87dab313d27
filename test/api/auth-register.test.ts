import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, rest, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ blockedEmailDomains: ["competitor.example"] });
});
afterAll(() => t.close());

const valid = {
  email: "New.Carrier@Example.com",
  password: "longenough1",
  confirmPassword: "longenough1",
  phoneNumber: "+12015550123",
  platform: "desktop",
};

describe("POST /api/auth/register", () => {
  it("creates a CARRIER, signs it in and sets the refresh cookie", async () => {
    const result = await rest<{ token: string; user: Record<string, unknown> }>(
      t.app,
      "POST",
      "/auth/register",
      valid,
    );
    expect(result.status).toBe(201);
    expect(result.body.token).toMatch(/^ey/);
    expect(result.body.user).toMatchObject({
      email: "new.carrier@example.com",
      role: "CARRIER",
      phoneNumber: "+12015550123",
    });
    expect(result.body.user._id).toEqual(expect.any(String));
    expect(result.body.user.userId).toMatch(/^FW-/);
    expect(result.refreshCookie).toBeTruthy();
    const profile = await rest(t.app, "GET", "/user/profile", undefined, { token: result.body.token });
    expect(profile.body).toMatchObject({ role: "CARRIER", email: "new.carrier@example.com" });
  });

  it("refuses a taken e-mail with 'The email already exist.'", async () => {
    const result = await rest(t.app, "POST", "/auth/register", {
      ...valid,
      email: "new.carrier@example.com",
    });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe("The email already exist.");
  });

  it("refuses mismatched passwords with the spec's text", async () => {
    const result = await rest(t.app, "POST", "/auth/register", {
      ...valid,
      email: "a@example.com",
      confirmPassword: "other",
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Passwords do not match. Please try again.");
  });

  it.each(["12", "+44 20 7946 0958", "555", "not a phone"])(
    "refuses phone %s with 'Invalid phone number'",
    async (phone) => {
      const result = await rest(t.app, "POST", "/auth/register", {
        ...valid,
        email: "b@example.com",
        phoneNumber: phone,
      });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe("Invalid phone number");
    },
  );

  it("accepts a Canadian number", async () => {
    const result = await rest(t.app, "POST", "/auth/register", {
      ...valid,
      email: "canada@example.com",
      phoneNumber: "6135550123",
      phoneCountry: "CA",
    });
    expect(result.status).toBe(201);
  });

  it.each(["someone@mailinator.com", "x@competitor.example", "y@sub.competitor.example"])(
    "refuses the domain of %s and puts the address on the waitlist",
    async (email) => {
      const result = await rest(t.app, "POST", "/auth/register", { ...valid, email });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe("The email domain is not permited.");
      expect(await t.app.deps.db.emailWaitlist.findUnique({ where: { email } })).not.toBeNull();
      expect(await t.app.deps.db.user.findUnique({ where: { email } })).toBeNull();
    },
  );

  it("refuses a malformed e-mail and missing fields without creating anything", async () => {
    const before = await t.app.deps.db.user.count();
    const badEmail = await rest(t.app, "POST", "/auth/register", { ...valid, email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    const missing = await rest(t.app, "POST", "/auth/register", { email: "c@example.com" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "password" })]),
    );
    expect(await t.app.deps.db.user.count()).toBe(before);
  });
});

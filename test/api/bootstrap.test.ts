import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { migrate } from "../../server/db/migrate.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { createTestApp, loginAs, rest } from "../support/app.ts";

describe("start-up", () => {
  it("creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD once", async () => {
    const t = await createTestApp({ adminEmail: "Boss@Example.com", adminPassword: "first-admin-pw" });
    try {
      const session = await loginAs(t.app, "boss@example.com", "first-admin-pw");
      const profile = await rest(t.app, "GET", "/user/profile", undefined, { token: session.token });
      expect(profile.body.role).toBe("ADMIN");
      // A restart with another password does not touch the existing account.
      const again = await buildApp({ ...t.app.deps.config, adminPassword: "other-password" });
      await again.stop();
      expect(await t.app.deps.db.user.count({ where: { email: "boss@example.com" } })).toBe(1);
      await loginAs(t.app, "boss@example.com", "first-admin-pw");
    } finally {
      await t.close();
    }
  });

  it("resets the demo with SEED_DEMO=reset: what visitors changed is gone, the demo set is back", async () => {
    const t = await createTestApp({ seedDemo: true });
    try {
      const offers = await t.app.deps.db.offer.count();
      const users = await t.app.deps.db.user.count();
      await t.app.deps.db.user.create({
        data: { email: "visitor@example.com", role: "CARRIER", passwordHash: "x", userId: "visitor-1" },
      });
      await t.app.deps.db.bid.deleteMany();
      const reset = await buildApp({ ...t.app.deps.config, seedDemo: true, demoReset: true });
      await reset.stop();
      expect(await t.app.deps.db.user.count({ where: { email: "visitor@example.com" } })).toBe(0);
      expect(await t.app.deps.db.user.count()).toBe(users);
      expect(await t.app.deps.db.offer.count()).toBe(offers);
      expect(await t.app.deps.db.bid.count()).toBeGreaterThan(0);
      await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
    } finally {
      await t.close();
    }
    // Two demo seeds (the demo carries loads through every stage of their life: awards, tenders,
    // documents, invoices): over 20 s on a loaded 2-core box.
  }, 90_000);

  it("loads the demo data with SEED_DEMO into an empty database only", async () => {
    const t = await createTestApp({ seedDemo: true });
    try {
      const admin = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
      expect((await rest(t.app, "GET", "/user/profile", undefined, { token: admin.token })).body.role).toBe(
        "ADMIN",
      );
      const carrier = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
      expect((await rest(t.app, "GET", "/user/profile", undefined, { token: carrier.token })).body.role).toBe(
        "CARRIER",
      );
      const users = await t.app.deps.db.user.count();
      const again = await buildApp({ ...t.app.deps.config });
      await again.stop();
      expect(await t.app.deps.db.user.count()).toBe(users);
    } finally {
      await t.close();
    }
    // Seeding the demo twice over (once, then a restart that must not seed again) took up to
    // 15 s on PostgreSQL on a loaded 2-core box.
  }, 90_000);

  it("applies migrations once and reports healthy", async () => {
    const t = await createTestApp();
    try {
      expect(await migrate(t.database.url)).toEqual([]);
      expect((await t.app.fetch(new Request("http://x/healthz"))).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("real HTTP", () => {
  it("serves the REST layer over a socket with the cookie and client address", async () => {
    const t = await createTestApp({ adminEmail: "http@example.com", adminPassword: "over-the-wire" });
    try {
      const url = await t.app.start(0);
      const response = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "http@example.com",
          password: "over-the-wire",
          rememberMe: false,
          platform: "desktop",
        }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toMatch(
        /^refreshToken=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/,
      );
      const body = (await response.json()) as { token: string };
      const profile = await fetch(`${url}/api/user/profile`, {
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(((await profile.json()) as { role: string }).role).toBe("ADMIN");
      const session = await t.app.deps.db.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
      expect(session.ip).toMatch(/127\.0\.0\.1/);
      const spa = await fetch(`${url}/admin/ila/load`);
      expect(spa.status).toBe(503);
    } finally {
      await t.close();
    }
  });
});

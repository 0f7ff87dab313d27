import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { DEMO_HISTORY_LOADS } from "../../server/seed/demo-scorecards.ts";
import { createTestApp, createUser, rest, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { testProvider } from "../support/database-url.ts";

const SECRET = new TextEncoder().encode("test-secret-test-secret-test-secret");

function configFor(databaseUrl: string, extra: Record<string, unknown> = {}) {
  return {
    databaseUrl,
    jwtSecret: SECRET,
    redisUrl: undefined,
    smtpUrl: undefined,
    adminEmail: "first.admin@example.com",
    adminPassword: "a long admin secret",
    seedDemo: false,
    ...extra,
  };
}

describe("several instances starting together against one database", () => {
  it("create the first admin once and all start", async () => {
    for (let trial = 0; trial < 2; trial++) {
      const database = await createTestDatabase({ empty: true });
      const apps: App[] = [];
      try {
        const started = await Promise.allSettled([
          buildApp(configFor(database.url)),
          buildApp(configFor(database.url)),
        ]);
        for (const result of started) if (result.status === "fulfilled") apps.push(result.value);
        expect(started.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
        expect(await apps[0].deps.db.user.count({ where: { email: "first.admin@example.com" } })).toBe(1);
      } finally {
        for (const app of apps) await app.stop();
        await database.drop();
      }
    }
  });

  it.runIf(testProvider === "postgresql")(
    "load the demo data once",
    async () => {
      const database = await createTestDatabase({ empty: true });
      const apps: App[] = [];
      try {
        const started = await Promise.allSettled([
          buildApp(configFor(database.url, { seedDemo: true })),
          buildApp(configFor(database.url, { seedDemo: true })),
        ]);
        for (const result of started) if (result.status === "fulfilled") apps.push(result.value);
        expect(started.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
        const { db } = apps[0].deps;
        expect(await db.user.count({ where: { email: "admin@freightway.test" } })).toBe(1);
        expect(await db.load.count()).toBe(300 + DEMO_HISTORY_LOADS);
        const login = await rest(apps[1], "POST", "/auth/login", {
          email: "admin@freightway.test",
          password: DEMO_PASSWORD,
          platform: "desktop",
        });
        expect(login.status).toBe(200);
      } finally {
        for (const app of apps) await app.stop();
        await database.drop();
      }
    },
    120_000,
  );
});

describe(`"only one" rules under concurrency (${testProvider})`, () => {
  let t: TestApp;
  let strict: App;
  beforeAll(async () => {
    t = await createTestApp();
    strict = await buildApp({ ...t.app.deps.config, sessionPolicy: "reject" });
  });
  afterAll(async () => {
    await strict.stop();
    await t.close();
  });

  const loginFrom = (app: App, email: string, index: number) =>
    rest(
      app,
      "POST",
      "/auth/login",
      { email, password: TEST_PASSWORD, platform: "desktop" },
      { ip: `10.20.0.${index}` },
    );

  it("8 simultaneous logins of one user leave exactly one live session per platform", async () => {
    const user = await createUser(t.app, { email: "racer@example.com" });
    for (let trial = 0; trial < 3; trial++) {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, index) => loginFrom(t.app, user.email, index)),
      );
      expect(results.every((result) => result.status === 200)).toBe(true);
      const live = await t.app.deps.db.session.count({
        where: { userId: user.id, platform: "desktop", revokedAt: null },
      });
      expect(live, `trial ${trial}`).toBe(1);
    }
  });

  it("with SESSION_POLICY=reject, exactly one of 8 simultaneous logins wins", async () => {
    const user = await createUser(t.app, { email: "strict-racer@example.com" });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => loginFrom(strict, user.email, index)),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(7);
    expect(await t.app.deps.db.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(1);
  });

  it("8 simultaneous refreshes with one token rotate it once and keep the session", async () => {
    const user = await createUser(t.app, { email: "refresher@example.com" });
    const login = await loginFrom(t.app, user.email, 1);
    const cookie = login.refreshCookie!;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => rest(t.app, "POST", "/refresh/refresh-token", {}, { cookie })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));
    const session = await t.app.deps.db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.revokedAt).toBeNull();
    const tokens = await t.app.deps.db.refreshToken.findMany({ where: { sessionId: session.id } });
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((token) => token.rotatedAt === null)).toHaveLength(1);
    const rotatedCookies = new Set(results.map((result) => result.refreshCookie).filter(Boolean));
    expect(rotatedCookies.size).toBe(1);
  });
});

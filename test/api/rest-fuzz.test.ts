import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../server/rest.ts";
import { BASE, createTestApp, createUser, loginAs, type Session, type TestApp } from "../support/app.ts";
import { LEAK } from "../support/raw.ts";

/**
 * Every REST route, for every role (anonymous, a carrier, another carrier, a pending carrier, an
 * operator), with generated paths, queries and bodies: well-formed values, hostile strings (NUL and
 * other controls, LIKE wildcards, very long text, lone surrogates) and the ids of other users'
 * objects. No answer may be a 5xx, show the server's insides, take longer than the budget, or show
 * a carrier another carrier's e-mail. Fixed seed; FUZZ_RUNS raises the samples per route and role.
 */
const SAMPLES = Number(process.env.FUZZ_RUNS ?? 2);
const BUDGET_MS = 2_000;
const SECRET_EMAIL = "other-carrier@example.com";

type Role = "anonymous" | "carrier" | "otherCarrier" | "pendingCarrier" | "admin";
let t: TestApp;
let sessions: Record<Role, Session | null>;
let foreignIds: string[];

beforeAll(async () => {
  t = await createTestApp({ production: true, carrierApproval: "required" });
  const admin = await createUser(t.app, { email: "fuzz-admin@example.com", role: "ADMIN" });
  const carrier = await createUser(t.app, { email: "fuzz-carrier@example.com" });
  const other = await createUser(t.app, { email: SECRET_EMAIL });
  const pending = await createUser(t.app, { email: "fuzz-pending@example.com" });
  await t.app.deps.db.user.updateMany({
    where: { id: { in: [carrier.id, other.id] } },
    data: { approvalStatus: "approved" },
  });
  await t.app.deps.db.user.update({ where: { id: pending.id }, data: { approvalStatus: "pending" } });
  sessions = {
    anonymous: null,
    carrier: await loginAs(t.app, carrier.email),
    otherCarrier: await loginAs(t.app, other.email),
    pendingCarrier: await loginAs(t.app, pending.email),
    admin: await loginAs(t.app, admin.email),
  };
  foreignIds = [other.id, other.userId, admin.id, pending.id];
});
afterAll(() => t?.close());

const HOSTILE = [
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[2J",
  "%",
  "_%_",
  "x".repeat(20_000),
  "\ud800",
  "' OR 1=1 --",
  "../../etc/passwd",
  "0001-01-01",
  "2026-02-30",
  "1e-9",
  "99999999999",
  "-1",
];

const text = (draw: fc.GeneratorValue) =>
  draw(() =>
    fc.oneof(
      fc.constantFrom(...HOSTILE),
      fc.constantFrom(...foreignIds),
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
    ),
  );

function jsonBody(draw: fc.GeneratorValue): unknown {
  const shape = draw(() => fc.integer({ min: 0, max: 3 }));
  if (shape === 0) return draw(() => fc.jsonValue({ maxDepth: 3 }));
  const keys = draw(() =>
    fc.array(
      fc.constantFrom(
        "email",
        "password",
        "platform",
        "name",
        "message",
        "amount",
        "offerId",
        "loadId",
        "carrierId",
        "userId",
        "date",
        "status",
        "notes",
        "fullName",
        "phone",
        "search",
      ),
      { maxLength: 6 },
    ),
  );
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    body[key] = draw(() => fc.integer({ min: 0, max: 4 })) === 0 ? draw(() => fc.double()) : text(draw);
  }
  return body;
}

/** A path segment; a lone surrogate goes as the bytes it would be (not UTF-8: a hostile case too). */
function pathSegment(value: string): string {
  return (value as string & { isWellFormed(): boolean }).isWellFormed()
    ? encodeURIComponent(value)
    : "%ED%A0%80";
}

/** The answer, or a failure naming the request when it takes longer than `ms`. */
function within<T>(ms: number, label: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${label}`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

describe("REST fuzzing by role", () => {
  it.each(["anonymous", "carrier", "otherCarrier", "pendingCarrier", "admin"] as const)(
    "as %s: no 5xx, no internals, no stall, no other carrier's identity",
    async (role: Role) => {
      const session = sessions[role];
      const routes = restRoutes.filter(
        // The fuzzer keeps its own session: no logout, refresh or password change.
        (route) => !/logout|refresh|change-password/.test(route.path),
      );
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (draw) => {
          for (const route of routes) {
            const path = route.path.replace(/:[^/]+/g, () => pathSegment(text(draw)));
            const query = new URLSearchParams();
            for (const key of draw(() =>
              fc.array(fc.constantFrom("page", "limit", "q", "search", "id", "status"), { maxLength: 3 }),
            )) {
              query.set(key, text(draw));
            }
            const withBody = ["POST", "PUT", "PATCH"].includes(route.method) && !route.rawBody;
            const sent = withBody ? JSON.stringify(jsonBody(draw)) : undefined;
            const started = performance.now();
            const response = await within(
              BUDGET_MS * 2,
              `${role} ${route.method} /api${path} ${sent?.slice(0, 200)}`,
              t.app.fetch(
                new Request(`${BASE}/api${path}${query.size ? `?${query}` : ""}`, {
                  method: route.method,
                  headers: {
                    ...(withBody ? { "content-type": "application/json" } : {}),
                    ...(session ? { authorization: `Bearer ${session.token}` } : {}),
                  },
                  body: sent,
                }),
                { ip: `10.9.${draw(() => fc.nat({ max: 255 }))}.${draw(() => fc.nat({ max: 255 }))}` },
              ),
            );
            const answer = await response.text();
            const took = performance.now() - started;
            const label = `${role} ${route.method} /api${path}: ${response.status} ${answer.slice(0, 200)}`;
            expect(response.status, label).toBeLessThan(500);
            expect(answer, label).not.toMatch(LEAK);
            expect(took, label).toBeLessThan(BUDGET_MS);
            if (role === "carrier" || role === "pendingCarrier")
              expect(answer, label).not.toContain(SECRET_EMAIL);
          }
        }),
        { numRuns: SAMPLES, seed: 20261126, endOnFailure: true },
      );
    },
    120_000,
  );
});

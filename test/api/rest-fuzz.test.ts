import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../server/rest.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { readViolations } from "../support/fuzz-oracle.ts";
import { FUZZ_SEED, fuzzNumber, fuzzRuns, fuzzString, STALL_BUDGET_MS } from "../support/fuzz-values.ts";
import { buildFuzzWorld, FUZZ_ROLES, type FuzzRole, type FuzzWorld } from "../support/fuzz-world.ts";
import { LEAK } from "../support/raw.ts";

/**
 * Every REST route, for every role of the fuzz world, over HTTP, with generated paths, queries and
 * bodies: well-formed values, hostile strings, edge numbers, impossible dates and the ids and keys
 * of other users' objects. No answer may be a 5xx, show the server's insides, take longer than the
 * stall budget, or show a role an e-mail of another role of the world (that it did not send itself).
 * Fixed seed; FUZZ_RUNS and FUZZ_SEED (`npm run fuzz`) hunt longer.
 */
const SAMPLES = fuzzRuns(2);

/** Routes that end the session they run on (or the account's other sessions): they get a throwaway one. */
const THROWAWAY_SESSION_ROUTES =
  /^\/auth\/(logout|login|change-password)$|^\/refresh\/|^\/user\/(:id|revert-email)$|^\/admin\/users\/:id\//;

let t: TestApp;
let world: FuzzWorld;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ production: true, carrierApproval: "required", trustProxy: 1 });
  world = await buildFuzzWorld(t);
  base = await t.app.start(0);
}, 120_000);
afterAll(() => t?.close());

const BODY_KEYS = [
  "email",
  "password",
  "currentPassword",
  "newPassword",
  "platform",
  "name",
  "message",
  "amount",
  "offerId",
  "loadId",
  "carrierId",
  "userId",
  "date",
  "dueDate",
  "status",
  "notes",
  "fullName",
  "phone",
  "search",
  "roundMinutes",
];

function text(draw: fc.GeneratorValue): string {
  return fuzzString(draw, world.ids, [...world.readableKeys, TEST_PASSWORD, "desktop", "mobile"]);
}

function jsonBody(draw: fc.GeneratorValue): unknown {
  const shape = draw(() => fc.integer({ min: 0, max: 3 }));
  if (shape === 0) return draw(() => fc.jsonValue({ maxDepth: 3 }));
  const keys = draw(() => fc.array(fc.constantFrom(...BODY_KEYS), { maxLength: 6 }));
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    body[key] = draw(() => fc.integer({ min: 0, max: 3 })) === 0 ? fuzzNumber(draw, false) : text(draw);
  }
  return body;
}

/** A path segment; a lone surrogate goes as the bytes it would be (not UTF-8: a hostile case too). */
/**
 * Node refuses a request head over 16 KiB with 431 and closes the connection at once, which a
 * client may read as a reset instead (the edge tests cover that answer): path segments and query
 * values stay short enough that every URL here is read and answered by the app.
 */
const MAX_ENCODED_SEGMENT = 3_000;
const MAX_QUERY_VALUE = 400;

function pathSegment(value: string): string {
  return (value as string & { isWellFormed(): boolean }).isWellFormed()
    ? encodeURIComponent(value)
        .slice(0, MAX_ENCODED_SEGMENT)
        .replace(/%[0-9A-F]?$/, "")
    : "%ED%A0%80";
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

describe("REST fuzzing by role", () => {
  it.each(FUZZ_ROLES)(
    "as %s: no 5xx, no internals, no stall, no other user's identity",
    async (role: FuzzRole) => {
      await world.repair();
      await world.warmWorkers();
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (draw) => {
          for (const route of restRoutes) {
            const path = route.path.replace(/:[^/]+/g, () => pathSegment(text(draw)));
            const query = new URLSearchParams();
            for (const key of draw(() =>
              fc.array(fc.constantFrom("page", "limit", "q", "search", "id", "status", "sort"), {
                maxLength: 3,
              }),
            )) {
              query.set(key, text(draw).slice(0, MAX_QUERY_VALUE));
            }
            const withBody = ["POST", "PUT", "PATCH"].includes(route.method) && !route.rawBody;
            const sent = withBody ? JSON.stringify(jsonBody(draw)) : undefined;
            const throwaway = role !== "anonymous" && THROWAWAY_SESSION_ROUTES.test(route.path);
            const token = throwaway ? (await world.throwawaySession(role)).token : world.token(role);
            const url = `${base}/api${path}${query.size ? `?${query}` : ""}`;
            const started = performance.now();
            const response = await fetch(url, {
              method: route.method,
              headers: {
                "x-forwarded-for": `10.9.${draw(() => fc.nat({ max: 255 }))}.${draw(() => fc.nat({ max: 255 }))}`,
                ...(withBody ? { "content-type": "application/json" } : {}),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              body: sent,
              signal: AbortSignal.timeout(STALL_BUDGET_MS * 2),
            });
            const answer = await response.text();
            const took = performance.now() - started;
            if (throwaway) await world.repair([role]);
            const label = `${role} ${route.method} ${url.slice(0, 300)} ${sent?.slice(0, 200)}: ${response.status} ${answer.slice(0, 300)}`;
            expect(response.status, label).toBeLessThan(500);
            expect(answer, label).not.toMatch(LEAK);
            expect(took, label).toBeLessThan(STALL_BUDGET_MS);
            const request = `${safeDecode(url)} ${sent ?? ""}`;
            expect(await readViolations(world, role, answer, request), label).toEqual([]);
          }
        }),
        { numRuns: SAMPLES, seed: FUZZ_SEED, endOnFailure: true },
      );
    },
    60_000 + SAMPLES * 30_000,
  );
});

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../server/schema.ts";
import { adminAndCarrier, createTestApp, gql, type Session, type TestApp } from "../support/app.ts";
import { LEAK } from "../support/raw.ts";
import { randomOperation } from "../support/schema-fuzz.ts";

let t: TestApp;
let sessions: Record<"anonymous" | "carrier" | "admin", Session | null>;

beforeAll(async () => {
  t = await createTestApp({ production: true });
  const world = await adminAndCarrier(t.app);
  sessions = { anonymous: null, carrier: world.carrierSession, admin: world.adminSession };
});
afterAll(() => t.close());

// 3 roles x 700 operations by default; FUZZ_RUNS=5000 for a longer hunt.
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 700);

describe("schema-driven fuzzing", () => {
  it.each(["anonymous", "carrier", "admin"] as const)(
    "as %s: random valid and invalid operations never answer 500, INTERNAL or internals",
    async (role) => {
      const session = sessions[role];
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (draw) => {
          const operation = randomOperation(draw, schema);
          // Each run from its own address, so that rate limits do not hide deeper paths.
          const ip = `10.${draw(() => fc.nat({ max: 255 }))}.${draw(() => fc.nat({ max: 255 }))}.7`;
          const result = await gql(t.app, operation.query, operation.variables, {
            token: session?.token,
            ip,
          });
          const text = JSON.stringify(result);
          expect(result.status, operation.query).not.toBe(500);
          expect(result.status, operation.query).toBeLessThan(500);
          const codes = (result.errors ?? []).map((error) => error.extensions?.code);
          expect(
            codes,
            `${operation.query} ${JSON.stringify(operation.variables).slice(0, 300)} ${text.slice(0, 300)}`,
          ).not.toContain("INTERNAL");
          expect(text).not.toMatch(LEAK);
        }),
        { numRuns: RUNS_PER_ROLE, endOnFailure: true },
      );
    },
    60_000,
  );
});

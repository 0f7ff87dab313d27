import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../server/schema.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { mayRead, readViolations } from "../support/fuzz-oracle.ts";
import {
  type FuzzAnswer,
  type Listener,
  listen,
  overHttp,
  overSocket,
  unexpectedClose,
} from "../support/fuzz-transport.ts";
import { FUZZ_SEED, fuzzRuns, STALL_BUDGET_MS } from "../support/fuzz-values.ts";
import {
  buildFuzzWorld,
  FUZZ_ROLES,
  type FuzzRole,
  type FuzzWorld,
  type SignedInRole,
} from "../support/fuzz-world.ts";
import { bid } from "../support/offers.ts";
import { LEAK } from "../support/raw.ts";
import { type FuzzOperation, randomOperation, rootFields, type ValuePools } from "../support/schema-fuzz.ts";

/**
 * Every query, mutation and subscription of the printed schema, for every role of the fuzz world,
 * with generated operations: hostile strings, edge numbers, impossible dates, other roles' ids.
 * Queries and mutations go over HTTP, subscriptions over a graphql-ws socket. It fails on a 5xx or
 * INTERNAL, on the server's insides in an answer, on a request over the stall budget, and on any
 * object or e-mail the role may not read. A fixed seed and a time budget per role keep it under a
 * minute per database; FUZZ_RUNS, FUZZ_SEED and FUZZ_BUDGET_MS (`npm run fuzz`) hunt longer.
 */
const RUNS_PER_FIELD = fuzzRuns(3);
/** Once a role's budget is spent, every remaining field still runs once. */
const ROLE_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 5_000);
const SUBSCRIPTION_LISTEN_MS = 60;

/** Fields that end the session they run on (or the account's other sessions): they get a throwaway one. */
const THROWAWAY_SESSION_FIELDS: Record<string, string> = {
  logout: "ends the session",
  refreshToken: "rotates the session's refresh token",
  login: "replaces the desktop session of the user it signs in",
  changePassword: "ends the user's other sessions",
  updateProfile: "an e-mail change ends the user's other sessions",
  revertEmailChange: "ends the user's sessions",
  sendTemporaryPassword: "a temporary password replaces the user's password",
  endUserSessions: "ends every session of the user, the operator's own included",
  setUserDisabled: "disabling ends the user's sessions",
  changeUserRole: "a role change ends the user's sessions",
};
/** Fields the fuzz does not call at all, with the reason; a test keeps this list short. */
const SKIPPED_FIELDS: Record<string, string> = {};

let t: TestApp;
let world: FuzzWorld;
let base: string;
let pools: ValuePools;

beforeAll(async () => {
  t = await createTestApp({ production: true, carrierApproval: "required", trustProxy: 1 });
  world = await buildFuzzWorld(t);
  base = await t.app.start(0);
  pools = {
    ids: world.ids,
    plain: [
      ...world.readableKeys,
      TEST_PASSWORD,
      "desktop",
      "mobile",
      "USPS",
      "a@example.com",
      "+12015550123",
    ],
    idsByType: idsByType(),
  };
}, 120_000);
afterAll(() => t?.close());

function idsByType(): Record<string, string[]> {
  const byType: Record<string, string[]> = {};
  for (const object of world.objects.values()) {
    byType[object.typename] = [...(byType[object.typename] ?? []), object.globalId];
  }
  return byType;
}

const fields = rootFields(schema).filter((root) => !(root.name in SKIPPED_FIELDS));

function describeFailure(role: FuzzRole, operation: FuzzOperation, answer: FuzzAnswer): string {
  const variables = JSON.stringify(operation.variables).slice(0, 400);
  return `${role} (${Math.round(answer.ms)} ms): ${operation.query}\n${variables}\n-> ${answer.status} ${answer.text.slice(0, 400)}`;
}

async function runOne(role: FuzzRole, operation: FuzzOperation, kind: string, name: string, ip: string) {
  const throwaway = role !== "anonymous" && name in THROWAWAY_SESSION_FIELDS;
  const token = throwaway ? (await world.throwawaySession(role)).token : world.token(role);
  try {
    if (kind === "subscription") {
      return await overSocket(base, operation, token, ip, SUBSCRIPTION_LISTEN_MS, STALL_BUDGET_MS * 2);
    }
    return await overHttp(base, operation, token, ip, STALL_BUDGET_MS * 2);
  } finally {
    if (throwaway) await world.repair([role]);
  }
}

async function check(role: FuzzRole, operation: FuzzOperation, answer: FuzzAnswer) {
  const label = describeFailure(role, operation, answer);
  expect(answer.status, label).toBeLessThan(500);
  expect(unexpectedClose(answer.closeCode), label).toBe(false);
  expect(
    answer.errors.map((error) => error.extensions?.code),
    label,
  ).not.toContain("INTERNAL");
  expect(answer.text, label).not.toMatch(LEAK);
  expect(answer.ms, label).toBeLessThan(STALL_BUDGET_MS);
  const sent = JSON.stringify(operation);
  expect(await readViolations(world, role, answer.data, sent), label).toEqual([]);
  expect(await readViolations(world, role, answer.errors, sent), label).toEqual([]);
}

/**
 * Every subscription, held open by every signed-in role while a role is fuzzed: once per known
 * offer where it takes an offer, once per route where it takes a route number; tame selections.
 */
function listenerOperations(): FuzzOperation[] {
  const offerIds = pools.idsByType.Offer ?? [];
  const operations: FuzzOperation[] = [];
  for (const root of fields.filter((field) => field.kind === "subscription")) {
    const argument = root.field.args.find((arg) => arg.name === "offerId" || arg.name === "routeNumber");
    const values = !argument ? [undefined] : argument.name === "offerId" ? offerIds : ["R-FZA", "R-FZB"];
    for (const value of values) {
      const fixed = argument ? { [argument.name]: value } : {};
      const tame = fc.gen().map((draw) => randomOperation(draw, root, pools, { hostility: 0, fixed }));
      operations.push(...fc.sample(tame, { numRuns: 1, seed: FUZZ_SEED }));
    }
  }
  return operations;
}

/** Events every listener should hear something of: each carrier bids again on an offer it may see. */
async function provokeEvents(round: number) {
  const offers = [...world.objects.values()].filter((object) => object.typename === "Offer");
  await bid(t.app, world.token("carrier") ?? "", offers[0].rowId, 1400 - round * 10);
  await bid(t.app, world.token("otherCarrier") ?? "", offers[1].rowId, 980 - round * 10);
}

async function checkListeners(listeners: Map<SignedInRole, Listener>) {
  for (const [role, listener] of listeners) {
    const text = listener.pushed.text.join("\n");
    const label = `${role} listener: ${text.slice(0, 600)}`;
    expect(unexpectedClose(listener.closeCode()), label).toBe(false);
    expect(
      listener.pushed.errors.map((error) => error.extensions?.code),
      label,
    ).not.toContain("INTERNAL");
    expect(text, label).not.toMatch(LEAK);
    expect(await readViolations(world, role, listener.pushed.data, ""), label).toEqual([]);
  }
}

/** Every root field as `role`: RUNS_PER_FIELD operations each while the budget lasts, then one. */
async function fuzzEveryField(role: FuzzRole): Promise<number> {
  const deadline = performance.now() + ROLE_BUDGET_MS;
  let operations = 0;
  for (const root of fields) {
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (draw) => {
        const operation = randomOperation(draw, root, pools);
        // Each run from its own address, so that rate limits do not hide deeper paths.
        const octet = () => draw(() => fc.nat({ max: 255 }));
        const ip = `10.${octet()}.${octet()}.${octet()}`;
        const answer = await runOne(role, operation, root.kind, root.name, ip);
        operations++;
        if (process.env.FUZZ_LOG) console.log(`fuzz ${describeFailure(role, operation, answer)}`);
        await check(role, operation, answer);
      }),
      { numRuns: performance.now() < deadline ? RUNS_PER_FIELD : 1, seed: FUZZ_SEED, endOnFailure: true },
    );
  }
  return operations;
}

describe("schema fuzz", () => {
  it("walks every root field of the printed schema, skipping few and each for a reason", () => {
    const kinds = new Set(fields.map((root) => root.kind));
    expect(kinds).toEqual(new Set(["query", "mutation", "subscription"]));
    expect(Object.keys(SKIPPED_FIELDS).length).toBeLessThanOrEqual(3);
    for (const [name, reason] of Object.entries({ ...SKIPPED_FIELDS, ...THROWAWAY_SESSION_FIELDS })) {
      expect(
        rootFields(schema).map((root) => root.name),
        name,
      ).toContain(name);
      expect(reason.length, name).toBeGreaterThan(10);
    }
  });

  it.each(FUZZ_ROLES)(
    "as %s: no 5xx, INTERNAL, internals, stall or read the role may not make",
    async (role) => {
      await world.repair();
      await world.warmWorkers();
      const listeners = new Map<SignedInRole, Listener>();
      try {
        for (const listener of ["carrier", "otherCarrier", "pendingCarrier", "admin"] as const) {
          const token = world.token(listener) ?? "";
          listeners.set(listener, await listen(base, token, "10.252.0.1", listenerOperations()));
        }
        expect(await fuzzEveryField(role)).toBeGreaterThanOrEqual(fields.length);
        await provokeEvents(FUZZ_ROLES.indexOf(role));
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        for (const listener of listeners.values()) await listener.close();
      }
      await checkListeners(listeners);
    },
    Math.max(120_000, ROLE_BUDGET_MS * 3),
  );
});

describe("node and nodes on objects the role may not read", () => {
  const NODE = "query ($id: ID!) { node(id: $id) { __typename id } }";
  const NODES = "query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }";

  it.each(FUZZ_ROLES)(
    "as %s: the same answer as for a missing id of the type, null when signed in",
    async (role) => {
      await world.repair();
      const foreign = [];
      for (const object of world.objects.values()) {
        if (!(await mayRead(world, role, object))) foreign.push(object);
      }
      expect(foreign.length).toBeGreaterThan(0);
      const ask = (query: string, variables: Record<string, unknown>) =>
        overHttp(base, { query, variables }, world.token(role), "10.251.0.1", STALL_BUDGET_MS * 2);
      for (const object of foreign) {
        const missing = encodeGlobalID(object.typename, "c0000000000000000000missing");
        const real = await ask(NODE, { id: object.globalId });
        const absent = await ask(NODE, { id: missing });
        const label = `${role} node(${object.typename} ${object.rowId}): ${real.text}`;
        expect(real.status, label).toBe(absent.status);
        expect(real.text, label).toBe(absent.text);
        if (role !== "anonymous") expect(real.text, label).toBe('{"data":{"node":null}}');
      }
      const ids = foreign.map((object) => object.globalId).slice(0, 100);
      const together = await ask(NODES, { ids });
      const missingTogether = await ask(NODES, {
        ids: foreign
          .slice(0, 100)
          .map((object) => encodeGlobalID(object.typename, `missing-${object.rowId}`)),
      });
      expect(together.text).toBe(missingTogether.text);
      if (role !== "anonymous") expect(together.data).toEqual([{ nodes: ids.map(() => null) }]);
    },
  );
});

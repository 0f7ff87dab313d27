import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, gql, loginAs, type Session, type TestApp } from "../support/app.ts";
import { doublingFragments, LEAK, overWebSocket, rawGraphQL } from "../support/raw.ts";

let t: TestApp;
let url: string;
let admin: Session;
let carrier: Session;

beforeAll(async () => {
  t = await createTestApp({ production: true });
  url = await t.app.start(0);
  await createUser(t.app, { email: "budget-admin@example.com", role: "ADMIN" });
  await createUser(t.app, { email: "budget-carrier@example.com" });
  admin = await loginAs(t.app, "budget-admin@example.com");
  carrier = await loginAs(t.app, "budget-carrier@example.com");
});
afterAll(() => t.close());

const post = (query: string, token?: string, variables: Record<string, unknown> = {}) =>
  rawGraphQL(t.app, JSON.stringify({ query, variables }), { token });

function expectRefused(result: { status: number; text: string; ms: number }, pattern: RegExp) {
  if (result.status !== 400) console.log(result.text.slice(0, 400));
  expect(result.status).toBe(400);
  expect(result.text).toMatch(pattern);
  expect(result.text).not.toMatch(LEAK);
}

/**
 * A refusal in linear time: a few ms here. The bound leaves room for a loaded CI box (329 ms was
 * seen with the whole suite and a build beside it); doubling fragments expanded take minutes.
 */
const REFUSED_WITHIN_MS = 1_500;

describe("the document budget over HTTP", () => {
  it("refuses fragments that double at every level, in linear time", async () => {
    for (const levels of [27, 40, 200]) {
      const result = await post(doublingFragments(levels));
      expectRefused(result, /too expensive|Cost limit|Token limit/);
      expect(result.ms).toBeLessThan(REFUSED_WITHIN_MS);
    }
    // Spreads of spreads with a field of their own at every level, inline fragments in between.
    const parts = ["query { ...G0 }"];
    for (let level = 0; level < 30; level++) {
      parts.push(
        `fragment G${level} on Query { __typename ... on Query { ...G${level + 1} } ...G${level + 1} }`,
      );
    }
    parts.push("fragment G30 on Query { __typename }");
    const mixed = await post(parts.join("\n"));
    expectRefused(mixed, /too expensive|Cost limit/);
    expect(mixed.ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it("counts introspection: many aliases of __schema are refused even for an admin", async () => {
    const aliases = Array.from({ length: 14 }, (_, i) => `s${i}: __schema { types { name } }`).join(" ");
    expectRefused(await post(`{ ${aliases} }`, admin.token), /too expensive/);
    const many = Array.from({ length: 2000 }, (_, i) => `s${i}: __schema { types { name } }`).join(" ");
    const result = await post(`{ ${many} }`, admin.token);
    expectRefused(result, /Token limit|Aliases limit/);
  });

  it("keeps introspection for signed-in staff only in production", async () => {
    const query = "{ __schema { queryType { name } } }";
    expectRefused(await post(query), /introspection/i);
    expectRefused(await post(query, carrier.token), /introspection/i);
    expectRefused(await post('{ __type(name: "Load") { name } }'), /introspection/i);
    const ok = await post(query, admin.token);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).data.__schema.queryType.name).toBe("Query");
    // __typename is not introspection of the schema.
    expect((await post("{ __typename }")).status).toBe(200);
  });

  it("gives no field suggestions", async () => {
    for (const token of [undefined, carrier.token]) {
      const result = await post("{ lod { id } viewe { id } }", token);
      expect(result.status).toBe(400);
      expect(result.text).not.toMatch(/Did you mean/);
    }
  });

  it("refuses deep, aliased and directive-heavy documents", async () => {
    expectRefused(await post(`{ ${"viewer { ".repeat(20)}id${" }".repeat(20)} }`), /depth/i);
    const aliased = Array.from({ length: 40 }, (_, i) => `a${i}: viewer { id }`).join(" ");
    expectRefused(await post(`{ ${aliased} }`), /Aliases limit/);
    expectRefused(await post(`{ __typename ${"@include(if: true) ".repeat(40)} }`), /Directives limit/);
  });

  it("answers a 5,000-deep selection set with a clear 400 (no parser overflow)", async () => {
    for (const query of [
      `{ ${"a { ".repeat(5000)}b${" }".repeat(5000)} }`,
      `{ a(x: ${"[".repeat(5000)}${"]".repeat(5000)}) }`,
      `{ a(x: ${"{a: ".repeat(5000)}1${"}".repeat(5000)}) }`,
    ]) {
      const result = await post(query);
      expectRefused(result, /nested too deeply|Token limit/);
      expect(result.ms).toBeLessThan(REFUSED_WITHIN_MS);
    }
  });

  it("counts list sizes: pageSize, first and id lists, from literals and variables", async () => {
    const aliases = Array.from(
      { length: 10 },
      (_, i) => `l${i}: loads(pageSize: 500) { edges { node { id stops { id } } } }`,
    ).join(" ");
    expectRefused(await post(`{ ${aliases} }`, admin.token), /too expensive/);
    expectRefused(
      await post(
        "query ($n: Int) { a: loads(pageSize: $n) { edges { node { id stops { id } } } } }",
        admin.token,
        { n: 100_000 },
      ),
      /too expensive/,
    );
    const ids = Array.from({ length: 5000 }, (_, i) => `"TG9hZDo${i}"`).join(",");
    expectRefused(await post(`{ nodes(ids: [${ids}]) { id } }`, admin.token), /too expensive|Token limit/);
    const manyIds = { ids: Array.from({ length: 50_000 }, (_, i) => `x${i}`) };
    expectRefused(
      await post("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", admin.token, manyIds),
      /too expensive/,
    );
    // Anonymous, the same body is refused unread: past the non-operator body cap.
    const anonymous = await post("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", undefined, manyIds);
    expect(anonymous.status).toBe(413);
    // A normal screen's page passes.
    const page = await post("{ loads(pageSize: 100) { totalCount edges { node { id } } } }", admin.token);
    expect(page.status).toBe(200);
  });

  it("lets the client's own operations through", async () => {
    const result = await gql(t.app, "{ viewer { id email } }", {}, { token: carrier.token });
    expect(result.errors).toBeUndefined();
  });
});

describe("the document budget over WebSocket", () => {
  // Sockets are for signed-in viewers only (an anonymous one is closed at connect, 4401).
  it("refuses the same documents before they run", async () => {
    const token = carrier.token;
    const fragments = await overWebSocket(url, doublingFragments(30), { token });
    expect(fragments.errors[0]?.message).toMatch(/too expensive|Cost limit/);
    expect(fragments.ms).toBeLessThan(REFUSED_WITHIN_MS);
    const deep = await overWebSocket(url, `{ ${"a { ".repeat(5000)}b${" }".repeat(5000)} }`, { token });
    expect(deep.errors[0]?.message).toMatch(/nested too deeply|Token limit/);
    const introspection = await overWebSocket(url, "{ __schema { types { name } } }", {
      token: carrier.token,
    });
    expect(introspection.errors[0]?.message).toMatch(/introspection/i);
    const ok = await overWebSocket(url, "{ __typename }", { token });
    expect(ok.data).toEqual([{ __typename: "Query" }]);
  });

  it("closes a socket whose message is bigger than an HTTP document may be", async () => {
    const huge = `{ __typename } # ${"x".repeat(17 * 1024 * 1024)}`;
    const result = await overWebSocket(url, huge, { token: carrier.token, timeoutMs: 10_000 });
    expect(result.data).toEqual([]);
    expect(result.closeCode).toBe(1009);
    const after = await overWebSocket(url, "{ __typename }", { token: carrier.token });
    expect(after.data).toEqual([{ __typename: "Query" }]);
  });
});

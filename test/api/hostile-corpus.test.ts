import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { doublingFragments, LEAK, overWebSocket } from "../support/raw.ts";
import { type ServerChild, startServerChild } from "../support/server-child.ts";

/**
 * Hostile input over real HTTP and WebSocket: each answer is a clear 4xx (or, on a socket, an
 * error or a 44xx/1009 close), never a stack or SQL, and /healthz keeps answering within 100 ms
 * while the corpus runs. The server runs in a process of its own (production mode), so that its
 * stalls and CPU are told apart from this client's, which builds 17 and 33 MB bodies.
 */
let server: ServerChild;
let base: string;
let carrierToken: string;

beforeAll(async () => {
  server = await startServerChild({ email: "corpus-carrier@example.com" });
  base = server.url;
  carrierToken = server.token;
});
afterAll(() => server.stop());

interface Case {
  name: string;
  method?: string;
  path?: string;
  body?: string | Uint8Array;
  contentType?: string | null;
  headers?: Record<string, string>;
  token?: boolean;
}

/**
 * The most server CPU one corpus request may cost. A few milliseconds on a quiet machine; the
 * bound leaves room for a CI box running other work (CPU time inflates under contention), and
 * still catches the class of stalls this corpus is about (seconds, before the fixes).
 */
const CPU_BUDGET_MS = 100;
/**
 * What each megabyte of a body costs on top: a refused body is still read off the wire and dropped
 * (closing the connection instead makes clients see EPIPE, not the 4xx). About 0.3 ms a megabyte
 * on a quiet machine; a CI run on 2 busy cores saw 158 ms for 33 MB, read in smaller chunks.
 */
const CPU_PER_MEGABYTE_MS = 5;
const budgetOf = (item: Case) =>
  CPU_BUDGET_MS + CPU_PER_MEGABYTE_MS * ((item.body?.length ?? 0) / (1024 * 1024));
/**
 * What a body refused before it is parsed may cost (about 1 ms on a quiet machine; parsing and
 * walking one took 10-45 ms).
 */
const PARSE_FREE_BUDGET_MS = 10;

const gqlBody = (query: string, variables?: unknown) => JSON.stringify({ query, variables });
const aliases = (count: number, field: string) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(" ")} }`;
const deep = (depth: number, open: string, close: string, middle = "a") =>
  `${open.repeat(depth)}${middle}${close.repeat(depth)}`;
const megabytes = (count: number) => "x".repeat(count * 1024 * 1024);

const GRAPHQL: Case[] = [
  { name: "27 doubling fragments", body: gqlBody(doublingFragments(27)) },
  { name: "60 doubling fragments", body: gqlBody(doublingFragments(60)) },
  {
    name: "fragments doubling through inline fragments",
    body: gqlBody(
      [
        "{ ...G0 }",
        ...Array.from(
          { length: 30 },
          (_, i) => `fragment G${i} on Query { ... on Query { ...G${i + 1} ...G${i + 1} } }`,
        ),
        "fragment G30 on Query { __typename }",
      ].join("\n"),
    ),
  },
  {
    name: "fragment cycle",
    body: gqlBody("{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }"),
  },
  {
    name: "2,000 aliased introspections",
    body: gqlBody(aliases(2000, "__schema { types { name fields { name } } }")),
  },
  { name: "anonymous introspection", body: gqlBody("{ __schema { types { name } } }") },
  { name: "anonymous __type", body: gqlBody('{ __type(name: "Load") { fields { name } } }') },
  { name: "carrier introspection", body: gqlBody("{ __schema { queryType { name } } }"), token: true },
  { name: "5,000-deep selection set", body: gqlBody(`{ ${deep(5000, "a { ", " }", "b")} }`) },
  { name: "5,000-deep list literal", body: gqlBody(`{ node(id: ${deep(5000, "[", "]", "1")}) { id } }`) },
  {
    name: "5,000-deep object literal",
    body: gqlBody(`{ node(id: ${deep(5000, "{a: ", "}", "1")}) { id } }`),
  },
  { name: "5,000-deep parentheses", body: gqlBody(`{ a${"(".repeat(5000)} }`) },
  { name: "selection 20 deep", body: gqlBody(`{ ${deep(20, "viewer { ", " }", "id")} }`) },
  {
    name: "100 aliases of loads(first: 500)",
    body: gqlBody(aliases(100, "loads(first: 500) { edges { node { id } } }")),
  },
  {
    name: "40 aliased logins",
    body: gqlBody(
      `mutation ${aliases(40, 'login(input: {email: "v@example.com", password: "x", platform: "desktop"}) { __typename }')}`,
    ),
  },
  { name: "50 directives", body: gqlBody(`{ __typename ${"@include(if: true) ".repeat(50)}}`) },
  { name: "3,000 tokens", body: gqlBody(`{ ${"__typename ".repeat(3000)}}`) },
  { name: "1 MB string literal", body: gqlBody(`{ node(id: "${megabytes(1)}") { id } }`) },
  {
    name: "huge integer literal",
    body: gqlBody("{ loads(pageSize: 99999999999999999999999) { totalCount } }"),
  },
  { name: "float where an Int goes", body: gqlBody("{ loads(pageSize: 1.5) { totalCount } }") },
  {
    name: "50,000 ids in variables",
    body: gqlBody("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", {
      ids: Array.from({ length: 50_000 }, (_, i) => `id${i}`),
    }),
  },
  {
    name: "variables of the wrong type",
    body: gqlBody("query ($n: Int) { loads(pageSize: $n) { totalCount } }", { n: "many" }),
  },
  {
    name: "Infinity in variables (1e400)",
    body: '{"query":"query ($n: Int) { loads(pageSize: $n) { totalCount } }","variables":{"n":1e400}}',
  },
  {
    name: "100,000-deep variables",
    body: `{"query":"query ($v: [Int]) { __typename }","variables":{"v":${deep(100_000, "[", "]", "1")}}}`,
  },
  { name: "query is a list", body: '{"query": ["{ __typename }"]}' },
  { name: "query is a number", body: '{"query": 42}' },
  { name: "variables is a string", body: '{"query":"{ __typename }","variables":"nope"}' },
  {
    name: "batched array body",
    body: JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]),
  },
  {
    name: "unknown operationName",
    body: JSON.stringify({ query: "query A { __typename }", operationName: "B" }),
  },
  { name: "two operations, no name", body: gqlBody("query A { __typename } query B { __typename }") },
  { name: "syntax error", body: gqlBody("{ loads(") },
  { name: "lone surrogate escape in the document", body: '{"query":"{ node(id: \\"\\\\ud800\\") { id } }"}' },
  {
    name: "lone surrogate in variables",
    body: '{"query":"query ($s: String) { __typename }","variables":{"s":"\\udfff"}}',
  },
  { name: "NUL in the document", body: gqlBody("{ __typename \u0000 }") },
  { name: "unknown field (no suggestion)", body: gqlBody("{ lods { id } }") },
  { name: "duplicate variable definitions", body: gqlBody("query ($a: Int, $a: Int) { __typename }") },
  { name: "invalid JSON", body: '{"query": "{ __typename }"' },
  { name: "empty body", body: "" },
  { name: "bytes that are not UTF-8", body: new Uint8Array([0x7b, 0x22, 0x71, 0xff, 0xfe, 0x22, 0x7d]) },
  { name: "text/plain content type", body: gqlBody("{ __typename }"), contentType: "text/plain" },
  { name: "XML content type", body: "<query>{ __typename }</query>", contentType: "application/xml" },
  { name: "17 MB body", body: gqlBody(`{ __typename } # ${megabytes(17)}`) },
  {
    name: "no CSRF header on GET",
    method: "GET",
    path: "/graphql?query=%7B__typename%7D",
    body: undefined,
    headers: { [CSRF_HEADER]: "" },
  },
  {
    name: "mutation over GET",
    method: "GET",
    path: "/graphql?query=mutation%7BmarkAllNotificationsRead%7B__typename%7D%7D",
  },
  { name: "PUT on /graphql", method: "PUT", body: gqlBody("{ __typename }") },
];

const REST: Case[] = [
  { name: "contact: invalid JSON", path: "/api/contact", body: '{"email":' },
  {
    name: "contact: text/plain",
    path: "/api/contact",
    body: '{"email":"a@example.com"}',
    contentType: "text/plain",
  },
  {
    name: "contact: 100 KB body",
    path: "/api/contact",
    body: JSON.stringify({ email: "a@example.com", name: "A", message: "m".repeat(100_000) }),
  },
  {
    name: "contact: lone surrogate",
    path: "/api/contact",
    body: '{"email":"a@example.com","name":"\\ud800","message":"hello there"}',
  },
  {
    name: "contact: 10,000-character name",
    path: "/api/contact",
    body: JSON.stringify({ email: "a@example.com", name: "n".repeat(10_000), message: "hello there" }),
  },
  { name: "contact: array body", path: "/api/contact", body: "[1,2,3]" },
  { name: "contact: null body", path: "/api/contact", body: "null" },
  {
    name: "login: object for e-mail",
    path: "/api/auth/login",
    body: '{"email":{"$gt":""},"password":"x","platform":"desktop"}',
  },
  {
    name: "login: 2 MB password",
    path: "/api/auth/login",
    body: JSON.stringify({ email: "a@example.com", password: megabytes(2), platform: "desktop" }),
  },
  {
    name: "login: __proto__ keys",
    path: "/api/auth/login",
    body: '{"__proto__":{"admin":true},"email":"a@example.com"}',
  },
  {
    name: "login: 10,000 keys",
    path: "/api/auth/login",
    body: JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
  },
  {
    name: "register: numbers everywhere",
    path: "/api/auth/register",
    body: '{"email":1,"password":2,"confirmPassword":3,"phoneNumber":4}',
  },
  {
    name: "forgot-password: operator injection",
    path: "/api/emails/send-email",
    body: '{"email":{"$ne":null}}',
  },
  { name: "forgot-password: 1e400", path: "/api/emails/send-email", body: '{"email":1e400}' },
  { name: "uploads: 33 MB anonymous", path: "/api/loads", body: JSON.stringify({ loads: [megabytes(33)] }) },
  { name: "loads list: limit too large", method: "GET", path: "/api/loads?limit=1000000", token: true },
  { name: "loads list: negative page", method: "GET", path: "/api/loads?page=-1", token: true },
  { name: "GET /%ff", method: "GET", path: "/%ff" },
  { name: "GET /api/user/%ff", method: "GET", path: "/api/user/%ff" },
  { name: "GET /assets/%c0%af", method: "GET", path: "/assets/%c0%af" },
  { name: "unknown API path", method: "PATCH", path: "/api/nothing/here", body: "{}" },
  { name: "wrong method", method: "DELETE", path: "/api/auth/login" },
];

async function send(item: Case): Promise<{ status: number; text: string }> {
  const method = item.method ?? "POST";
  const headers: Record<string, string> = {
    [CSRF_HEADER]: "1",
    ...(item.contentType !== null && method !== "GET"
      ? { "content-type": item.contentType ?? "application/json" }
      : {}),
    ...(item.token ? { authorization: `Bearer ${carrierToken}` } : {}),
    ...item.headers,
  };
  const request = () =>
    fetch(`${base}${item.path ?? "/graphql"}`, { method, headers, body: item.body as BodyInit | undefined });
  // A body over the route's limit is refused on its content-length before it is read, and Fastify
  // closes the connection after that answer (content-type-parser.js: the client may still be
  // sending). fetch, still writing, then often sees EPIPE instead of the 413 (most tries here for
  // the 2 MB password). The answer is then read without the race: the same head, no body sent.
  try {
    const response = await request();
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if ((item.body?.length ?? 0) < 1024 * 1024 || !isBrokenPipe(error)) throw error;
    return answerToHead(`${base}${item.path ?? "/graphql"}`, method, {
      ...headers,
      "content-length": String(Buffer.byteLength(item.body ?? "")),
    });
  }
}

/** Sends a request's head only and reads the answer (to a body refused on its length). */
function answerToHead(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, text });
        request.destroy();
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}

function isBrokenPipe(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === "EPIPE" || cause?.code === "ECONNRESET";
}

/** A request's answer and the server CPU it cost. */
async function costed(item: Case): Promise<{ status: number; text: string; ms: number }> {
  const before = await server.cpuMs();
  const answer = await send(item);
  return { ...answer, ms: (await server.cpuMs()) - before };
}

/**
 * The lowest of `first` and up to `tries - 1` more figures, measured only while over `budget`. A
 * cost of the class this corpus is about comes back on every try; a garbage collection, a timer of
 * the server's own or a neighbour's burst on a busy box lands on one.
 */
async function lowestWithin(
  first: number,
  budget: number,
  tries: number,
  measure: () => Promise<number>,
): Promise<number> {
  let lowest = first;
  for (let tried = 1; tried < tries && lowest > budget; tried++) lowest = Math.min(lowest, await measure());
  return lowest;
}

describe("the hostile-input corpus", () => {
  it("holds at least 60 requests and documents", () => {
    expect(GRAPHQL.length + REST.length + 6).toBeGreaterThanOrEqual(60);
  });

  it("answers each with a clear 4xx and no internals, while /healthz keeps answering within 100 ms", async () => {
    const probeHealth = async () => {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.text();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
    // The same probe on the idle server first: what this machine's load alone costs it.
    const idleTimes: number[] = [];
    for (let index = 0; index < 30; index++) {
      idleTimes.push(await probeHealth());
      await pause();
    }
    const healthTimes: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        healthTimes.push(await probeHealth());
        await pause();
      }
    })();
    const failures: string[] = [];
    const cpu: [string, number, number][] = [];
    try {
      // The first requests of a fresh process pay for compiling its code paths; that is not
      // what this corpus measures.
      await send({ name: "warm-up", body: gqlBody(doublingFragments(3)) });
      await send({ name: "warm-up", body: gqlBody("{ viewer { email } }"), token: true });
      for (const item of [...GRAPHQL, ...REST]) {
        const { status, text, ms } = await costed(item);
        const budget = budgetOf(item);
        const lowest = await lowestWithin(ms, budget, 3, async () => (await costed(item)).ms);
        cpu.push([item.name, lowest, budget]);
        if (status < 400 || status >= 500) failures.push(`${item.name}: ${status} ${text.slice(0, 160)}`);
        if (LEAK.test(text)) failures.push(`${item.name}: leaks ${text.slice(0, 160)}`);
      }
    } finally {
      running = false;
      await probe;
    }
    expect(failures).toEqual([]);
    expect(healthTimes.length).toBeGreaterThan(5);
    // CPU time is the server's own, whatever else the machine runs: no request of the corpus
    // costs the server more than a few tens of milliseconds.
    const costly = cpu
      .filter(([, ms, budget]) => ms > budget)
      .map(([name, ms, budget]) => `${name}: ${ms.toFixed(0)} ms (budget ${budget.toFixed(0)})`);
    expect(costly).toEqual([]);
    // Wall-clock time also counts what else the machine runs (CI shares 2 cores): the probes
    // answer within 100 ms save an odd one, or, on a machine so busy that the idle server's own
    // probes were slower, within twice what they took then.
    const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
    const times = JSON.stringify({ idle: idleTimes.map(Math.round), corpus: healthTimes.map(Math.round) });
    expect(p90(healthTimes), times).toBeLessThan(Math.max(100, 2 * p90(idleTimes)));
    // Healthy afterwards: an ordinary query still works.
    const after = await send({ name: "after", body: gqlBody("{ viewer { email } }"), token: true });
    expect(after.status).toBe(200);
    expect(after.text).toContain("corpus-carrier@example.com");
  }, 120_000);

  it("refuses bodies nested deep or holding thousands of keys before parsing them: a few ms of CPU", async () => {
    const deepArray = deep(100_000, "[", "]", "1");
    const deepObject = deep(50_000, '{"a":', "}", "1");
    const cases: Case[] = [
      {
        name: "GraphQL: 100,000-deep variables",
        body: `{"query":"query ($v: [Int]) { __typename }","variables":{"v":${deepArray}}}`,
      },
      {
        name: "GraphQL: 50,000-deep input object",
        body: `{"query":"query ($v: LoadFilter) { __typename }","variables":{"v":${deepObject}}}`,
        token: true,
      },
      { name: "login: 100,000-deep body", path: "/api/auth/login", body: `{"email":${deepArray}}` },
      {
        name: "login: 10,000 keys",
        path: "/api/auth/login",
        body: JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
      },
      {
        name: "register: 10,000 keys",
        path: "/api/auth/register",
        body: JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
      },
      {
        name: "signed in: 50,000-deep body",
        path: "/api/auth/change-password",
        body: `{"currentPassword":${deepObject}}`,
        token: true,
      },
    ];
    const costly: string[] = [];
    const medianCost = async (item: Case) => {
      const costs: number[] = [];
      // The median of five: the first of a kind also pays for warming up the code it runs.
      for (let attempt = 0; attempt < 5; attempt++) {
        const { status, text, ms } = await costed(item);
        costs.push(ms);
        expect([400, 413], `${item.name}: ${status} ${text.slice(0, 160)}`).toContain(status);
        expect(text).not.toMatch(LEAK);
      }
      return [...costs].sort((a, b) => a - b)[2];
    };
    for (const item of cases) {
      // A parse lands in all five of a median; the server's background work in a few at most.
      const median = await lowestWithin(await medianCost(item), PARSE_FREE_BUDGET_MS, 3, () =>
        medianCost(item),
      );
      if (median > PARSE_FREE_BUDGET_MS) costly.push(`${item.name}: ${median.toFixed(1)} ms`);
    }
    expect(costly).toEqual([]);
  });

  it("refuses hostile documents and frames over WebSocket, and keeps serving", async () => {
    // Sockets are for signed-in viewers only (an anonymous one is closed at connect, 4401).
    const token = carrierToken;
    const fragments = await overWebSocket(base, doublingFragments(40), { token });
    expect(fragments.errors[0]?.message).toMatch(/too expensive|Cost limit|Token limit/);
    const nested = await overWebSocket(base, `{ ${deep(5000, "a { ", " }", "b")} }`, { token });
    expect(nested.errors[0]?.message).toMatch(/nested too deeply|Token limit/);
    const introspection = await overWebSocket(base, "{ __schema { types { name } } }", { token });
    expect(introspection.errors[0]?.message).toMatch(/introspection/i);
    const surrogate = await overWebSocket(base, "query ($s: String) { __typename }", {
      token,
      variables: { s: "\ud800" },
    });
    expect(surrogate.errors[0]?.message).toMatch(/valid Unicode/);
    const huge = await overWebSocket(base, `{ __typename } # ${megabytes(17)}`, { token, timeoutMs: 10_000 });
    expect(huge.closeCode).toBe(1009);
    // A frame that is not graphql-ws JSON closes the socket with 4400.
    const closeCode = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${base.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
      socket.on("open", () => socket.send("{not json"));
      socket.on("close", (code) => resolve(code));
    });
    expect(closeCode).toBe(4400);
    const healthy = await overWebSocket(base, "{ __typename }", { token });
    expect(healthy.data).toEqual([{ __typename: "Query" }]);
  });
});

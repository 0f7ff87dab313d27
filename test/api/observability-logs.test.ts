import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createClient } from "graphql-ws";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { testProvider } from "../support/database-url.ts";

/**
 * The real server (`server/main.ts`) in a child process, its stdout read as JSON lines: the
 * request ids, the access lines, the unexpected errors' lines, graphql-ws' debug lines and the
 * METRICS_PORT listener.
 */
const ADMIN = { email: "ops@example.com", password: "correct-horse-42" };
const METRICS_TOKEN = "metrics-token-for-tests";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

let database: TestDatabase;
let dir = "";
let server: ChildProcess | undefined;
let base = "";
let metricsUrl = "";
let token = "";
let userId = "";
const lines: LogLine[] = [];
let output = "";

async function waitForLine(match: (line: LogLine) => boolean, timeoutMs = 5_000): Promise<LogLine> {
  const started = Date.now();
  for (;;) {
    const found = lines.find(match);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no such log line; the server wrote:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The one access line of a request; a second one would show within a moment. */
async function accessLineOf(requestId: string): Promise<LogLine> {
  const line = await waitForLine(
    (candidate) => candidate.requestId === requestId && candidate.msg === "request",
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(
    lines.filter((candidate) => candidate.requestId === requestId && candidate.msg === "request"),
  ).toHaveLength(1);
  return line;
}

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
}

function graphql(query: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/graphql`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      [CSRF_HEADER]: "1",
      ...headers,
    },
    body: JSON.stringify({ query }),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), "freightway-logs-"));
  server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      JWT_SECRET: "test-secret-test-secret-test-secret",
      OUTBOX_DIR: join(dir, "outbox"),
      CLIENT_DIST_DIR: join(dir, "no-client"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: "",
      SMTP_URL: "",
      SEED_DEMO: "",
      LOG_LEVEL: "debug",
      METRICS_TOKEN,
      METRICS_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const text of complete) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<never>((_resolve, reject) =>
    server?.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`))),
  );
  const listening = waitForLine((line) => line.msg.startsWith("Freightway listening on"), 60_000);
  base = String((await Promise.race([listening, exited])).url).replace("localhost", "127.0.0.1");
  metricsUrl = String((await waitForLine((line) => line.msg === "metrics listening")).url);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...ADMIN, platform: "desktop" }),
  });
  const body = (await login.json()) as { token: string; usuario: { _id: string } };
  token = body.token;
  userId = body.usuario._id;
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("request ids and access lines", () => {
  it("returns a sane X-Request-Id and writes one JSON access line with it", async () => {
    const requestId = "trace-7f3a.2:b/4@edge";
    const response = await get(`/api/notifications/user/${userId}`, { "x-request-id": requestId });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const line = await accessLineOf(requestId);
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/api/notifications/user/:userId",
      status: 200,
      userId,
      ip: "127.0.0.1",
    });
    expect(typeof line.ms).toBe("number");
    expect(typeof line.time).toBe("string");
  });

  it("names the GraphQL operation and its type on /graphql's line", async () => {
    const response = await graphql("query BellCount { viewer { unreadNotificationCount } }", {
      "x-request-id": "graphql-1",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("graphql-1");
    expect(await accessLineOf("graphql-1")).toMatchObject({
      method: "POST",
      route: "/graphql",
      operation: "BellCount",
      operationType: "query",
      status: 200,
      userId,
    });
  });

  it("gives a fresh id in place of one too long or with other than token characters", async () => {
    for (const insane of ["a".repeat(5_000), "two words", 'quoted"id', "tab\there", "{json}"]) {
      const response = await get("/api/notifications/user", { "x-request-id": insane });
      expect(response.status).toBe(200);
      const fresh = response.headers.get("x-request-id") ?? "";
      expect(fresh).toMatch(UUID);
      expect(await accessLineOf(fresh)).toMatchObject({ route: "/api/notifications/user" });
    }
    expect(output).not.toContain("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect(output).not.toContain("two words");
  });

  it("carries the id on refusals and unknown paths too", async () => {
    const unknown = await get("/api/no-such-path", { "x-request-id": "unknown-1" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-request-id")).toBe("unknown-1");
    expect(await accessLineOf("unknown-1")).toMatchObject({ route: "(unmatched)", status: 404 });
    const anonymous = await fetch(`${base}/api/notifications/user`, {
      headers: { "x-request-id": "anon-1" },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-request-id")).toBe("anon-1");
    const line = await accessLineOf("anon-1");
    expect(line).toMatchObject({ status: 401 });
    expect(line.userId).toBeUndefined();
  });
});

describe("graphql-ws at debug", () => {
  it("logs a socket's open, each operation, and its close with the code", async () => {
    const client = createClient({
      url: `${base.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: false,
    });
    const before = lines.length;
    const answer = await new Promise<unknown>((resolve, reject) => {
      client.subscribe(
        { query: "query SocketPing { __typename }" },
        { next: resolve, error: reject, complete: () => {} },
      );
    });
    expect(answer).toEqual({ data: { __typename: "Query" } });
    await client.dispose();
    const since = () => lines.slice(before);
    await waitForLine((line) => since().includes(line) && line.msg === "socket closed");
    expect(since().find((line) => line.msg === "socket open")).toMatchObject({
      level: "debug",
      ip: "127.0.0.1",
    });
    expect(since().find((line) => line.msg === "socket operation")).toMatchObject({
      level: "debug",
      operation: "SocketPing",
      operationType: "query",
    });
    expect(since().find((line) => line.msg === "socket closed")).toMatchObject({
      level: "debug",
      code: 1000,
    });
  });
});

describe("/metrics on METRICS_PORT", () => {
  it("is served there with the token, and not on the app's port", async () => {
    const onApp = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(onApp.status).toBe(404);
    expect(new URL(metricsUrl).port).not.toBe(new URL(base).port);
    const withoutToken = await fetch(metricsUrl);
    expect(withoutToken.status).toBe(401);
    expect(await withoutToken.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    const wrongToken = await fetch(metricsUrl, { headers: { authorization: "Bearer not-the-token" } });
    expect(wrongToken.status).toBe(401);
    const scraped = await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="\/api\/auth\/login",method="POST",status_class="2xx"\} [1-9]/m,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });
});

/** Breaks the database under the running server: a table the next requests read is gone. */
async function dropNotificationTable(): Promise<void> {
  if (testProvider === "sqlite") {
    const sqlite = new Database(database.url.slice("file:".length));
    try {
      sqlite.exec('DROP TABLE "Notification"');
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('DROP TABLE "Notification" CASCADE');
  } finally {
    await client.end();
  }
}

describe("unexpected errors", () => {
  it("are logged at error with the request id and the stack (REST and GraphQL)", async () => {
    await dropNotificationTable();
    const rest = await get("/api/notifications/user", { "x-request-id": "broken-rest" });
    expect(rest.status).toBe(500);
    expect(await rest.json()).toMatchObject({ message: "Unexpected error.", requestId: "broken-rest" });
    const restLine = await waitForLine((line) => line.requestId === "broken-rest" && line.level === "error");
    expect(restLine.msg).toBe("unexpected error");
    expect((restLine.err as { stack: string }).stack).toMatch(/\n\s+at /);

    const answer = await graphql("query BrokenBell { viewer { unreadNotificationCount } }", {
      "x-request-id": "broken-graphql",
    });
    const body = (await answer.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]).toMatchObject({ message: "Unexpected error.", extensions: { code: "INTERNAL" } });
    const graphqlLine = await waitForLine(
      (line) => line.requestId === "broken-graphql" && line.level === "error",
    );
    expect(graphqlLine).toMatchObject({ msg: "unexpected error", operation: "BrokenBell" });
    expect((graphqlLine.err as { stack: string }).stack).toMatch(/\n\s+at /);
    expect(await accessLineOf("broken-graphql")).toMatchObject({ operation: "BrokenBell" });
  });
});

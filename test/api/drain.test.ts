import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import Database from "better-sqlite3";
import { createClient } from "graphql-ws";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createSqlReader } from "../../server/db/reader.ts";
import { numberedPlaceholders, sql } from "../../server/db/sql.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { adminToken, type MainProcess, startMainProcess } from "../support/main-process.ts";

/**
 * SIGTERM to a real server process (server/main.ts) with work in flight: an upload whose body is
 * only half sent, 30 list requests whose headers are not finished, an open subscription. The
 * load balancer's view: /readyz fails at once, /livez answers until the listener closes.
 */
const DELAY_SECONDS = 0.5;
const GRACE_SECONDS = 20;
const UPLOAD_ROWS = 4_000;
const LIST_REQUESTS = 30;

const redisUrl = process.env.TEST_REDIS_URL;
const redisCheck = redisUrl ? "ok" : "not configured";

let database: TestDatabase;
let server: MainProcess;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startMainProcess(database.url, {
    // The PostgreSQL step runs it as a scaled-out instance: its pub/sub on Redis.
    REDIS_URL: redisUrl ?? "",
    SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS),
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  token = await adminToken(server.url);
});

afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  await database.drop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over a connection of its own whose body is written by the caller (`send`). */
function startRequest(url: string, path: string, method: string, headers: Record<string, string>) {
  const request = httpRequest(`${url}${path}`, { method, headers, agent: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  request.flushHeaders();
  return { request, answer };
}

/**
 * A GET whose header block stops one line short: the server has the request open but cannot
 * answer it until `finish()`.
 */
async function unfinishedGet(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n`);
  let raw = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    raw += chunk;
  });
  const closed = new Promise<string>((resolve, reject) => {
    socket.once("close", () => resolve(raw));
    socket.once("error", reject);
  });
  return {
    async finish(): Promise<Answer> {
      socket.write("\r\n");
      const text = await closed;
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
    },
  };
}

/** A keep-alive connection that has had one answer and then sits idle; resolves when the server closes it. */
async function idleKeepAlive(url: string): Promise<{ closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  socket.write(`GET /livez HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
  await new Promise<void>((resolve) => {
    let raw = "";
    socket.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
      if (raw.includes('{"status":"ok"}')) resolve();
    });
  });
  return { closed };
}

/** A probe on a fresh connection; null once the listener no longer accepts. */
async function probe(url: string, path: string): Promise<Answer | null> {
  try {
    const { answer } = startRequest(url, path, "GET", {});
    return await answer;
  } catch (error) {
    // Refused: the listener is closed. Reset: accepted just as it closed, before any byte was read.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ECONNRESET") return null;
    throw error;
  }
}

function uploadBody(): Buffer {
  const loads = Array.from({ length: UPLOAD_ROWS }, (_, index) => ({
    "Load ID": `DRAIN-${String(index).padStart(5, "0")}`,
    "Route Number": `DR-${index % 50}`,
    Customer: "USPS",
    Origin: "Chicago NDC",
    Destination: "Dallas NDC",
    "Pickup Date": "2026-11-21",
    Weight: String(1000 + index),
  }));
  return Buffer.from(JSON.stringify({ stream: "USPS", fileNames: ["drain.csv"], loads }));
}

async function ledgerRows(): Promise<{ name: string }[]> {
  const reader = createSqlReader(database.url);
  try {
    return await reader.all<{ name: string }>(sql(`SELECT name FROM "_freightway_migrations" ORDER BY name`));
  } finally {
    await reader.close();
  }
}

/** A write on a connection of the test's own (the server's readers are read-only paths). */
async function writeSql(text: string, params: string[]): Promise<void> {
  if (database.url.startsWith("file:")) {
    const connection = new Database(database.url.slice("file:".length));
    try {
      connection.prepare(text).run(...params);
    } finally {
      connection.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(numberedPlaceholders(text), params);
  } finally {
    await client.end();
  }
}

async function committedUploadRows(): Promise<number> {
  const reader = createSqlReader(database.url);
  try {
    const [row] = await reader.all<{ n: number | string }>(
      sql(`SELECT COUNT(*) AS n FROM "Load" WHERE "loadId" LIKE ?`, "DRAIN-%"),
    );
    return Number(row.n);
  } finally {
    await reader.close();
  }
}

describe("a server process receiving SIGTERM with work in flight", () => {
  it("reports pending migrations on /readyz while /healthz and /livez keep their meaning", async () => {
    const ready = await probe(server.url, "/readyz");
    expect(ready?.status).toBe(200);
    expect(JSON.parse(ready?.body ?? "")).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: redisCheck, draining: false },
    });

    const ledger = await ledgerRows();
    const last = ledger[ledger.length - 1];
    await writeSql(`DELETE FROM "_freightway_migrations" WHERE name = ?`, [last.name]);
    try {
      const pending = await probe(server.url, "/readyz");
      expect(pending?.status).toBe(503);
      expect(JSON.parse(pending?.body ?? "")).toEqual({
        status: "not ready",
        checks: { database: "ok", migrations: "pending", redis: redisCheck, draining: false },
      });
      expect((await probe(server.url, "/healthz"))?.status).toBe(503);
      expect((await probe(server.url, "/livez"))?.status).toBe(200);
    } finally {
      await writeSql(`INSERT INTO "_freightway_migrations" (name, applied_at) VALUES (?, ?)`, [
        last.name,
        new Date().toISOString(),
      ]);
    }
    expect((await probe(server.url, "/readyz"))?.status).toBe(200);
  });

  it("finishes the upload, the lists and closes the subscription with 1001, then exits 0", async () => {
    let closeCode: number | undefined;
    const subscriber = createClient({
      url: `${server.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
      on: {
        closed: (event) => {
          closeCode ??= (event as { code: number }).code;
        },
      },
    });
    const connected = new Promise<void>((resolve) => subscriber.on("connected", () => resolve()));
    subscriber.subscribe(
      { query: "subscription { notificationAdded { title } }" },
      {
        next: () => undefined,
        error: () => undefined,
        complete: () => undefined,
      },
    );
    await connected;

    const body = uploadBody();
    const half = Math.floor(body.length / 2);
    const upload = startRequest(server.url, "/api/loads", "POST", {
      "content-type": "application/json",
      "content-length": String(body.length),
      authorization: `Bearer ${token}`,
    });
    upload.request.write(body.subarray(0, half));
    const lists = await Promise.all(
      Array.from({ length: LIST_REQUESTS }, (_, index) =>
        unfinishedGet(server.url, `/api/loads?page=${(index % 3) + 1}&limit=20`),
      ),
    );

    const idle = await idleKeepAlive(server.url);

    const signalledAt = Date.now();
    server.child.kill("SIGTERM");

    // The load balancer's view: /readyz fails at once; /livez answers 200 until nothing is accepted.
    let notReady: Answer | null = null;
    const liveStatuses: number[] = [];
    for (;;) {
      const ready = await probe(server.url, "/readyz");
      if (ready === null) break;
      if (ready.status === 503) notReady ??= ready;
      const live = await probe(server.url, "/livez");
      if (live === null) break;
      liveStatuses.push(live.status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const listenerClosedAfterMs = Date.now() - signalledAt;
    expect(notReady).not.toBeNull();
    expect(JSON.parse(notReady?.body ?? "")).toMatchObject({
      status: "not ready",
      checks: { draining: true },
    });
    expect(notReady?.headers.connection).toBe("close");
    expect(liveStatuses.length).toBeGreaterThan(0);
    expect(new Set(liveStatuses)).toEqual(new Set([200]));
    expect(listenerClosedAfterMs).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000 - 50);

    // The listener is closed: what was already in flight still completes.
    upload.request.end(body.subarray(half));
    const listAnswers = await Promise.all(lists.map((list) => list.finish()));
    const uploaded = await upload.answer;

    expect(uploaded.status).toBe(201);
    expect(JSON.parse(uploaded.body)).toMatchObject({ rowCount: UPLOAD_ROWS, createdCount: UPLOAD_ROWS });
    expect(uploaded.headers.connection).toBe("close");
    expect(listAnswers.map((answer) => answer.status)).toEqual(Array(LIST_REQUESTS).fill(200));
    expect(listAnswers.every((answer) => answer.headers.connection === "close")).toBe(true);

    const exit = await server.exited;
    console.info(
      `drain: /readyz 503 at once, listener closed ${listenerClosedAfterMs} ms after SIGTERM ` +
        `(SHUTDOWN_DELAY ${DELAY_SECONDS * 1000} ms), exit ${exit.code} ${exit.at - signalledAt} ms after it ` +
        `(${UPLOAD_ROWS}-row upload and ${LIST_REQUESTS} lists finished)`,
    );
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan((DELAY_SECONDS + GRACE_SECONDS) * 1000);
    expect(closeCode).toBe(1001);
    // The idle keep-alive connection was closed by the server when the listener closed, not at exit.
    const idleClosedAt = await idle.closed;
    expect(idleClosedAt).toBeGreaterThanOrEqual(signalledAt + DELAY_SECONDS * 1000 - 50);
    expect(idleClosedAt).toBeLessThan(exit.at);
    await subscriber.dispose();
    expect(await committedUploadRows()).toBe(UPLOAD_ROWS);
    const phases = server.logs.filter((entry) => entry.module === "drain" || entry.module === "shutdown");
    const messages = phases.map((entry) => entry.msg);
    expect(messages.slice(0, 3)).toEqual([
      "shutting down",
      "draining: /readyz answers 503, new connections still accepted",
      "listener closed: finishing in-flight requests, closing WebSockets with 1001",
    ]);
    // Logged one after the other, but a CI run once read them from the pipe swapped.
    expect(messages.slice(3).sort()).toEqual(["connections closed", "drained: exiting"]);
  });
});

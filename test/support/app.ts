import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type App, buildApp } from "../../server/app.ts";
import { hashPassword } from "../../server/auth/passwords.ts";
import type { AppConfig } from "../../server/config.ts";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { generateUserId } from "../../server/users/service.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const BASE = "http://freightway.test";
export const TEST_PASSWORD = "correct-horse-42";

export interface TestApp {
  app: App;
  database: TestDatabase;
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The URL the app reaches its database by, given the database's own (e.g. through a TCP proxy). */
  databaseVia?(url: string): string;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const outboxDir = mkdtempSync(join(tmpdir(), "freightway-outbox-"));
  const app = await buildApp({
    databaseUrl: options.databaseVia?.(database.url) ?? database.url,
    jwtSecret: new TextEncoder().encode("test-secret-test-secret-test-secret"),
    outboxDir,
    redisUrl: undefined,
    smtpUrl: undefined,
    adminEmail: undefined,
    adminPassword: undefined,
    seedDemo: false,
    clientDistDir: join(tmpdir(), "freightway-no-client"),
    ...overrides,
  });
  return {
    app,
    database,
    outboxDir,
    async close() {
      await app.stop();
      await database.drop();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | null;
  cookie?: string | null;
  headers?: Record<string, string>;
  ip?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  /** The refreshToken value the response set, if any ("" when it cleared the cookie). */
  refreshCookie: string | undefined;
}

function refreshCookieOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const match = /^refreshToken=([^;]*)/.exec(cookie);
    if (match) return decodeURIComponent(match[1]);
  }
  return undefined;
}

function headersFor(options: CallOptions, json: boolean): Record<string, string> {
  return {
    ...(json ? { "content-type": "application/json" } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.cookie ? { cookie: `refreshToken=${encodeURIComponent(options.cookie)}` } : {}),
    ...options.headers,
  };
}

/** A REST call under /api through the app's fetch handler (no socket). */
export async function rest<T = Record<string, unknown>>(
  app: App,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await app.fetch(
    new Request(`${BASE}/api${path}`, {
      method,
      headers: headersFor(options, body !== undefined),
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
    { ip: options.ip ?? "10.0.0.1" },
  );
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
    refreshCookie: refreshCookieOf(response.headers),
  };
}

export interface GraphQLResult<D = Record<string, unknown>> {
  status: number;
  data: D | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  refreshCookie: string | undefined;
}

export async function gql<D = Record<string, unknown>>(
  app: App,
  query: string,
  variables: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<GraphQLResult<D>> {
  const response = await app.fetch(
    new Request(`${BASE}/graphql`, {
      method: "POST",
      headers: { ...headersFor(options, true), [CSRF_HEADER]: "1" },
      body: JSON.stringify({ query, variables }),
    }),
    { ip: options.ip ?? "10.0.0.1" },
  );
  const body = (await response.json()) as { data?: D; errors?: GraphQLResult["errors"] };
  return {
    status: response.status,
    data: body.data ?? null,
    errors: body.errors,
    refreshCookie: refreshCookieOf(response.headers),
  };
}

/**
 * One scrypt hash per fixture password and worker: a hash costs about 50 ms of CPU and the tests
 * sign in with the password, they do not inspect its hash. Signing in still runs the full check.
 */
const fixtureHashes = new Map<string, Promise<string>>();

function fixtureHash(password: string): Promise<string> {
  let hash = fixtureHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    fixtureHashes.set(password, hash);
  }
  return hash;
}

/** Creates a user straight in the database (fixtures), returning its row. */
export async function createUser(
  app: App,
  fields: { email: string; role?: "ADMIN" | "CARRIER"; password?: string; fullName?: string },
) {
  return app.deps.db.user.create({
    data: {
      email: fields.email.toLowerCase(),
      role: fields.role ?? "CARRIER",
      fullName: fields.fullName ?? null,
      passwordHash: await fixtureHash(fields.password ?? TEST_PASSWORD),
      userId: generateUserId(),
    },
  });
}

export interface Session {
  token: string;
  refresh: string;
  userId: string;
}

export async function loginAs(
  app: App,
  email: string,
  password = TEST_PASSWORD,
  extra: Record<string, unknown> = {},
): Promise<Session> {
  const result = await rest<{ token: string; usuario: { _id: string } }>(app, "POST", "/auth/login", {
    email,
    password,
    platform: "desktop",
    ...extra,
  });
  if (result.status !== 200 || !result.refreshCookie) {
    throw new Error(`login failed for ${email}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return { token: result.body.token, refresh: result.refreshCookie, userId: result.body.usuario._id };
}

/** An admin and a carrier, signed in: the usual starting world. */
export async function adminAndCarrier(app: App) {
  const admin = await createUser(app, { email: "admin@example.com", role: "ADMIN", fullName: "Ada Admin" });
  const carrier = await createUser(app, { email: "carrier@example.com", fullName: "Carl Carrier" });
  return {
    admin,
    carrier,
    adminSession: await loginAs(app, admin.email),
    carrierSession: await loginAs(app, carrier.email),
  };
}

import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import { BASE, createTestApp, createUser, loginAs, type TestApp } from "../test/support/app.ts";

export interface BenchApp extends TestApp {
  token: string;
}

/** A fresh app on its own database (SQLite, or PostgreSQL with TEST_DATABASE=postgres) and an admin. */
export async function benchApp(): Promise<BenchApp> {
  const testApp = await createTestApp();
  const admin = await createUser(testApp.app, { email: "bench-admin@example.com", role: "ADMIN" });
  const session = await loginAs(testApp.app, admin.email);
  return { ...testApp, token: session.token };
}

export function restRequest(method: string, path: string, body: string | undefined, token: string): Request {
  return new Request(`${BASE}/api${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  });
}

export function graphqlRequest(body: string, token: string): Request {
  return new Request(`${BASE}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, [CSRF_HEADER]: "1" },
    body,
  });
}

export async function timed<T>(run: () => Promise<T>): Promise<{ elapsed: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { elapsed: performance.now() - started, result };
}

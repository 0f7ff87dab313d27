import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { adminUrl, databaseUrlNamed, testProvider } from "./database-url.ts";

/**
 * Each test file gets a database of its own: a temporary SQLite file by default, or with
 * TEST_DATABASE=postgres a fresh PostgreSQL database on TEST_POSTGRES_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres). A PostgreSQL run never falls back silently.
 *
 * The database starts as a copy of the run's migrated template (test/support/template-database.ts):
 * a file copy on SQLite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL. `{ empty: true }` gives a
 * database without any table, for tests of migrating itself.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The template's location, when the project's global setup made one. Only inside a vitest worker:
 * benchmarks and the server processes tests fork (test/support/server-process.ts) build their
 * database by migrating it, as the server does at start.
 */
async function template(): Promise<string | undefined> {
  if (!process.env.VITEST_WORKER_ID) return undefined;
  const { inject } = await import("vitest");
  return inject("templateDatabase");
}

async function adminClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `TEST_DATABASE=postgres but PostgreSQL is not reachable at ${adminUrl}: ${String(error)}`,
    );
  }
  return admin;
}

export async function createTestDatabase({ empty = false } = {}): Promise<TestDatabase> {
  const copyOf = empty ? undefined : await template();
  if (testProvider === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "freightway-test-"));
    const file = join(dir, "test.db");
    if (copyOf) copyFileSync(copyOf, file);
    return {
      url: `file:${file}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `freightway_test_${randomBytes(6).toString("hex")}`;
  const admin = await adminClient();
  try {
    await admin.query(`CREATE DATABASE "${name}"${copyOf ? ` TEMPLATE "${copyOf}"` : ""}`);
    // A commit need not wait for the WAL to reach the disk (1-2 ms each, far more on a busy
    // box): a throwaway database loses nothing by it, and what a transaction sees is unchanged.
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlNamed(name),
    async drop() {
      const client = await adminClient();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

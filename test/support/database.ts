import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * Each test file gets a database of its own: a temporary SQLite file by default, or with
 * TEST_DATABASE=postgres a fresh PostgreSQL database on TEST_POSTGRES_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres). A PostgreSQL run never falls back silently.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export const testProvider = process.env.TEST_DATABASE === "postgres" ? "postgresql" : "sqlite";
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testProvider === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "freightway-test-"));
    return {
      url: `file:${join(dir, "test.db")}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `freightway_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `TEST_DATABASE=postgres but PostgreSQL is not reachable at ${adminUrl}: ${String(error)}`,
    );
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

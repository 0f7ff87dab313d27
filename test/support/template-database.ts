import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "../../server/db/migrate.ts";
import { adminUrl, databaseUrlNamed, testProvider } from "./database-url.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The migrated database each test file copies (SQLite file path or PostgreSQL database name). */
    templateDatabase: string;
  }
}

/**
 * Vitest global setup: migrates one template database per run; every test file then starts
 * from a copy of it (test/support/database.ts) instead of applying every migration again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testProvider === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "freightway-template-"));
    const file = join(dir, "template.db");
    await migrate(`file:${file}`);
    project.provide("templateDatabase", file);
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `freightway_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `TEST_DATABASE=postgres but PostgreSQL is not reachable at ${adminUrl}: ${String(error)}`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  await migrate(databaseUrlNamed(name));
  project.provide("templateDatabase", name);
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
}

import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { providerOf, sqliteFilePath } from "./client.ts";
import { type DatabaseSettings, DEFAULT_DATABASE_SETTINGS, pgConnectionOptions } from "./settings.ts";

/**
 * Applies the SQL that `scripts/make-migration.mjs` authored with Prisma's schema engine, in order,
 * once each. Running it from several instances at once is safe (SQLite write lock, PostgreSQL
 * advisory lock). Its connection has the connect timeout but no statement timeout: a migration, or
 * waiting for another instance's, may rightly take longer than any request.
 */
export async function migrate(
  databaseUrl: string,
  settings: DatabaseSettings = DEFAULT_DATABASE_SETTINGS,
): Promise<string[]> {
  return providerOf(databaseUrl) === "postgresql"
    ? migratePostgres(databaseUrl, settings)
    : migrateSqlite(sqliteFilePath(databaseUrl));
}

const LEDGER = "_freightway_migrations";
const ADVISORY_LOCK_KEY = 4_000_417;

function migrationsDir(provider: "sqlite" | "postgresql"): string {
  return resolve(provider === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations");
}

function migrationNames(provider: "sqlite" | "postgresql"): string[] {
  const dir = migrationsDir(provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function migrationsFor(provider: "sqlite" | "postgresql"): { name: string; sql: string }[] {
  const dir = migrationsDir(provider);
  return migrationNames(provider).map((name) => ({
    name,
    sql: readFileSync(join(dir, name, "migration.sql"), "utf8"),
  }));
}

/**
 * The migrations this code expects, read once: /healthz asks at every probe, and reading every
 * migration file each time blocked the event loop under load.
 */
const expectedNames = new Map<string, string[]>();

function expectedMigrationNames(provider: "sqlite" | "postgresql"): string[] {
  let names = expectedNames.get(provider);
  if (!names) {
    names = migrationNames(provider);
    expectedNames.set(provider, names);
  }
  return names;
}

function migrateSqlite(file: string): string[] {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 10000");
    db.exec(`CREATE TABLE IF NOT EXISTS "${LEDGER}" (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const applied: string[] = [];
    const run = db.transaction(() => {
      const done = new Set(
        db
          .prepare(`SELECT name FROM "${LEDGER}"`)
          .all()
          .map((row) => (row as { name: string }).name),
      );
      for (const migration of migrationsFor("sqlite")) {
        if (done.has(migration.name)) continue;
        db.exec(migration.sql);
        db.prepare(`INSERT INTO "${LEDGER}" (name, applied_at) VALUES (?, ?)`).run(
          migration.name,
          new Date().toISOString(),
        );
        applied.push(migration.name);
      }
    });
    run.immediate();
    return applied;
  } finally {
    db.close();
  }
}

async function migratePostgres(databaseUrl: string, settings: DatabaseSettings): Promise<string[]> {
  const client = new pg.Client(pgConnectionOptions(databaseUrl, settings, "migrate"));
  // A connection lost mid-way fails the pending query; the event itself must not end the process.
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${LEDGER}" (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)`,
    );
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "${LEDGER}"`);
    const done = new Set(rows.map((row) => row.name));
    const applied: string[] = [];
    for (const migration of migrationsFor("postgresql")) {
      if (done.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO "${LEDGER}" (name, applied_at) VALUES ($1, now())`, [migration.name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** How many migrations on disk are not recorded as applied (for /healthz). */
export async function pendingMigrationCount(
  query: (sql: string) => Promise<{ name: string }[]>,
  provider: "sqlite" | "postgresql",
): Promise<number> {
  const rows = await query(`SELECT name FROM "${LEDGER}"`);
  const done = new Set(rows.map((row) => row.name));
  return expectedMigrationNames(provider).filter((name) => !done.has(name)).length;
}

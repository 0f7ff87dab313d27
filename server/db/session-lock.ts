import pg from "pg";
import { providerOf } from "./url.ts";

/**
 * Runs `work` while this process holds the database-wide lock `key`, so several instances starting
 * at once take turns: a PostgreSQL session advisory lock on a connection of its own. SQLite runs
 * one instance per file, so `work` runs at once.
 */
export async function withDatabaseLock(
  databaseUrl: string,
  key: number,
  work: () => Promise<void>,
): Promise<void> {
  if (providerOf(databaseUrl) !== "postgresql") return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key]);
    await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => undefined);
    await client.end();
  }
}

import Database from "better-sqlite3";
import pg from "pg";
import { providerOf, sqliteFilePath } from "./url.ts";

/**
 * Deletes every row of every application table (the migration history stays): the demo reset
 * (`SEED_DEMO=reset`). The schema is kept, so no migration runs again.
 */
export async function emptyDatabase(databaseUrl: string): Promise<void> {
  if (providerOf(databaseUrl) === "postgresql") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'",
      );
      if (rows.length === 0) return;
      const tables = rows.map((row) => `"${row.tablename.replaceAll('"', '""')}"`).join(", ");
      await client.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(sqliteFilePath(databaseUrl));
  try {
    // Full-text indexes are emptied through their virtual table; their shadow tables refuse writes.
    const tables = (db.pragma("table_list") as { schema: string; name: string; type: string }[]).filter(
      (table) =>
        table.schema === "main" &&
        (table.type === "table" || table.type === "virtual") &&
        !table.name.startsWith("sqlite_") &&
        table.name !== "_prisma_migrations",
    );
    // Foreign keys off for the whole delete: the order of the tables then does not matter.
    db.pragma("foreign_keys = OFF");
    db.transaction(() => {
      for (const { name } of tables) db.prepare(`DELETE FROM "${name.replaceAll('"', '""')}"`).run();
    })();
    db.pragma("foreign_keys = ON");
  } finally {
    db.close();
  }
}

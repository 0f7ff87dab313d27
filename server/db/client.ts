import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../generated/postgres/client.ts";
import { PrismaClient } from "../generated/sqlite/client.ts";
import { createPgPool } from "./pg-pool.ts";
import { type DatabaseSettings, DEFAULT_DATABASE_SETTINGS } from "./settings.ts";
import { sqliteLikeEscapes } from "./sqlite-like.ts";
import { providerOf, sqliteFilePath } from "./url.ts";

export type Db = PrismaClient;
export { type DbProvider, providerOf, sqliteFilePath } from "./url.ts";

/**
 * Both generated clients come from the same models, so the PostgreSQL one is used through the
 * SQLite client's type.
 */
export function createDb(databaseUrl: string, settings: DatabaseSettings = DEFAULT_DATABASE_SETTINGS): Db {
  if (providerOf(databaseUrl) === "postgresql") {
    const pool = createPgPool("prisma", databaseUrl, settings, { max: settings.poolSize });
    // Ended with the client ($disconnect), as a pool Prisma made itself would be.
    return new PostgresClient({
      adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    }) as unknown as Db;
  }
  const file = sqliteFilePath(databaseUrl);
  mkdirSync(dirname(file), { recursive: true });
  return new PrismaClient({
    adapter: sqliteLikeEscapes(new PrismaBetterSQLite3({ url: file, timeout: 10_000 })),
  });
}

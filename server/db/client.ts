import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../generated/postgres/client.ts";
import { PrismaClient } from "../generated/sqlite/client.ts";

export type Db = PrismaClient;
export type DbProvider = "sqlite" | "postgresql";

export function providerOf(databaseUrl: string): DbProvider {
  if (databaseUrl.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgresql";
  throw new Error(`Unsupported DATABASE_URL: ${databaseUrl.split(":")[0]}`);
}

export function sqliteFilePath(databaseUrl: string): string {
  return resolve(databaseUrl.slice("file:".length));
}

/**
 * Both generated clients come from the same models, so the PostgreSQL one is used through the
 * SQLite client's type.
 */
export function createDb(databaseUrl: string): Db {
  if (providerOf(databaseUrl) === "postgresql") {
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) }) as unknown as Db;
  }
  const file = sqliteFilePath(databaseUrl);
  mkdirSync(dirname(file), { recursive: true });
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 10_000 }) });
}

import { createHash } from "node:crypto";
import { basename, resolve } from "node:path";

/** Which database a DATABASE_URL names; free of the Prisma clients, so worker threads can use it. */
export type DbProvider = "sqlite" | "postgresql";

export function providerOf(databaseUrl: string): DbProvider {
  if (databaseUrl.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgresql";
  throw new Error(`Unsupported DATABASE_URL: ${databaseUrl.split(":")[0]}`);
}

export function sqliteFilePath(databaseUrl: string): string {
  return resolve(databaseUrl.slice("file:".length));
}

/** The SQLite file a DATABASE_URL names; null for PostgreSQL (no file to copy). */
export function databaseFileOf(databaseUrl: string): string | null {
  return providerOf(databaseUrl) === "sqlite" ? sqliteFilePath(databaseUrl) : null;
}

/**
 * A short name of the database a DATABASE_URL names, the same for every instance using it.
 * PostgreSQL: the database's name (whatever host it is reached by). SQLite: the file's name and a
 * hash of its full path (test and development copies are often all called the same).
 */
export function databaseLabel(databaseUrl: string): string {
  if (providerOf(databaseUrl) === "postgresql") {
    return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, "")) || "postgres";
  }
  const file = sqliteFilePath(databaseUrl);
  return `${basename(file)}-${createHash("sha256").update(file).digest("hex").slice(0, 8)}`;
}

import { resolve } from "node:path";

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

import { createHash } from "node:crypto";
import { basename } from "node:path";
import { providerOf, sqliteFilePath } from "./db/url.ts";

/**
 * REDIS_PREFIX's default: deployments sharing one Redis server hear only their own events when
 * they use different databases. PostgreSQL: the database's name (every instance of a deployment
 * names the same one, whatever host it reaches it by). SQLite: the file's name and a hash of its
 * full path (test and development copies are often all called the same).
 */
export function defaultRedisPrefix(databaseUrl: string): string {
  if (providerOf(databaseUrl) === "postgresql") {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, "")) || "postgres";
    return `fw:${name}:`;
  }
  const file = sqliteFilePath(databaseUrl);
  const hash = createHash("sha256").update(file).digest("hex").slice(0, 8);
  return `fw:${basename(file)}-${hash}:`;
}

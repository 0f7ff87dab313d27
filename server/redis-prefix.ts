import { databaseLabel } from "./db/url.ts";

/**
 * REDIS_PREFIX's default: deployments sharing one Redis server hear only their own events when
 * they use different databases (server/db/url.ts databaseLabel: PostgreSQL's database name, or
 * SQLite's file name with a hash of its path).
 */
export function defaultRedisPrefix(databaseUrl: string): string {
  return `fw:${databaseLabel(databaseUrl)}:`;
}

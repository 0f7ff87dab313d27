import type { Prisma } from "../generated/sqlite/client.ts";
import type { DbProvider } from "./client.ts";

/**
 * A case-insensitive "contains" for Prisma filters. SQLite's LIKE already ignores ASCII case;
 * PostgreSQL needs `mode: insensitive`, which the SQLite client's types (the ones the app is
 * typed with) lack.
 */
export function containsText(provider: DbProvider, term: string): Prisma.StringFilter {
  return provider === "postgresql"
    ? ({ contains: term, mode: "insensitive" } as Prisma.StringFilter)
    : { contains: term };
}

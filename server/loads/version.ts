/**
 * Optimistic concurrency (security issue #24): Load.version moves by one with every write of a
 * load's own fields, so a save that names the version it read, or an upload that read the row
 * before writing it, can tell whether someone else wrote it since. Every Prisma write of a load
 * spreads this into its data (test/unit/load-version.test.ts keeps it so); the upload's bulk
 * update does the same in SQL (server/db/bulk-statements.ts `updateRowsAtVersion`). The sort
 * copies of a route's number and a carrier's name (sort-copies.ts, database triggers) are not
 * the load's own fields and leave it.
 */
export const NEXT_VERSION = { version: { increment: 1 } } as const;

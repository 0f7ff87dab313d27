import { ConflictError, NotFoundError } from "../errors.ts";

/**
 * Optimistic concurrency (security issue #24), the server's one implementation for every edited
 * table (Load, Carrier, Route, NassCode, Invoice, Bill): a `version` column that every write moves
 * forward, and edits that write only while it still holds the version the editor read.
 *
 * Every Prisma write of such a row spreads NEXT_VERSION into its data (test/unit/row-versions.test.ts
 * fails on one that does not); bulk SQL writers use `updateRowsAtVersion`
 * (server/db/bulk-statements.ts); database triggers move a route's version when a load joins or
 * leaves it and a carrier's when a driver does (migration 20261127003527_row_versions), whoever
 * writes Load.routeId or User.carrierId.
 */
export const NEXT_VERSION = { version: { increment: 1 } } as const;

/** The version an edit names, under either name common/row-version-input.ts' `expectedVersionFields` takes. */
export function expectedVersionOf(input: { expectedVersion?: number; version?: number }): number | undefined {
  return input.expectedVersion ?? input.version;
}

/** The messages of a versioned edit: the 409's text and the 404's when the row is gone. */
export interface VersionTexts {
  changed: string;
  notFound: string;
}

/**
 * Refuses at once a save naming a version the row (as just read) no longer holds: nothing else
 * (validation, look-ups) runs for a form that would be refused anyway.
 */
export function assertVersion(row: { version: number }, expected: number | undefined, texts: VersionTexts) {
  if (expected !== undefined && expected !== row.version) throw new ConflictError(texts.changed);
}

/**
 * The conditional update itself: `write` runs an `updateMany` whose where adds the `version` it is
 * given (nothing when the edit named none) and whose data spreads NEXT_VERSION. When it wrote no
 * row, someone else wrote it after the check (ConflictError), or it is gone (NotFoundError).
 * Inside the caller's transaction, so a refusal rolls back everything the edit did before it.
 */
export async function writeAtVersion(
  expected: number | undefined,
  texts: VersionTexts,
  write: (version: { version?: number }) => Promise<{ count: number }>,
): Promise<void> {
  const written = await write(expected === undefined ? {} : { version: expected });
  if (written.count > 0) return;
  throw expected === undefined ? new NotFoundError(texts.notFound) : new ConflictError(texts.changed);
}

/**
 * PostgreSQL gave up one of two transactions that waited on each other's rows (a deadlock or a
 * serialization failure): e.g. a route save locking its route and then a load while a load edit
 * locked the load and then (by the trigger) the route. The one given up lost the race to a
 * concurrent change, and answers as a stale save does.
 */
export function isWriteRace(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } } | null)
    ?.meta?.driverAdapterError?.cause;
  return cause?.originalCode === "40P01" || cause?.originalCode === "40001";
}

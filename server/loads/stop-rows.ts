import type { LoadStop } from "../generated/sqlite/client.ts";

/** The visit columns a stop keeps when the load's stop rows are replaced by an edit. */
export const STOP_VISIT_COLUMNS = [
  "arrivedAt",
  "arrivedSource",
  "departedAt",
  "departedSource",
  "detentionAcceptedCents",
  "detentionAcceptedAt",
  "detentionAcceptedById",
] as const satisfies readonly (keyof LoadStop)[];

type StopVisitColumns = Pick<LoadStop, (typeof STOP_VISIT_COLUMNS)[number]>;

/**
 * The visit of the load's previous stop at the same sequence and facility, for the row that
 * replaces it: an edit of appointments or of another stop does not forget that the truck was there.
 */
export function carriedVisit(
  previous: readonly (StopVisitColumns & { sequence: number; nassCodeId: string | null })[],
  row: { sequence: number; nassCodeId: string | null },
): Partial<StopVisitColumns> {
  const same = previous.find((stop) => stop.sequence === row.sequence && stop.nassCodeId === row.nassCodeId);
  if (!same) return {};
  return Object.fromEntries(STOP_VISIT_COLUMNS.map((column) => [column, same[column]]));
}

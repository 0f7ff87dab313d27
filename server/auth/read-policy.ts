import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import { policy, type Viewer } from "./policy.ts";

/** What the viewer alone decides about a type's rows: every row, none, or row by row. */
export type ReadReach = "all" | "none" | "rows";

/**
 * A type's one read rule: which of its rows a viewer may read. Every path that answers a row of
 * the type asks it: the GraphQL type checks it on every object it returns (scope-auth's type
 * check, see graphql/read-policy.ts), `node`/`nodes` answer null where it says no, and REST
 * handlers answer a row it refuses as they answer a missing one (404). Lists filter their rows
 * in their query with the same rule (e.g. offers' `carrierOfferWhere`), so the type check of a
 * listed row only confirms it.
 */
export interface ReadPolicy<Row> {
  /**
   * From the viewer alone (no database work): `none` lets node/nodes answer null without a read.
   * `ctx` is there for the types a driver's trip session reads (its viewer is null).
   */
  reach(viewer: Viewer | null, ctx?: Context): ReadReach;
  /** Whether the viewer may read this row; asked only when `reach` said `rows`. */
  row(ctx: Context, row: Row): boolean | Promise<boolean>;
}

/** Whether the viewer behind `ctx` may read `row` (a promise only when the rule reads something). */
export function canRead<Row>(
  rule: ReadPolicy<NoInfer<Row>>,
  ctx: Context,
  row: Row,
): boolean | Promise<boolean> {
  const reach = rule.reach(ctx.viewer, ctx);
  if (reach === "rows") return rule.row(ctx, row);
  return reach === "all";
}

/**
 * For REST: the row when the viewer may read it; a missing row and one it may not read both fail
 * with the same NotFoundError, so an id never tells whether someone else's row exists.
 */
export async function readableOrThrow<Row>(
  rule: ReadPolicy<NoInfer<Row>>,
  ctx: Context,
  row: Row | null | undefined,
  notFoundMessage: string,
): Promise<Row> {
  if (row === null || row === undefined || !(await canRead(rule, ctx, row))) {
    throw new NotFoundError(notFoundMessage);
  }
  return row;
}

/** Operators' data (loads, routes, NASS codes, carriers, billing, ...): admins read every row. */
export const adminsOnly: ReadPolicy<unknown> = {
  reach: (viewer) => (policy.isAdmin(viewer) ? "all" : "none"),
  row: () => false,
};

/** Rows that belong to one user: that user reads them, and admins read every one. */
export function ownerOrAdmin<Row>(ownerOf: (row: Row) => string): ReadPolicy<Row> {
  return {
    reach: (viewer) => (viewer === null ? "none" : policy.isAdmin(viewer) ? "all" : "rows"),
    row: (ctx, row) => policy.isOwner(ctx.viewer, ownerOf(row)),
  };
}

/** Rows private to one user: only that user reads them (an admin too, only its own). */
export function ownerOnly<Row>(ownerOf: (row: Row) => string): ReadPolicy<Row> {
  return {
    reach: (viewer) => (viewer === null ? "none" : "rows"),
    row: (ctx, row) => policy.isOwner(ctx.viewer, ownerOf(row)),
  };
}

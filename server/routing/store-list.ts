import { type ExpressionBuilder, type Nullable, sql } from "kysely";
import type { DB, Store } from "../db/kysely.ts";
import { containsAnyCase, countOf } from "../db/store-sql.ts";
import type { RouteListFilters, RouteSort, RouteSortField } from "./list.ts";

/** What the page statement must read, or null when the selection is not one this module answers. */
export interface RouteRowPlan {
  scalars: string[];
  carrierName: boolean;
  assignedUserKey: boolean;
  loadCount: boolean;
  stopCount: boolean;
  datedLoads: boolean;
  stopCodes: boolean;
}

/**
 * Routing's store, the route list: one page of routes (ids, or the plan's own and counted columns)
 * and its count, then the page's dated loads and stops' facility codes. The derived dates and
 * counts read Load (the route's loads) and the sort and search read Carrier's name; neither is
 * written here.
 */

type RouteScope = ExpressionBuilder<DB & { r: DB["Route"] } & { c: Nullable<DB["Carrier"]> }, "r" | "c">;

/** The derived dates (section 3: first load's pickup, last load's delivery) and counts. */
const derived = {
  pickupDate: (eb: RouteScope) =>
    eb
      .selectFrom("Load as l")
      .select((inner) => inner.fn.min("l.pickupDate").as("d"))
      .whereRef("l.routeId", "=", "r.id"),
  deliveryDate: (eb: RouteScope) =>
    eb
      .selectFrom("Load as l")
      .select((inner) => inner.fn.max("l.deliveryDate").as("d"))
      .whereRef("l.routeId", "=", "r.id"),
  loadCount: (eb: RouteScope) =>
    eb
      .selectFrom("Load as l")
      .select((inner) => inner.fn.countAll().as("n"))
      .whereRef("l.routeId", "=", "r.id"),
  stopCount: (eb: RouteScope) =>
    eb
      .selectFrom("RouteStop as s")
      .select((inner) => inner.fn.countAll().as("n"))
      .whereRef("s.routeId", "=", "r.id"),
};

const SORTS: Record<RouteSortField, { by: (eb: RouteScope) => unknown; nullable: boolean }> = {
  routeNumber: { by: (eb) => eb.ref("r.routeNumber"), nullable: false },
  carrier: { by: (eb) => eb.ref("c.carrierName"), nullable: true },
  loadCount: { by: derived.loadCount, nullable: false },
  stopCount: { by: derived.stopCount, nullable: false },
  pickupDate: { by: derived.pickupDate, nullable: true },
  deliveryDate: { by: derived.deliveryDate, nullable: true },
  createdAt: { by: (eb) => eb.ref("r.createdAt"), nullable: false },
};

function listedRoutes(db: Store, filters: RouteListFilters) {
  const search = filters.search?.trim();
  return db
    .selectFrom("Route as r")
    .leftJoin("Carrier as c", "c.id", "r.carrierId")
    .where((eb) => {
      const conditions = [];
      if (search) {
        conditions.push(
          eb.or([
            containsAnyCase(db, eb.ref("r.routeNumber"), search),
            containsAnyCase(db, eb.ref("c.carrierName"), search),
          ]),
        );
      }
      if (filters.carrierId) conditions.push(eb("r.carrierId", "=", filters.carrierId));
      if (filters.driverAssigned === true) conditions.push(eb("r.assignedUserId", "is not", null));
      if (filters.driverAssigned === false) conditions.push(eb("r.assignedUserId", "is", null));
      if (filters.pickupFrom) conditions.push(eb(derived.pickupDate(eb), ">=", filters.pickupFrom));
      if (filters.pickupTo) conditions.push(eb(derived.pickupDate(eb), "<=", filters.pickupTo));
      return eb.and(conditions);
    });
}

type Listed = ReturnType<typeof listedRoutes>;

/** The sort, ties broken on the id so pages never overlap. */
function ordered<Query extends Pick<Listed, "orderBy">>(query: Query, sort: RouteSort): Query {
  const { by, nullable } = SORTS[sort.field];
  const direction = sort.direction;
  let next = query.orderBy(
    (eb) => sql`${by(eb as RouteScope)}`,
    (order) => {
      const directed = direction === "asc" ? order.asc() : order.desc();
      return nullable ? directed.nullsLast() : directed;
    },
  ) as unknown as Query;
  if (sort.field !== "routeNumber") next = next.orderBy("r.id", direction) as unknown as Query;
  return next;
}

export async function countRoutes(db: Store, filters: RouteListFilters): Promise<number> {
  const [row] = await listedRoutes(db, filters)
    .select((eb) => eb.fn.countAll().as("count"))
    .execute();
  return countOf(row?.count as number | string | undefined);
}

/** A page row: the id, and the plan's own and counted columns when there is a plan. */
export interface RoutePageRow extends Record<string, unknown> {
  id: string;
  joinedCarrierName?: string | null;
  joinedUserKey?: string | null;
  loadCount?: number | bigint | string;
  stopCount?: number | bigint | string;
}

/**
 * One page's ids (or the plan's columns), in order. With a plan the page's own columns are read
 * for its rows only: a sort the index does not serve would otherwise compute the counted columns
 * for every route before keeping 50.
 */
export async function routePage(
  db: Store,
  filters: RouteListFilters,
  sort: RouteSort,
  page: { offset: number; limit: number },
  plan: RouteRowPlan | null,
): Promise<RoutePageRow[]> {
  const ids = ordered(listedRoutes(db, filters).select("r.id"), sort).limit(page.limit).offset(page.offset);
  if (!plan) return ids.execute();
  const rows = ordered(
    db
      .selectFrom("Route as r")
      .leftJoin("Carrier as c", "c.id", "r.carrierId")
      .leftJoin("User as u", "u.id", "r.assignedUserId")
      .select((eb) => [
        ...plan.scalars.map((column) => sql`${sql.ref(`r.${column}`)}`.as(column)),
        ...(plan.carrierName ? [eb.ref("c.carrierName").as("joinedCarrierName")] : []),
        ...(plan.assignedUserKey ? [eb.ref("u.userId").as("joinedUserKey")] : []),
        ...(plan.loadCount ? [derived.loadCount(eb).as("loadCount")] : []),
        ...(plan.stopCount ? [derived.stopCount(eb).as("stopCount")] : []),
      ])
      .where("r.id", "in", ids),
    sort,
  );
  return (await rows.execute()) as RoutePageRow[];
}

/** The page's loads with their dates, in running order (pickup first, undated last). */
export function datedLoadsOf(db: Store, routeIds: string[]) {
  return db
    .selectFrom("Load as l")
    .select(["l.routeId", "l.loadId", "l.pickupDate", "l.deliveryDate"])
    .where("l.routeId", "in", routeIds)
    .orderBy("l.pickupDate", (order) => order.asc().nullsLast())
    .orderBy("l.loadId", "asc")
    .$narrowType<{ routeId: string }>()
    .execute();
}

/** The page's stops with their facility's code, in order. */
export function stopCodesOf(db: Store, routeIds: string[]) {
  return db
    .selectFrom("RouteStop as s")
    .leftJoin("NassCode as n", "n.id", "s.nassCodeId")
    .select(["s.routeId", "s.sequence", "s.type", "n.code"])
    .where("s.routeId", "in", routeIds)
    .orderBy("s.sequence", "asc")
    .orderBy("s.id", "asc")
    .execute();
}

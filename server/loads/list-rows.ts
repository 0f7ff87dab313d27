import { toBoolean, toDate } from "../db/reader.ts";
import type { Load, Prisma } from "../generated/sqlite/client.ts";

/** A row of loadPageSql: the Load's columns as the driver returns them, and the joined ones. */
export type LoadPageRow = Record<keyof Load, unknown> & {
  joinedRouteNumber: string | null;
  /** The route number again when its truck reports positions (tracking's Actions link). */
  joinedTrackedRouteNumber: string | null;
  joinedCarrierName: string | null;
  joinedAssignedUserKey: string | null;
};

/** A list row with what the list's fields select from the load's relations. */
export type ListedLoad = Load & {
  route: { routeNumber: string; trackedRouteNumber?: string | null } | null;
  carrier: { carrierName: string } | null;
  assignedUser: { userId: string } | null;
};

const DATE_COLUMNS = new Set(["pickupDate", "deliveryDate", "createdAt", "updatedAt"]);
const NUMBER_COLUMNS = new Set(["weight", "volume", "stopCount"]);
const BOOLEAN_COLUMNS = new Set(["appointmentsRequired", "appointmentsConfirmed"]);

/**
 * A page row as Prisma would give it for the selection: the selected columns with their types,
 * and the selected relation fields. Columns the selection does not name are absent (as with a
 * Prisma `select`).
 */
export function listedLoad(row: LoadPageRow, selection: PageSelection): ListedLoad {
  const load: Record<string, unknown> = {};
  for (const column of selection.columns) {
    const value = row[column as keyof Load];
    if (value === null || value === undefined) load[column] = null;
    else if (DATE_COLUMNS.has(column)) load[column] = toDate(value);
    else if (NUMBER_COLUMNS.has(column)) load[column] = Number(value);
    else if (BOOLEAN_COLUMNS.has(column)) load[column] = toBoolean(value);
    else load[column] = value;
  }
  if (selection.relations.has("route")) {
    load.route =
      row.joinedRouteNumber === null
        ? null
        : { routeNumber: row.joinedRouteNumber, trackedRouteNumber: row.joinedTrackedRouteNumber };
  }
  if (selection.relations.has("carrier")) {
    load.carrier = row.joinedCarrierName === null ? null : { carrierName: row.joinedCarrierName };
  }
  if (selection.relations.has("assignedUser")) {
    load.assignedUser = row.joinedAssignedUserKey === null ? null : { userId: row.joinedAssignedUserKey };
  }
  return load as ListedLoad;
}

export type PrefilledRelation = "route" | "carrier" | "assignedUser";

/** What one page statement reads: Load columns and the relation fields joined in. */
export interface PageSelection {
  columns: string[];
  relations: Set<PrefilledRelation>;
}

/** Only the ids: the rows come from Prisma. */
export const IDS_ONLY: PageSelection = { columns: ["id"], relations: new Set() };

/** The relations (and their fields) a list row carries already. */
const PREFILLED: Record<PrefilledRelation, string> = {
  route: "routeNumber",
  carrier: "carrierName",
  assignedUser: "userId",
};

const LOAD_COLUMNS = new Set<string>([
  "id",
  "loadId",
  "bolNumber",
  "customer",
  "status",
  "mode",
  "assignedUserId",
  "carrierId",
  "referenceNumber",
  "weight",
  "volume",
  "freightClass",
  "commodity",
  "orderInfo",
  "additionalData",
  "stopCount",
  "routeId",
  "originAddress",
  "destinationAddress",
  "pickupDate",
  "deliveryDate",
  "appointmentsRequired",
  "appointmentsConfirmed",
  "trackingLink",
  "stream",
  "uploadBatchId",
  "routeNumber",
  "carrierName",
  "createdAt",
  "updatedAt",
] satisfies (keyof Load)[]);

/**
 * The page statement's selection when the page rows answer the whole GraphQL selection (the Load's
 * columns and the relation fields above), else null: anything more (stops, a driver's other
 * fields...) is loaded by Prisma from the page's ids.
 */
export function pageSelection(
  query: Pick<Prisma.LoadFindManyArgs, "include" | "select">,
): PageSelection | null {
  if (query.include) return null;
  if (!query.select) return { columns: [...LOAD_COLUMNS], relations: new Set() };
  const columns = new Set<string>(["id"]);
  const relations = new Set<PrefilledRelation>();
  for (const [key, value] of Object.entries(query.select)) {
    if (!value) continue;
    if (LOAD_COLUMNS.has(key)) {
      if (value !== true) return null;
      columns.add(key);
      continue;
    }
    const field = PREFILLED[key as PrefilledRelation];
    if (!field || typeof value !== "object") return null;
    const nested = value as { select?: Record<string, unknown> } & Record<string, unknown>;
    const keys = Object.keys(nested);
    if (keys.length !== 1 || keys[0] !== "select" || !nested.select) return null;
    const wanted = Object.entries(nested.select).filter(([, on]) => on);
    if (wanted.some(([name, on]) => name !== field || on !== true)) return null;
    relations.add(key as PrefilledRelation);
  }
  return { columns: [...columns], relations };
}

import { toBoolean, toDate, toDateOrNull } from "../db/reader.ts";
import type { Load, Prisma } from "../generated/sqlite/client.ts";

/** A row of loadPageSql: the Load's columns as the driver returns them, and the joined ones. */
export type LoadPageRow = Record<keyof Load, unknown> & {
  joinedRouteNumber: string | null;
  joinedCarrierName: string | null;
  joinedAssignedUserKey: string | null;
};

/** A list row with what the list's fields select from the load's relations. */
export type ListedLoad = Load & {
  route: { routeNumber: string } | null;
  carrier: { carrierName: string } | null;
  assignedUser: { userId: string } | null;
};

export function listedLoad(row: LoadPageRow): ListedLoad {
  const load = { ...row } as Record<string, unknown>;
  delete load.joinedRouteNumber;
  delete load.joinedCarrierName;
  delete load.joinedAssignedUserKey;
  return {
    ...(load as Load),
    weight: row.weight === null ? null : Number(row.weight),
    volume: row.volume === null ? null : Number(row.volume),
    stopCount: Number(row.stopCount),
    pickupDate: toDateOrNull(row.pickupDate),
    deliveryDate: toDateOrNull(row.deliveryDate),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    appointmentsRequired: toBoolean(row.appointmentsRequired),
    appointmentsConfirmed: toBoolean(row.appointmentsConfirmed),
    route: row.joinedRouteNumber === null ? null : { routeNumber: row.joinedRouteNumber },
    carrier: row.joinedCarrierName === null ? null : { carrierName: row.joinedCarrierName },
    assignedUser: row.joinedAssignedUserKey === null ? null : { userId: row.joinedAssignedUserKey },
  };
}

/** The relations (and their fields) a list row carries already. */
const PREFILLED: Record<string, string> = {
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
 * True when the page rows answer the whole selection: the Load's columns and the relation fields
 * above. Anything else (stops, a driver's other fields...) is loaded by Prisma from the page's ids.
 */
export function rowsAnswer(query: Pick<Prisma.LoadFindManyArgs, "include" | "select">): boolean {
  if (query.include) return false;
  if (!query.select) return true;
  for (const [key, value] of Object.entries(query.select)) {
    if (!value) continue;
    if (LOAD_COLUMNS.has(key)) {
      if (value !== true) return false;
      continue;
    }
    const field = PREFILLED[key];
    if (!field || typeof value !== "object") return false;
    const nested = value as { select?: Record<string, unknown> } & Record<string, unknown>;
    const keys = Object.keys(nested);
    if (keys.length !== 1 || keys[0] !== "select" || !nested.select) return false;
    const wanted = Object.entries(nested.select).filter(([, on]) => on);
    if (wanted.some(([name, on]) => name !== field || on !== true)) return false;
  }
  return true;
}

import type { Db } from "../db/client.ts";
import type { Prisma } from "../generated/sqlite/client.ts";

/**
 * What the driver app reads of a load (issue #30): its ids, status, references, stops with their
 * facilities in order, and the dispatched equipment. No rates, customer or carrier fields: a
 * driver's trip session reads nothing else of the load.
 */
const TRIP_LOAD_SELECT = {
  id: true,
  loadId: true,
  status: true,
  stage: true,
  referenceNumber: true,
  bolNumber: true,
  orderInfo: true,
  carrierId: true,
  assignedUserId: true,
  routeId: true,
  routeNumber: true,
  updatedAt: true,
  confirmation: { select: { truckNumber: true, trailerNumber: true } },
  stops: {
    orderBy: [{ sequence: "asc" }, { id: "asc" }],
    take: 200,
    select: {
      id: true,
      sequence: true,
      type: true,
      appointmentFrom: true,
      appointmentTo: true,
      arrivedAt: true,
      departedAt: true,
      nassCode: {
        select: {
          code: true,
          facilityName: true,
          street: true,
          city: true,
          state: true,
          zip: true,
          latitude: true,
          longitude: true,
        },
      },
    },
  },
} satisfies Prisma.LoadSelect;

export type TripLoad = NonNullable<Awaited<ReturnType<typeof tripLoadsById>>>[number];

/** The loads by database id (any order; missing ones left out). */
export function tripLoadsById(db: Pick<Db, "load">, ids: readonly string[]) {
  return db.load.findMany({ where: { id: { in: [...ids] } }, select: TRIP_LOAD_SELECT });
}

/** When the load was delivered: its last delivery's arrival (null while not delivered). */
export function deliveredAtOf(load: Pick<TripLoad, "status" | "stops">): Date | null {
  if (load.status !== "delivered") return null;
  const lastDelivery = load.stops.findLast((stop) => stop.type === "delivery");
  return lastDelivery?.arrivedAt ?? null;
}

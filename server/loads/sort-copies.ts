import type { Db } from "../db/client.ts";

/**
 * The load list sorts by route number and carrier name through indexes on the Load row, so the
 * loads service keeps copies of both (Load.routeNumber, Load.carrierName). Loads write them with
 * routeId/carrierId; the routing and carrier services call these in the transaction that renames
 * a route or a carrier.
 */
type LoadWriter = Pick<Db, "load">;

export async function copyCarrierNameToLoads(
  tx: LoadWriter,
  carrierId: string,
  carrierName: string,
): Promise<void> {
  await tx.load.updateMany({ where: { carrierId }, data: { carrierName } });
}

export async function copyRouteNumberToLoads(
  tx: LoadWriter,
  routeId: string,
  routeNumber: string,
): Promise<void> {
  await tx.load.updateMany({ where: { routeId }, data: { routeNumber } });
}

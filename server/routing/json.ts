import type { Prisma } from "../generated/sqlite/client.ts";
import {
  inRunningOrder,
  routeDeliveryDate,
  routeDeliveryNass,
  routePickupDate,
  routePickupNass,
} from "./derived.ts";
import type { MovedLoad, RouteChange } from "./service.ts";

/** What the REST payloads embed with each route. */
export const ROUTE_JSON_INCLUDE = {
  carrier: { select: { carrierName: true, carrierId: true } },
  assignedUser: { select: { userId: true, fullName: true } },
  loads: { select: { id: true, loadId: true, pickupDate: true, deliveryDate: true } },
  stops: {
    orderBy: [{ sequence: "asc" }, { id: "asc" }],
    include: {
      nassCode: {
        select: {
          id: true,
          code: true,
          facilityName: true,
          city: true,
          state: true,
          latitude: true,
          longitude: true,
        },
      },
    },
  },
} satisfies Prisma.RouteInclude;

export type RouteWithRelations = Prisma.RouteGetPayload<{ include: typeof ROUTE_JSON_INCLUDE }>;

/** The route as the spec's REST calls carry it (section 3), with the derived columns of the list. */
export function routeJson(route: RouteWithRelations) {
  const loads = inRunningOrder(route.loads);
  const stops = route.stops.map((stop) => ({
    _id: stop.id,
    sequence: stop.sequence,
    type: stop.type,
    nass: stop.nassCode
      ? {
          _id: stop.nassCode.id,
          code: stop.nassCode.code,
          facilityName: stop.nassCode.facilityName,
          city: stop.nassCode.city,
          state: stop.nassCode.state,
          location:
            stop.nassCode.latitude !== null && stop.nassCode.longitude !== null
              ? { lat: stop.nassCode.latitude, lng: stop.nassCode.longitude }
              : null,
        }
      : null,
  }));
  return {
    _id: route.id,
    routeNumber: route.routeNumber,
    carrier: route.carrier?.carrierName ?? null,
    carrierId: route.carrier?.carrierId ?? null,
    assignedUserKey: route.assignedUser?.userId ?? null,
    driverName: route.assignedUser?.fullName ?? null,
    assignedLoads: loads.map((load) => ({
      loadId: load.loadId,
      pickupDate: load.pickupDate,
      deliveryDate: load.deliveryDate,
    })),
    stops,
    pickup: routePickupNass(route.stops)?.code ?? null,
    pickupDate: routePickupDate(route.loads),
    delivery: routeDeliveryNass(route.stops)?.code ?? null,
    deliveryDate: routeDeliveryDate(route.loads),
    createdAt: route.createdAt,
    updatedAt: route.updatedAt,
    /** Sent back with PUT, a save over someone else's change is refused with 409. */
    version: route.version,
  };
}

function movedText(moved: MovedLoad[]): string {
  if (moved.length === 0) return "";
  const listed = moved.map((load) => `${load.loadId} (from ${load.fromRouteNumber})`).join(", ");
  return ` Moved from other routes: ${listed}.`;
}

/** The answer of a create or update: the route, what moved and a sentence that says so. */
export function routeChangeJson(change: RouteChange, route: RouteWithRelations, verb: "created" | "saved") {
  const loads = change.added.length;
  const message =
    verb === "created"
      ? `Route ${route.routeNumber} created with ${loads} ${loads === 1 ? "load" : "loads"}.${movedText(change.moved)}`
      : `Route ${route.routeNumber} saved.${movedText(change.moved)}`;
  return { ...routeJson(route), message, movedLoads: change.moved, removedLoadCount: change.removed };
}

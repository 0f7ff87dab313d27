import { changedElsewhere } from "./row-version.ts";

/** Routing and NASS facility rules and texts shared by the server and the screens. */

export const ROUTE_NUMBER_REQUIRED = "Debes generar o escribir un Route Number";
export const LOADS_REQUIRED = "Selecciona al menos una carga";
export const CREATE_ROUTE_FAILED = "Hubo un error al crear la ruta.";
export const NO_ROUTES = "No routes found.";
export const NO_NASS_CODES = "No NASS codes found.";
export const ROUTE_NOT_FOUND = "Route not found";
export const ROUTE_NUMBER_READ_ONLY = "The route number cannot change.";
export const DUPLICATE_SEQUENCE = "Two stops cannot share a sequence number.";
export const NASS_CODE_REQUIRED = "Code is required";
/** 409s of a save naming a version that moved (a route's loads and stops included; an import too). */
export const ROUTE_CHANGED_ELSEWHERE = changedElsewhere("route");
export const NASS_CHANGED_ELSEWHERE = changedElsewhere("NASS code");

/** Spec section 9: page size of the route and NASS lists. */
export const ROUTING_PAGE_SIZE = 50;

export const ROUTE_NUMBER_MAX = 40;
export const ROUTE_STOP_TYPES = ["pickup", "stop", "delivery"] as const;
export type RouteStopType = (typeof ROUTE_STOP_TYPES)[number];

/** A typed route number as stored: trimmed and upper-cased. */
export function normalizeRouteNumber(value: string): string {
  return value.trim().toUpperCase();
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * Spec section 9: year without century, month and day as 6 digits, then 2 random uppercase
 * alphanumerics, e.g. 261122K7. `random` returns [0, 1) like Math.random.
 */
export function generateRouteNumber(now: Date, random: () => number = Math.random): string {
  const two = (value: number) => String(value).padStart(2, "0");
  const day = `${two(now.getUTCFullYear() % 100)}${two(now.getUTCMonth() + 1)}${two(now.getUTCDate())}`;
  const pick = () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length) % ALPHANUMERIC.length];
  return `${day}${pick()}${pick()}`;
}

export const GENERATED_ROUTE_NUMBER = /^\d{6}[A-Z0-9]{2}$/;

/** The NASS table's 14 columns (spec section 2), in order, with the field each fills. */
export const NASS_COLUMNS = [
  ["Code", "code"],
  ["Region", "region"],
  ["Division", "division"],
  ["FDB ID", "fdbid"],
  ["Facility Name", "facilityName"],
  ["Street", "street"],
  ["City", "city"],
  ["State", "state"],
  ["Zip", "zip"],
  ["Type Code", "typeCode"],
  ["Sub-Type", "subType"],
  ["Facility Type", "facType"],
  ["Originating", "originating"],
  ["Destinating", "destinating"],
] as const;
export type NassField = (typeof NASS_COLUMNS)[number][1];

export const NASS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const NASS_IMPORT_TOO_LARGE = "The NASS file is larger than 5 MB.";

/** A facility's own tracking geofence radius is within these bounds; none: the default (200 m). */
export const GEOFENCE_RADIUS_BOUNDS = { min: 25, max: 5000 } as const;

export const GEOFENCE_RADIUS_MESSAGE = `Geofence radius must be a whole number of meters from ${GEOFENCE_RADIUS_BOUNDS.min} to ${GEOFENCE_RADIUS_BOUNDS.max}`;
/**
 * A route's driver must belong to the carrier its loads were awarded to (issue #28): the 409 of a
 * save that would break it without `overrideCarrier`.
 */
export function routeCarrierMismatch(loadIds: readonly string[]): string {
  const shown =
    loadIds.slice(0, 5).join(", ") + (loadIds.length > 5 ? ` and ${loadIds.length - 5} more` : "");
  return `The driver belongs to another carrier than the one load ${shown} was awarded to. Choose a driver of that carrier, or save with the carrier override.`;
}

/** Pure geography shared by server and client: no data sets, no I/O. */

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Road miles are longer than great-circle miles. 1.2 is the usual planning factor for US highway
 * freight (road distance / straight-line distance averages 1.15-1.25 between US metro areas).
 */
export const ROAD_FACTOR = 1.2;

const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in statute miles. */
export function greatCircleMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Planning road miles between two points: great-circle miles times ROAD_FACTOR, one decimal. */
export function roadMiles(a: LatLng, b: LatLng): number {
  return Math.round(greatCircleMiles(a, b) * ROAD_FACTOR * 10) / 10;
}

/** Great-circle distance in metres (geofences). */
export function greatCircleMeters(a: LatLng, b: LatLng): number {
  return greatCircleMiles(a, b) * 1609.344;
}

export interface UsAddressParts {
  city: string | null;
  state: string | null;
  zip: string | null;
}

const CITY_STATE_ZIP = /(?:^|,)\s*([^,]+?)\s*,\s*([A-Za-z]{2})\.?(?:\s+(\d{5})(?:-\d{4})?)?\s*$/;
const ZIP_ANYWHERE = /\b(\d{5})(?:-\d{4})?\s*$/;

/**
 * City, state and ZIP from a free-text US address such as '1200 W Harrison St, Chicago, IL 60607'
 * or 'Chicago, IL'. Parts that cannot be read are null; nothing is guessed.
 */
export function parseUsAddress(address: string | null | undefined): UsAddressParts {
  const text = (address ?? "").trim();
  if (!text) return { city: null, state: null, zip: null };
  const match = CITY_STATE_ZIP.exec(text);
  if (match) {
    return { city: match[1].trim() || null, state: match[2].toUpperCase(), zip: match[3] ?? null };
  }
  return { city: null, state: null, zip: ZIP_ANYWHERE.exec(text)?.[1] ?? null };
}

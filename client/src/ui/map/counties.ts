import type { MultiLineString } from "geojson";
import { mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

let loading: Promise<MultiLineString> | null = null;

/** A county's FIPS code starts with its state's: lines between counties of one state only. */
const sameState = (a: { id?: string | number }, b: { id?: string | number }) =>
  a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2);

/**
 * The lines between US counties from us-atlas, as one MultiLineString (state borders are drawn by
 * the basemap itself). The data set is large: it is its own chunk, fetched only when a map is first
 * zoomed in far enough to show counties.
 */
export function loadCountyLines(): Promise<MultiLineString> {
  loading ??= import("us-atlas/counties-10m.json")
    .then((module) => {
      const topology = (module.default ?? module) as unknown as Topology<{ counties: GeometryCollection }>;
      return mesh(topology, topology.objects.counties, sameState);
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

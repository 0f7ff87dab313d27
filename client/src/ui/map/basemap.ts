import type { FeatureCollection, MultiLineString } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export interface Basemap {
  /** US states as polygons (the land). */
  states: FeatureCollection;
  /** The borders between states, drawn once. */
  borders: MultiLineString;
}

let loading: Promise<Basemap> | null = null;

/**
 * The offline basemap: us-atlas' states (unprojected lon/lat, bundled in its own chunk), turned
 * into GeoJSON with topojson-client. Loaded once per page; no tile server needed.
 */
export function loadBasemap(): Promise<Basemap> {
  loading ??= import("us-atlas/states-10m.json")
    .then((module) => {
      const topology = (module.default ?? module) as unknown as Topology<{ states: GeometryCollection }>;
      const states = feature(topology, topology.objects.states) as FeatureCollection;
      const borders = mesh(topology, topology.objects.states, (a, b) => a !== b);
      return { states, borders };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

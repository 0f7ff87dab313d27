import type { FeatureCollection, MultiLineString } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export interface UsStates {
  land: FeatureCollection;
  borders: MultiLineString;
}

let cached: Promise<UsStates> | undefined;

/**
 * US states from us-atlas (unprojected lon/lat), loaded once and only by screens with a map: the
 * basemap needs no tile server, so it works behind a firewall and offline.
 */
export function loadUsStates(): Promise<UsStates> {
  cached ??= import("us-atlas/states-10m.json").then((module) => {
    const topology = (module.default ?? module) as unknown as Topology<{ states: GeometryCollection }>;
    return {
      land: feature(topology, topology.objects.states) as FeatureCollection,
      borders: mesh(topology, topology.objects.states, (a, b) => a !== b),
    };
  });
  return cached;
}

import type { MultiLineString } from "geojson";
import { useEffect, useState } from "react";
import { GeoJSON, useMap, useMapEvents } from "react-leaflet";
import { loadCountyLines } from "./counties.ts";

/**
 * From this zoom on a county is tens of pixels wide: its lines help to read where a truck is.
 * Below it they would be a grey mesh over the whole country (and cost drawing for nothing).
 */
export const COUNTY_MIN_ZOOM = 7;

const STYLE = { color: "#33465e", weight: 0.6, fill: false, className: "fw-county-lines" };

interface CountyLinesProps {
  /** The lines' colour (the dark tracking map's by default). */
  color?: string;
}

/**
 * County lines on an offline map once it is zoomed in to COUNTY_MIN_ZOOM or more. One path for the
 * whole mesh: Leaflet clips it to the view and simplifies it per zoom.
 */
export function CountyLines({ color = STYLE.color }: CountyLinesProps) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  const [lines, setLines] = useState<MultiLineString | null>(null);
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const wanted = zoom >= COUNTY_MIN_ZOOM;
  useEffect(() => {
    if (!wanted || lines) return;
    let live = true;
    // Without county data the map still works: the states stay.
    loadCountyLines().then(
      (loaded) => live && setLines(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, lines]);
  return wanted && lines ? <GeoJSON data={lines} style={{ ...STYLE, color }} interactive={false} /> : null;
}

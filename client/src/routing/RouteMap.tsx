import Typography from "@mui/material/Typography";
import type { LatLngTuple } from "leaflet";
import { useMemo } from "react";
import { CircleMarker, Polyline, Tooltip } from "react-leaflet";
import { UsBasemap } from "../ui/map/UsBasemap.tsx";

export interface MapStop {
  key: string;
  sequence: number;
  type: string;
  code: string;
  facilityName: string | null;
  lat: number;
  lng: number;
}

/** Spec section 2 (tracking): pickup green, delivery red, other stops orange. */
const COLORS: Record<string, string> = { pickup: "#2e7d32", delivery: "#c62828" };
const OTHER = "#ef6c00";

function labelOf(stop: MapStop): string {
  return stop.type === "pickup" ? "P" : stop.type === "delivery" ? "D" : String(stop.sequence);
}

/** The route's stops in sequence on the offline US basemap, joined by a line. */
export function RouteMap({ stops }: { stops: MapStop[] }) {
  const ordered = useMemo(() => [...stops].sort((a, b) => a.sequence - b.sequence), [stops]);
  const points = useMemo(() => ordered.map((stop): LatLngTuple => [stop.lat, stop.lng]), [ordered]);
  const bounds = useMemo(() => (points.length ? points : null), [points]);
  return (
    <>
      <UsBasemap height={320} bounds={bounds} label="Map of the route's stops">
        {points.length > 1 ? (
          <Polyline positions={points} pathOptions={{ color: "#1565c0", weight: 3, opacity: 0.8 }} />
        ) : null}
        {ordered.map((stop) => (
          <CircleMarker
            key={stop.key}
            center={[stop.lat, stop.lng]}
            radius={9}
            pathOptions={{
              color: "#ffffff",
              weight: 2,
              fillColor: COLORS[stop.type] ?? OTHER,
              fillOpacity: 1,
            }}
          >
            <Tooltip direction="top" offset={[0, -8]} permanent>
              {`${labelOf(stop)} · ${stop.code}`}
            </Tooltip>
          </CircleMarker>
        ))}
      </UsBasemap>
      {stops.length === 0 ? (
        <Typography variant="caption" color="text.secondary">
          No stop has a location yet: NASS facilities get one from their ZIP code.
        </Typography>
      ) : null}
    </>
  );
}

import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { Marker, Polyline, Popup, Tooltip } from "react-leaflet";
import { MapLabels, type MarkerLabel, type MarkerSpot } from "../ui/map/MapLabels.tsx";
import { STOP_SIZE, stopFootprint, stopIcon } from "../ui/map/markers.ts";
import { groupStopsByFacility, routeLine, stopCount } from "../ui/map/stop-groups.ts";
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
const KINDS: Record<string, string> = { pickup: "Pickup", delivery: "Delivery" };

function labelOf(stop: MapStop): string {
  return stop.type === "pickup" ? "P" : stop.type === "delivery" ? "D" : String(stop.sequence);
}

const facilityOf = (stop: MapStop) => stop.facilityName ?? stop.code;

/**
 * The route's stops on the offline US basemap: one marker per facility (stops sharing one get a
 * count and a popup listing them), the facility's name beside it, and one line through every
 * stop in sequence.
 */
export function RouteMap({ stops }: { stops: MapStop[] }) {
  const groups = useMemo(() => groupStopsByFacility(stops, (stop) => stop.code), [stops]);
  const points = useMemo(() => routeLine(stops), [stops]);
  const bounds = useMemo(() => (points.length ? points : null), [points]);
  const spots = useMemo(
    (): MarkerSpot[] =>
      groups.map((group) => ({
        key: group.key,
        lat: group.lat,
        lng: group.lng,
        size: stopFootprint(group.stops.length),
      })),
    [groups],
  );
  const labels = useMemo(
    (): MarkerLabel[] => spots.map((spot, index) => ({ ...spot, text: facilityOf(groups[index].stops[0]) })),
    [spots, groups],
  );
  return (
    <>
      <UsBasemap height={320} bounds={bounds} label="Map of the route's stops">
        {points.length > 1 ? (
          <Polyline
            positions={points}
            className="fw-route-line"
            pathOptions={{ color: "#1565c0", weight: 4, opacity: 0.9 }}
          />
        ) : null}
        {groups.map((group) => {
          const [first] = group.stops;
          const count = group.stops.length;
          const title =
            count > 1
              ? `${facilityOf(first)}: stops ${group.stops.map((stop) => stop.sequence).join(", ")}`
              : `Stop ${first.sequence} (${first.type}): ${facilityOf(first)}`;
          return (
            <Marker
              key={group.key}
              position={[group.lat, group.lng]}
              icon={stopIcon(
                labelOf(first),
                COLORS[first.type] ?? OTHER,
                `route-stop-${first.sequence}`,
                stopCount(count),
              )}
              title={title}
              alt={title}
              keyboard
            >
              <Tooltip direction="top" offset={[0, -STOP_SIZE / 2]}>
                {title}
              </Tooltip>
              <Popup>
                <Typography variant="subtitle2" component="p">
                  {first.facilityName ? `${first.facilityName} (${first.code})` : first.code}
                </Typography>
                <ol data-testid="stop-popup" style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}>
                  {group.stops.map((stop) => (
                    <li
                      key={stop.key}
                    >{`${stop.sequence} · ${KINDS[stop.type] ?? "Stop"} · ${stop.code}`}</li>
                  ))}
                </ol>
              </Popup>
            </Marker>
          );
        })}
        <MapLabels markers={spots} labels={labels} tone="light" />
      </UsBasemap>
      {stops.length === 0 ? (
        <Typography variant="caption" color="text.secondary">
          No stop has a location yet: NASS facilities get one from their ZIP code.
        </Typography>
      ) : null}
    </>
  );
}

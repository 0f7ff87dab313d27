import type { DivIcon } from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { Marker, Polyline, Tooltip, useMap } from "react-leaflet";
import { graphql, useFragment } from "react-relay";
import { STOP_COLORS, TRACKING_MAP, TRACKING_TEXTS } from "../../../common/tracking.ts";
import { stopIcon, truckIcon } from "../ui/map/markers.ts";
import { OfflineMap, type TileSettings } from "../ui/map/OfflineMap.tsx";
import type { RouteMap_route$key } from "./__generated__/RouteMap_route.graphql";

/** How many recent points the breadcrumb line keeps while the screen stays open. */
const TRAIL_POINTS = 500;

function stopColor(type: string): string {
  return type === "pickup" || type === "delivery" ? STOP_COLORS[type] : STOP_COLORS.other;
}

interface TrailPoint {
  lat: number;
  lng: number;
  recordedAt: string;
}

function ZoomingMarker({
  position,
  icon,
  title,
}: {
  position: [number, number];
  icon: DivIcon;
  title: string;
}) {
  const map = useMap();
  return (
    <Marker
      position={position}
      icon={icon}
      title={title}
      alt={title}
      keyboard
      eventHandlers={{ click: () => map.setView(position, TRACKING_MAP.markerClickZoom) }}
    >
      <Tooltip direction="top" offset={[0, -14]}>
        {title}
      </Tooltip>
    </Marker>
  );
}

interface RouteMapProps {
  route: RouteMap_route$key;
  tiles: TileSettings | null | undefined;
}

/**
 * The route on the dark map: the truck (white T) on its last position, the stops by sequence
 * (P green, D red, others their number in orange) and the breadcrumb of recent positions.
 */
export function RouteMap({ route, tiles }: RouteMapProps) {
  const data = useFragment(
    graphql`
      fragment RouteMap_route on TrackedRoute {
        routeNumber
        lastPosition {
          lat
          lng
        }
        lastPositionAt
        stops {
          stopId
          sequence
          type
          label
          facilityName
          location {
            lat
            lng
          }
        }
        breadcrumb(last: 200) {
          lat
          lng
          recordedAt
        }
      }
    `,
    route,
  );
  const [trail, setTrail] = useState<TrailPoint[]>(() => [...data.breadcrumb]);
  const { lastPosition, lastPositionAt } = data;
  useEffect(() => {
    if (!lastPosition || !lastPositionAt) return;
    setTrail((current) => {
      const last = current.at(-1);
      if (last && Date.parse(last.recordedAt) >= Date.parse(lastPositionAt)) return current;
      return [...current, { ...lastPosition, recordedAt: lastPositionAt }].slice(-TRAIL_POINTS);
    });
  }, [lastPosition, lastPositionAt]);

  const stops = useMemo(() => [...data.stops].sort((a, b) => a.sequence - b.sequence), [data.stops]);
  const center: [number, number] = lastPosition
    ? [lastPosition.lat, lastPosition.lng]
    : [TRACKING_MAP.defaultCenter.lat, TRACKING_MAP.defaultCenter.lng];
  return (
    <OfflineMap
      center={center}
      zoom={lastPosition ? TRACKING_MAP.dataZoom : TRACKING_MAP.defaultZoom}
      height={TRACKING_MAP.heightPx}
      tiles={tiles}
      loadingText={TRACKING_TEXTS.mapLoading}
      errorText={TRACKING_TEXTS.mapError}
      label={`Map of route ${data.routeNumber}`}
    >
      {trail.length > 1 ? (
        <Polyline
          positions={trail.map((point) => [point.lat, point.lng] as [number, number])}
          className="fw-breadcrumb"
          pathOptions={{ color: "#4fc3f7", weight: 3, opacity: 0.85 }}
        />
      ) : null}
      {stops.map((stop) =>
        stop.location ? (
          <ZoomingMarker
            key={stop.stopId}
            position={[stop.location.lat, stop.location.lng]}
            icon={stopIcon(stop.label, stopColor(stop.type), `stop-marker-${stop.sequence}`)}
            title={`Stop ${stop.sequence} (${stop.type})${stop.facilityName ? `: ${stop.facilityName}` : ""}`}
          />
        ) : null,
      )}
      {lastPosition ? (
        <ZoomingMarker
          position={[lastPosition.lat, lastPosition.lng]}
          icon={truckIcon()}
          title={`Truck of route ${data.routeNumber}`}
        />
      ) : null}
    </OfflineMap>
  );
}

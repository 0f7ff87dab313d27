import type { DivIcon } from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { Marker, Polyline, Tooltip, useMap } from "react-leaflet";
import { graphql, useFragment } from "react-relay";
import { STOP_COLORS, TRACKING_MAP, TRACKING_TEXTS } from "../../../common/tracking.ts";
import { MapLabels, type MarkerLabel, type MarkerSpot } from "../ui/map/MapLabels.tsx";
import { STOP_SIZE, stopFootprint, stopIcon, TRUCK_SIZE, truckIcon } from "../ui/map/markers.ts";
import { OfflineMap, type TileSettings } from "../ui/map/OfflineMap.tsx";
import { groupStopsByFacility, stopCount } from "../ui/map/stop-groups.ts";
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
  size,
}: {
  position: [number, number];
  icon: DivIcon;
  title: string;
  size: number;
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
      <Tooltip direction="top" offset={[0, -size / 2]}>
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
 * (P green, D red, others their number in orange; stops at one facility share a marker with their
 * count), each facility's name, place names around them and the breadcrumb of recent positions.
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

  const groups = useMemo(
    () =>
      groupStopsByFacility(
        data.stops.flatMap((stop) => (stop.location ? [{ ...stop, ...stop.location }] : [])),
        (stop) => stop.facilityName,
      ),
    [data.stops],
  );
  const stopSpots = useMemo(
    (): MarkerSpot[] =>
      groups.map((group) => ({
        key: `stop:${group.key}`,
        lat: group.lat,
        lng: group.lng,
        size: stopFootprint(group.stops.length),
      })),
    [groups],
  );
  const spots = useMemo(
    (): MarkerSpot[] =>
      lastPosition ? [...stopSpots, { key: "truck", ...lastPosition, size: TRUCK_SIZE + 6 }] : stopSpots,
    [stopSpots, lastPosition],
  );
  const labels = useMemo(
    (): MarkerLabel[] =>
      stopSpots.flatMap((spot, index) => {
        const name = groups[index].stops[0].facilityName;
        return name ? [{ ...spot, text: name }] : [];
      }),
    [stopSpots, groups],
  );
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
      {groups.map((group) => {
        const [first] = group.stops;
        const count = group.stops.length;
        const facility = first.facilityName ? `: ${first.facilityName}` : "";
        const title =
          count > 1
            ? `Stops ${group.stops.map((stop) => `${stop.sequence} (${stop.type})`).join(", ")}${facility}`
            : `Stop ${first.sequence} (${first.type})${facility}`;
        return (
          <ZoomingMarker
            key={first.stopId}
            position={[group.lat, group.lng]}
            icon={stopIcon(
              first.label,
              stopColor(first.type),
              `stop-marker-${first.sequence}`,
              stopCount(count),
            )}
            title={title}
            size={STOP_SIZE}
          />
        );
      })}
      {lastPosition ? (
        <ZoomingMarker
          position={[lastPosition.lat, lastPosition.lng]}
          icon={truckIcon()}
          title={`Truck of route ${data.routeNumber}`}
          size={TRUCK_SIZE}
        />
      ) : null}
      <MapLabels markers={spots} labels={labels} tone="dark" />
    </OfflineMap>
  );
}

import Box from "@mui/material/Box";
import type { LatLngBounds } from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { Marker, Tooltip, useMap, useMapEvents } from "react-leaflet";
import { graphql, useFragment } from "react-relay";
import { useNavigate } from "react-router-dom";
import Supercluster, { type ClusterProperties } from "supercluster";
import { TRACKING_MAP, TRACKING_TEXTS } from "../../../common/tracking.ts";
import { MapLabels, type MarkerSpot } from "../ui/map/MapLabels.tsx";
import { clusterIcon, clusterSize, TRUCK_SIZE, truckIcon } from "../ui/map/markers.ts";
import { OfflineMap } from "../ui/map/OfflineMap.tsx";
import type { FleetMap_query$key } from "./__generated__/FleetMap_query.graphql";
import { trackingPath } from "./tracking-criteria.ts";
import { type LiveRoute, useTrackingUpdatedSubscription } from "./useTrackingUpdatedSubscription.ts";

interface Truck {
  routeNumber: string;
  lat: number;
  lng: number;
}

/** Live positions arrive in bursts; the clusters are rebuilt at most this often. */
const REDRAW_MS = 1000;

function Clusters({ trucks }: { trucks: Map<string, Truck> }) {
  const map = useMap();
  const navigate = useNavigate();
  const [view, setView] = useState<{ bounds: LatLngBounds; zoom: number }>(() => ({
    bounds: map.getBounds(),
    zoom: map.getZoom(),
  }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const index = useMemo(() => {
    const cluster = new Supercluster<Truck>({
      radius: TRACKING_MAP.clusterRadius,
      maxZoom: TRACKING_MAP.clusterMaxZoom,
    });
    cluster.load(
      [...trucks.values()].map((truck) => ({
        type: "Feature" as const,
        properties: truck,
        geometry: { type: "Point" as const, coordinates: [truck.lng, truck.lat] },
      })),
    );
    return cluster;
  }, [trucks]);
  const { bounds, zoom } = view;
  const items = useMemo(
    () =>
      index.getClusters(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        Math.round(zoom),
      ),
    [index, bounds, zoom],
  );
  // Place names keep clear of the trucks and clusters.
  const spots = useMemo(
    (): MarkerSpot[] =>
      items.map((item) => {
        const [lng, lat] = item.geometry.coordinates;
        const props = item.properties as Partial<ClusterProperties> & Partial<Truck>;
        return props.cluster
          ? { key: `c${props.cluster_id}`, lat, lng, size: clusterSize(props.point_count ?? 0) + 6 }
          : { key: props.routeNumber ?? "", lat, lng, size: TRUCK_SIZE + 6 };
      }),
    [items],
  );
  return (
    <>
      <MapLabels markers={spots} tone="dark" />
      {items.map((item) => {
        const [lng, lat] = item.geometry.coordinates;
        const props = item.properties as Partial<ClusterProperties> & Partial<Truck>;
        if (props.cluster) {
          const clusterId = props.cluster_id!;
          return (
            <Marker
              key={`c${clusterId}`}
              position={[lat, lng]}
              icon={clusterIcon(props.point_count ?? 0)}
              title={`${props.point_count} trucks`}
              eventHandlers={{
                click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 18)),
              }}
            />
          );
        }
        return (
          <Marker
            key={props.routeNumber}
            position={[lat, lng]}
            icon={truckIcon()}
            title={`Route ${props.routeNumber}`}
            keyboard
            eventHandlers={{
              click: () => map.setView([lat, lng], TRACKING_MAP.markerClickZoom),
              dblclick: () => navigate(trackingPath(props.routeNumber!)),
            }}
          >
            <Tooltip direction="top" offset={[0, -14]}>
              {props.routeNumber}
            </Tooltip>
          </Marker>
        );
      })}
    </>
  );
}

interface FleetMapProps {
  query: FleetMap_query$key;
}

/** Every tracked truck, clustered (radius 60, up to zoom 16), moving live. */
export function FleetMap({ query }: FleetMapProps) {
  const data = useFragment(
    graphql`
      fragment FleetMap_query on Query {
        fleetPositions {
          routeNumber
          lat
          lng
        }
        mapSettings {
          tileUrl
          attribution
        }
      }
    `,
    query,
  );
  const [trucks, setTrucks] = useState(
    () => new Map(data.fleetPositions.map((truck) => [truck.routeNumber, { ...truck }])),
  );
  const pending = useRef(new Map<string, Truck>());
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const handleLive = (route: LiveRoute) => {
    if (!route.lastPosition) return;
    pending.current.set(route.routeNumber, { routeNumber: route.routeNumber, ...route.lastPosition });
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      const updates = pending.current;
      pending.current = new Map();
      setTrucks((current) => new Map([...current, ...updates]));
    }, REDRAW_MS);
  };
  useTrackingUpdatedSubscription(handleLive);

  const hasData = trucks.size > 0;
  return (
    <Box sx={{ mb: 2 }} data-testid="fleet-map">
      <OfflineMap
        center={[TRACKING_MAP.defaultCenter.lat, TRACKING_MAP.defaultCenter.lng]}
        zoom={TRACKING_MAP.defaultZoom}
        height={TRACKING_MAP.heightPx}
        tiles={data.mapSettings}
        loadingText={TRACKING_TEXTS.mapLoading}
        errorText={TRACKING_TEXTS.mapError}
        label={hasData ? `Map of ${trucks.size} tracked trucks` : "Map of tracked trucks"}
      >
        <Clusters trucks={trucks} />
      </OfflineMap>
    </Box>
  );
}

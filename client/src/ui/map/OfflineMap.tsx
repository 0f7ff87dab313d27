import "leaflet/dist/leaflet.css";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { LatLngExpression } from "leaflet";
import { type ReactNode, useEffect, useState } from "react";
import { GeoJSON, MapContainer, Pane, TileLayer, useMap } from "react-leaflet";
import { type Basemap, loadBasemap } from "./basemap.ts";
import { CountyLines } from "./CountyLines.tsx";

export interface TileSettings {
  readonly tileUrl?: string | null;
  readonly attribution?: string | null;
}

interface OfflineMapProps {
  center: LatLngExpression;
  zoom: number;
  height: number;
  tiles?: TileSettings | null;
  /** Texts while the basemap loads and when it cannot. */
  loadingText: string;
  errorText: string;
  label: string;
  children?: ReactNode;
}

const LAND = { color: "#3b4d66", weight: 0.6, fillColor: "#1a2535", fillOpacity: 1 };
const BORDERS = { color: "#56708f", weight: 1, fill: false };

/** Writes the map's zoom and centre on its container, for tests and assistive tooling. */
function ViewProbe() {
  const map = useMap();
  useEffect(() => {
    const write = () => {
      const container = map.getContainer();
      const center = map.getCenter();
      container.dataset.zoom = String(map.getZoom());
      container.dataset.center = `${center.lat.toFixed(5)},${center.lng.toFixed(5)}`;
    };
    write();
    map.on("moveend zoomend", write);
    return () => {
      map.off("moveend zoomend", write);
    };
  }, [map]);
  return null;
}

/**
 * A dark map that works with no internet: US states (and, zoomed in, counties and place names) from the bundled
 * us-atlas data as vector layers; raster tiles are drawn under them only when a tile server is configured (MAP_TILE_URL).
 */
export function OfflineMap({
  center,
  zoom,
  height,
  tiles,
  loadingText,
  errorText,
  label,
  children,
}: OfflineMapProps) {
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadBasemap().then(
      (loaded) => live && setBasemap(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failed) {
    return (
      <Box
        role="alert"
        sx={{ height, display: "grid", placeItems: "center", bgcolor: "#0e1726", borderRadius: 1 }}
      >
        <Typography sx={{ color: "#ffb4a9" }}>{errorText}</Typography>
      </Box>
    );
  }
  if (!basemap) {
    return (
      <Box
        role="status"
        sx={{ height, display: "grid", placeItems: "center", bgcolor: "#0e1726", borderRadius: 1 }}
      >
        <Typography sx={{ color: "#d6e2f0" }}>{loadingText}</Typography>
      </Box>
    );
  }
  const withTiles = Boolean(tiles?.tileUrl);
  return (
    <Box
      sx={{
        height,
        borderRadius: 1,
        overflow: "hidden",
        "& .leaflet-container": { height: "100%", background: "#0e1726" },
        "& .fw-marker": { background: "transparent", border: 0 },
      }}
    >
      <MapContainer center={center} zoom={zoom} maxZoom={18} minZoom={2} aria-label={label} worldCopyJump>
        {withTiles ? <TileLayer url={tiles!.tileUrl!} attribution={tiles?.attribution ?? undefined} /> : null}
        {/* Its own pane under the overlays: county lines arrive later and must not cover the route. */}
        <Pane name="fw-basemap" style={{ zIndex: 250 }}>
          <GeoJSON
            data={basemap.states}
            style={withTiles ? { ...LAND, fillOpacity: 0.15 } : LAND}
            interactive={false}
          />
          <CountyLines />
          <GeoJSON data={basemap.borders} style={BORDERS} interactive={false} />
        </Pane>
        <ViewProbe />
        {children}
      </MapContainer>
    </Box>
  );
}

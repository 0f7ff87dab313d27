import "leaflet/dist/leaflet.css";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { LatLngBoundsExpression, LatLngExpression } from "leaflet";
import { type ReactNode, useEffect, useState } from "react";
import { GeoJSON, MapContainer, Pane, TileLayer, useMap } from "react-leaflet";
import { CountyLines } from "./CountyLines.tsx";
import { loadUsStates, type UsStates } from "./us-states.ts";

/** Spec section 9: the middle of the US at zoom 4 when there is nothing to show. */
export const US_CENTER: LatLngExpression = [39.5, -98.35];
export const US_ZOOM = 4;

/** The pane of the offline basemap's layers (states, counties), under every overlay. */
export const BASEMAP_PANE = "fw-basemap";

/** An optional tile server on top of the offline basemap (e.g. set in the build's environment). */
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL as string | undefined;

function FitBounds({ bounds }: { bounds: LatLngBoundsExpression | null }) {
  const map = useMap();
  useEffect(() => {
    if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 9 });
  }, [map, bounds]);
  return null;
}

interface UsBasemapProps {
  /** CSS height of the map, e.g. 320 or "510px". */
  height: number | string;
  /** What to frame; null shows the whole country. */
  bounds?: LatLngBoundsExpression | null;
  /** A dark basemap (tracking) or a light one. */
  dark?: boolean;
  label: string;
  children?: ReactNode;
}

/**
 * A Leaflet map of the US states drawn from us-atlas (no tiles needed), for routes and tracking.
 * Markers and lines go in as children.
 */
export function UsBasemap({ height, bounds = null, dark = false, label, children }: UsBasemapProps) {
  const [states, setStates] = useState<UsStates | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadUsStates().then(
      (loaded) => live && setStates(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const colors = dark
    ? { sea: "#0b1622", land: "#1c2b3a", border: "#3d5368", county: "#2c3e50" }
    : { sea: "#dbe7f0", land: "#f7f7f2", border: "#9aa9b5", county: "#c9d2da" };
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        height,
        borderRadius: 1,
        overflow: "hidden",
        border: 1,
        borderColor: "divider",
        position: "relative",
      }}
    >
      <MapContainer
        center={US_CENTER}
        zoom={US_ZOOM}
        minZoom={2}
        style={{ height: "100%", width: "100%", background: colors.sea }}
      >
        {TILE_URL ? <TileLayer url={TILE_URL} /> : null}
        {/* The basemap's own pane, under the overlays: the data arrives after the route's line and
            markers are drawn, and must not land on top of them. */}
        <Pane name={BASEMAP_PANE} style={{ zIndex: 250 }}>
          {states ? (
            <>
              <GeoJSON
                data={states.land}
                style={{
                  color: colors.border,
                  weight: 0.5,
                  fillColor: colors.land,
                  fillOpacity: TILE_URL ? 0.15 : 1,
                }}
                interactive={false}
              />
              <CountyLines color={colors.county} />
              <GeoJSON
                data={states.borders}
                style={{ color: colors.border, weight: 0.8 }}
                interactive={false}
              />
            </>
          ) : null}
        </Pane>
        <FitBounds bounds={bounds} />
        {children}
      </MapContainer>
      {failed ? (
        <Typography
          role="alert"
          sx={{
            position: "absolute",
            inset: 0,
            display: "grid",
            placeItems: "center",
            bgcolor: "background.paper",
            zIndex: 1000,
          }}
        >
          Error cargando mapa
        </Typography>
      ) : states ? null : (
        <Typography
          sx={{
            position: "absolute",
            top: 8,
            left: 8,
            zIndex: 1000,
            bgcolor: "background.paper",
            px: 1,
            borderRadius: 1,
          }}
          variant="caption"
        >
          Cargando mapa...
        </Typography>
      )}
    </Box>
  );
}

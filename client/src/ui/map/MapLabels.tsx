import { type DivIcon, divIcon } from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { Marker, Pane, useMap, useMapEvents } from "react-leaflet";
import { type Box, type LabelCandidate, layoutLabels, markerBox } from "./label-layout.ts";
import { ALL_PLACES_ZOOM, loadPlaces, minPopulation, PLACES_ATTRIBUTION, type Place } from "./places.ts";

/** A marker on the map, which no label may cover. */
export interface MarkerSpot {
  key: string;
  lat: number;
  lng: number;
  /** Its width and height in pixels (markers are round or square). */
  size: number;
}

/** A label that belongs to a marker (a facility's name beside its stop marker). */
export interface MarkerLabel extends MarkerSpot {
  text: string;
}

export type MapTone = "dark" | "light";

interface MapLabelsProps {
  markers: readonly MarkerSpot[];
  /** The markers' own labels: laid out first, beside their marker. */
  labels?: readonly MarkerLabel[];
  tone: MapTone;
}

/** At most this many place names at once: a readable map, and a bounded amount of DOM. */
const MAX_PLACE_LABELS = 80;
const MAX_CANDIDATES = 3000;
const PLACE_FONT = "500 12px system-ui, sans-serif";
const FACILITY_FONT = "700 12px system-ui, sans-serif";
const LABEL_HEIGHT = 18;
const PADDING_X = 4;

let canvas: HTMLCanvasElement | undefined;
/** The text's width in the label's font (the same string styles the label). */
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) return text.length * 7.5;
  context.font = font;
  return context.measureText(text).width;
}

const COLORS: Record<MapTone, { place: string; placeBg: string; facility: string; facilityBg: string }> = {
  dark: {
    place: "#e3ecf5",
    placeBg: "rgba(11,18,32,.78)",
    facility: "#0b1220",
    facilityBg: "rgba(255,255,255,.95)",
  },
  light: {
    place: "#1f2a35",
    placeBg: "rgba(255,255,255,.82)",
    facility: "#ffffff",
    facilityBg: "rgba(13,59,115,.95)",
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const icons = new Map<string, DivIcon>();

function labelIcon(
  kind: "place" | "facility",
  text: string,
  tone: MapTone,
  width: number,
  offset: [number, number],
): DivIcon {
  const key = [kind, text, tone, width, ...offset].join("|");
  const cached = icons.get(key);
  if (cached) return cached;
  // A map re-lays its labels after every move: the same label keeps its icon (and its element).
  if (icons.size > 5000) icons.clear();
  const colors = COLORS[tone];
  const [color, background, font] =
    kind === "place"
      ? [colors.place, colors.placeBg, PLACE_FONT]
      : [colors.facility, colors.facilityBg, FACILITY_FONT];
  const icon = divIcon({
    className: `fw-map-label fw-${kind}-label`,
    html: `<span data-testid="${kind}-label" aria-hidden="true" style="display:block;box-sizing:border-box;width:${width}px;height:${LABEL_HEIGHT}px;padding:0 ${PADDING_X}px;border-radius:3px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font:${font};line-height:${LABEL_HEIGHT}px;color:${color};background:${background}">${escapeHtml(text)}</span>`,
    iconSize: [width, LABEL_HEIGHT],
    iconAnchor: [-offset[0], -offset[1]],
  });
  icons.set(key, icon);
  return icon;
}

interface Item {
  kind: "facility" | "place";
  key: string;
  lat: number;
  lng: number;
  text: string;
  width: number;
}

const NO_LABELS: readonly MarkerLabel[] = [];

/**
 * Place names (GeoNames, from scripts/make-places.mjs) and the markers' own labels on an offline
 * map, laid out after every move so that no label covers a marker or another label: the markers'
 * labels first, then places by size, more of them as the map zooms in. Big places are fetched
 * with the first map; the small ones once a map is zoomed in to ALL_PLACES_ZOOM.
 */
export function MapLabels({ markers, labels = NO_LABELS, tone }: MapLabelsProps) {
  const map = useMap();
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), moves: 0 }));
  const handleMove = () => setView((current) => ({ zoom: map.getZoom(), moves: current.moves + 1 }));
  useMapEvents({ moveend: handleMove, zoomend: handleMove, resize: handleMove });
  const [major, setMajor] = useState<Place[]>([]);
  const [minor, setMinor] = useState<Place[]>([]);
  const wantMinor = view.zoom >= ALL_PLACES_ZOOM;

  useEffect(() => {
    let live = true;
    // Without place names the map still works: markers, lines, states and counties stay.
    loadPlaces("major").then(
      (places) => live && setMajor(places),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!wantMinor || minor.length) return;
    let live = true;
    loadPlaces("all").then(
      (places) => live && setMinor(places),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wantMinor, minor.length]);
  useEffect(() => {
    const control = map.attributionControl;
    control?.addAttribution(PLACES_ATTRIBUTION);
    return () => {
      control?.removeAttribution(PLACES_ATTRIBUTION);
    };
  }, [map]);

  const placed = useMemo(() => {
    void view.moves;
    const size = map.getSize();
    const within: Box = { left: 0, top: 0, right: size.x, bottom: size.y };
    const point = (lat: number, lng: number) => map.latLngToContainerPoint([lat, lng]);
    const obstacles = markers.map((marker) => {
      const at = point(marker.lat, marker.lng);
      return markerBox(at.x, at.y, marker.size);
    });
    const candidates: LabelCandidate<Item>[] = labels.map((label) => {
      const at = point(label.lat, label.lng);
      const width = Math.ceil(textWidth(label.text, FACILITY_FONT)) + 2 * PADDING_X;
      return {
        x: at.x,
        y: at.y,
        width,
        height: LABEL_HEIGHT,
        gap: label.size / 2 + 4,
        sides: ["right", "left", "bottom", "top"],
        item: { kind: "facility", key: label.key, lat: label.lat, lng: label.lng, text: label.text, width },
      };
    });
    const bounds = map.getBounds().pad(0.02);
    const smallest = minPopulation(view.zoom);
    let considered = 0;
    for (const place of wantMinor ? [...major, ...minor] : major) {
      if (considered >= MAX_CANDIDATES || place.population < smallest) break;
      if (!bounds.contains([place.lat, place.lng])) continue;
      considered += 1;
      const at = point(place.lat, place.lng);
      const width = Math.ceil(textWidth(place.name, PLACE_FONT)) + 2 * PADDING_X;
      candidates.push({
        x: at.x,
        y: at.y,
        width,
        height: LABEL_HEIGHT,
        gap: 4,
        sides: ["center", "bottom", "top", "right", "left"],
        item: {
          kind: "place",
          key: `${place.name}|${place.state}|${place.lat}|${place.lng}`,
          lat: place.lat,
          lng: place.lng,
          text: place.name,
          width,
        },
      });
    }
    return layoutLabels(candidates, obstacles, { within, limit: labels.length + MAX_PLACE_LABELS });
  }, [map, view, markers, labels, major, minor, wantMinor]);

  const marker = ({ item, offsetX, offsetY }: (typeof placed)[number]) => (
    <Marker
      key={`${item.kind}:${item.key}`}
      position={[item.lat, item.lng]}
      icon={labelIcon(item.kind, item.text, tone, item.width, [offsetX, offsetY])}
      interactive={false}
      keyboard={false}
    />
  );
  // Place names sit under the route's line and markers (the overlay pane is at 400); the markers'
  // own labels above the line, under the markers (600).
  return (
    <>
      <Pane name="fw-place-labels" style={{ zIndex: 390, pointerEvents: "none" }}>
        {placed.filter((label) => label.item.kind === "place").map(marker)}
      </Pane>
      <Pane name="fw-marker-labels" style={{ zIndex: 590, pointerEvents: "none" }}>
        {placed.filter((label) => label.item.kind === "facility").map(marker)}
      </Pane>
    </>
  );
}

import { type DivIcon, divIcon } from "leaflet";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const cache = new Map<string, DivIcon>();

/**
 * A round marker with a short text, readable on the dark map. Icons are cached: a new icon
 * object on every render would make Leaflet rebuild the marker's element.
 */
function badge(label: string, background: string, color: string, size: number, testId: string): DivIcon {
  const key = [label, background, color, size, testId].join("|");
  let icon = cache.get(key);
  if (!icon) {
    icon = divIcon({
      className: "fw-marker",
      html: `<span data-testid="${escapeHtml(testId)}" data-label="${escapeHtml(label)}" style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${background};color:${color};font:700 ${Math.round(size * 0.5)}px/1 system-ui,sans-serif;border:2px solid #0b1220;box-shadow:0 0 0 2px rgba(255,255,255,.35)">${escapeHtml(label)}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    cache.set(key, icon);
  }
  return icon;
}

/** The truck: a white marker labelled T. */
export const truckIcon = (testId = "truck-marker") => badge("T", "#ffffff", "#0b1220", 30, testId);

/** A stop: P / D / its sequence number in the stop's colour. */
export const stopIcon = (label: string, color: string, testId: string) =>
  badge(label, color, "#ffffff", 26, testId);

/** A cluster of trucks with their count. */
export const clusterIcon = (count: number) =>
  badge(
    count > 999 ? `${Math.round(count / 1000)}k` : String(count),
    "#1565c0",
    "#ffffff",
    count > 99 ? 44 : 36,
    "truck-cluster",
  );

import { type DivIcon, divIcon } from "leaflet";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const cache = new Map<string, DivIcon>();

/** How far a stop count chip reaches past its marker's right edge. */
const COUNT_OVERHANG = 14;

/** Marker sizes in pixels (labels lay out around them). */
export const TRUCK_SIZE = 30;
export const STOP_SIZE = 26;
/** The room a stop marker takes, with its count chip when it has one. */
export const stopFootprint = (count: number) =>
  count > 1 ? STOP_SIZE + 2 * COUNT_OVERHANG + 6 : STOP_SIZE + 6;

/**
 * A round marker with a short text, readable on the dark map. Icons are cached: a new icon
 * object on every render would make Leaflet rebuild the marker's element.
 */
function badge(
  label: string,
  background: string,
  color: string,
  size: number,
  testId: string,
  count = "",
): DivIcon {
  const key = [label, background, color, size, testId, count].join("|");
  let icon = cache.get(key);
  if (!icon) {
    // The count of stops at one facility: a chip on the marker's top right corner (inside the
    // marker's box, which labels keep clear of).
    const chip = count
      ? `<span data-testid="stop-count" style="position:absolute;top:-9px;right:-${COUNT_OVERHANG}px;padding:0 3px;border-radius:8px;background:#0b1220;color:#ffffff;font:700 11px/15px system-ui,sans-serif;border:1px solid #ffffff">${escapeHtml(count)}</span>`
      : "";
    icon = divIcon({
      className: "fw-marker",
      html: `<span data-testid="${escapeHtml(testId)}" data-label="${escapeHtml(label)}" style="position:relative;display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;box-sizing:border-box;border-radius:50%;background:${background};color:${color};font:700 ${Math.round(size * 0.5)}px/1 system-ui,sans-serif;border:2px solid #0b1220;box-shadow:0 0 0 2px rgba(255,255,255,.35)">${escapeHtml(label)}${chip}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    cache.set(key, icon);
  }
  return icon;
}

/** The truck: a white marker labelled T. */
export const truckIcon = (testId = "truck-marker") => badge("T", "#ffffff", "#0b1220", TRUCK_SIZE, testId);

/** A stop: P / D / its sequence number in the stop's colour; `count` for stops sharing a facility ("×2"). */
export const stopIcon = (label: string, color: string, testId: string, count = "") =>
  badge(label, color, "#ffffff", STOP_SIZE, testId, count);

/** A cluster's size in pixels: bigger for three-digit counts. */
export const clusterSize = (count: number) => (count > 99 ? 44 : 36);

/** A cluster of trucks with their count. */
export const clusterIcon = (count: number) =>
  badge(
    count > 999 ? `${Math.round(count / 1000)}k` : String(count),
    "#1565c0",
    "#ffffff",
    clusterSize(count),
    "truck-cluster",
  );

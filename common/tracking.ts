/** Tracking texts, map constants and formats shared by the server and the screens (spec sections 2 and 9). */

export const TRACKING_TEXTS = {
  empty: "No tracking data available.",
  loading: "Cargando datos...",
  mapLoading: "Cargando mapa...",
  mapError: "Error cargando mapa",
  routeNotFound: "Route not found",
  linkNotFound: "Tracking link not found",
} as const;

/** Spec section 9: the tracking map. */
export const TRACKING_MAP = {
  /** The middle of the contiguous US (near Lebanon, Kansas). */
  defaultCenter: { lat: 39.8283, lng: -98.5795 },
  defaultZoom: 4,
  dataZoom: 12,
  markerClickZoom: 18,
  heightPx: 510,
  clusterRadius: 60,
  clusterMaxZoom: 16,
} as const;

export const STOP_COLORS = { pickup: "#2e7d32", delivery: "#d32f2f", other: "#ef6c00" } as const;

/** The spec's stop kinds on the tracking payload: `stop` rows are reported as `other`. */
export type TrackingStopKind = "pickup" | "delivery" | "other";

export function trackingStopKind(type: string): TrackingStopKind {
  return type === "pickup" || type === "delivery" ? type : "other";
}

/** The marker text: P for a pickup, D for a delivery, the sequence number otherwise. */
export function stopMarkerLabel(type: string, sequence: number): string {
  const kind = trackingStopKind(type);
  return kind === "pickup" ? "P" : kind === "delivery" ? "D" : String(sequence);
}

/** ETA column: minutes as 'Xh Ym' (e.g. 135 -> '2h 15m'); null or negative -> null. */
export function formatEta(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return null;
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** Where the shipper follows a load. */
export function publicTrackingPath(token: string): string {
  return `/track/${encodeURIComponent(token)}`;
}

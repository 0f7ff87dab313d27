import { z } from "zod";
import { instantInput } from "./instant-input.ts";

/**
 * The driver app (issue #30): what the server and the PWA at /driver share. A driver opens the
 * trip link dispatch sends (`/driver/trip/<token>`), the app exchanges the token for a short-lived
 * access token scoped to that one load (POST /api/driver/session), reads the trip (`driverTrips`)
 * and sends positions, stop check-ins and documents, each stamped with when it happened.
 */

/** The error code of a wrong, expired or revoked trip link (HTTP 401). */
export const TRIP_LINK_INVALID = "TRIP_LINK_INVALID";

export const DRIVER_TEXTS = {
  /** The one answer to a wrong, expired or revoked trip link: the app shows it on its own page, no data. */
  tripLinkInvalid:
    "This trip link does not work: it is wrong, expired or was revoked. Ask your dispatcher for a new link.",
  tokenRequired: "The trip link's token is required",
  tooManyTripLinkAttempts:
    "Too many wrong trip links from this network. Please wait a few minutes and try again.",
  tripNotFound: "Trip not found",
  tripLinkRevoked: "Trip link revoked",
  noLiveTripLink: "This load has no live trip link",
  positionsRequired: "positions must hold at least one point",
  tooManyPositions: "At most 500 positions per call",
  receiverTooLong: "Receiver name is longer than 120 characters",
  noteTooLong: "The note is longer than 1000 characters",
  exceptionsInvalid: "Exceptions must be a comma list of shortage, damage, refused",
  podFieldsOnlyForPod: "Receiver, exceptions, note and signature belong to a proof of delivery only",
  signatureNotPng: "The signature must be a PNG image",
  idempotencyKeyInvalid: "The Idempotency-Key header must be 1 to 100 visible characters",
  driverTypeInvalid: "The driver app files BOL, POD or OTHER documents",
  takenAtFuture: "takenAt is in the future (check the phone's clock)",
} as const;

/** How long the access token a trip link buys works; the app exchanges the link again after it. */
export const TRIP_ACCESS_MINUTES = 60;
/** A trip link stops working this many days after its load is delivered (or at dispatch + 30 days, earlier). */
export const TRIP_LINK_DAYS_AFTER_DELIVERY = 7;
/** A driver reads at most this many trips at once (a carrier user signed in on the phone). */
export const MAX_DRIVER_TRIPS = 50;
/** A batch of positions holds at most this many points. */
export const MAX_DRIVER_POSITIONS = 500;
/** Faster than this from the previous accepted point is a bad fix, not a truck. */
export const MAX_DRIVER_SPEED_MPH = 120;
/** Positions are taken this long after delivery (the truck leaves the dock), none later. */
export const DRIVER_POSITION_GRACE_MINUTES = 60;
/** The app sends its queued points every 30 s or every 500 m, whichever first. */
export const POSITION_SEND_SECONDS = 30;
export const POSITION_SEND_METERS = 500;

/** Why a position of a batch was refused (each refused point names one). */
export const POSITION_REJECT_REASONS = [
  /** Recorded before the load was dispatched to this driver. */
  "before_dispatch",
  /** Recorded after the delivery plus the grace period. */
  "after_delivery",
  /** Stamped more than 5 minutes ahead of the server's clock. */
  "future",
  /** Over 120 mph from the previous accepted point. */
  "too_fast",
] as const;
export type PositionRejectReason = (typeof POSITION_REJECT_REASONS)[number];

export const POSITION_REJECT_LABELS: Record<PositionRejectReason, string> = {
  before_dispatch: "Recorded before the trip was dispatched",
  after_delivery: "Recorded after the trip ended",
  future: "Recorded in the future (check the phone's clock)",
  too_fast: "Impossible speed from the previous point",
};

const coordinate = (label: string, limit: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`);

const optionalNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .nullish()
    .transform((value) => value ?? null);

/** One point the phone read (Geolocation API), with when it read it. */
export const driverPositionInput = z.object({
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  recordedAt: instantInput("recordedAt"),
  speedMph: optionalNumber("speedMph", 0, 200),
  heading: optionalNumber("heading", 0, 360),
  accuracyMeters: optionalNumber("accuracyMeters", 0, 100_000),
});
export type DriverPosition = z.infer<typeof driverPositionInput>;

/** POST /api/driver/trips/{loadId}/positions: a batch in the order the phone read them (any order is fine). */
export const driverPositionsInput = z.object({
  positions: z
    .array(driverPositionInput, { message: "positions must be a list" })
    .min(1, DRIVER_TEXTS.positionsRequired)
    .max(MAX_DRIVER_POSITIONS, DRIVER_TEXTS.tooManyPositions),
});

/** POST /api/driver/session. */
export const driverSessionInput = z.object({
  token: z.string({ message: DRIVER_TEXTS.tokenRequired }).trim().min(1, DRIVER_TEXTS.tokenRequired),
});
/** A trip token is 43 characters (32 random bytes, base64url); a longer text is no token of ours. */
export const TRIP_TOKEN_MAX = 200;

/** The answer of POST /api/driver/session. */
export interface DriverSession {
  accessToken: string;
  expiresAt: string;
  loadId: string;
  driverName: string;
}

/** The answer of POST /api/driver/trips/{loadId}/positions. */
export interface PositionsResult {
  accepted: number;
  duplicates: number;
  rejected: { index: number; reason: PositionRejectReason }[];
}

/** The documents a driver files from the app. */
export const DRIVER_DOCUMENT_TYPES = ["BOL", "POD", "OTHER"] as const;
export type DriverDocumentType = (typeof DRIVER_DOCUMENT_TYPES)[number];

/** What a receiver may note on a proof of delivery. */
export const POD_EXCEPTIONS = ["shortage", "damage", "refused"] as const;
export type PodException = (typeof POD_EXCEPTIONS)[number];

export const POD_EXCEPTION_LABELS: Record<PodException, string> = {
  shortage: "Shortage",
  damage: "Damage",
  refused: "Refused",
};

export const POD_RECEIVER_MAX = 120;
export const POD_NOTE_MAX = 1000;
/** The header that makes a retried upload answer the first one's result. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 100;

/** The comma list of exceptions a form sends (`shortage,damage`), or a problem. */
export function parsePodExceptions(text: string | null | undefined): PodException[] | "invalid" {
  const parts = (text ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== "");
  const known = new Set<string>(POD_EXCEPTIONS);
  if (parts.some((part) => !known.has(part))) return "invalid";
  return POD_EXCEPTIONS.filter((exception) => parts.includes(exception));
}

/** The link a phone opens in its maps app: directions to the facility (coordinates, else its address). */
export function navigationUrl(stop: {
  latitude: number | null;
  longitude: number | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}): string | null {
  const destination =
    stop.latitude !== null && stop.longitude !== null
      ? `${stop.latitude},${stop.longitude}`
      : [stop.address, stop.city, [stop.state, stop.zip].filter(Boolean).join(" ")]
          .filter((part) => part && part.trim() !== "")
          .join(", ");
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** The trip URL's path on the app (dispatch builds `${APP_URL}/driver/trip/<token>`). */
export function driverTripPath(token: string): string {
  return `/driver/trip/${encodeURIComponent(token)}`;
}

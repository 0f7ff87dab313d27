import { z } from "zod";
import { LOAD_STATUSES } from "../../common/loads/values.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** The REST answers of the tracking domain (tracking/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();
const latLng = z.object({ lat: z.number(), lng: z.number() });
const stopKind = z.enum(["pickup", "delivery", "other"]);

/** `trackingJson`: a route's tracking data. */
export const trackingSchema = z
  .object({
    _id: z.string(),
    routeNumber: z.string(),
    carrier: text.describe("The carrier's name."),
    driver: text.describe("The driver's userId."),
    loads: z.array(z.object({ loadId: z.string(), status: z.enum(LOAD_STATUSES) })),
    eta: z.number().int().nullable().describe("Minutes to the last stop."),
    nextStopEta: z.number().int().nullable().describe("Minutes to the next stop."),
    lastPosition: latLng.nullable(),
    lastPositionAt: dateTime.nullable(),
    speedMph: z.number().nullable(),
    heading: z.number().nullable().describe("Degrees from north."),
    stops: z
      .array(
        z.object({
          _id: z.string(),
          sequence: z.number().int(),
          type: stopKind,
          nass: z.object({
            code: text,
            facilityName: text,
            city: text,
            state: text,
            location: latLng.nullable(),
          }),
          arrivedAt: dateTime.nullable(),
          departedAt: dateTime.nullable(),
        }),
      )
      .describe("By sequence."),
  })
  .meta({
    id: "RouteTracking",
    description: "A route's tracking data: last position, ETAs, loads and stops.",
  });

/** POST /tracking/{routeNumber}/positions. */
export const positionsReportedSchema = z.object({
  routeNumber: z.string(),
  accepted: z.number().int().describe("Points stored by this call."),
  duplicates: z.number().int().describe("Points already stored for the same time (or repeated): ignored."),
  late: z.number().int().describe("Stored points older than the route's last position: history only."),
  etaMinutes: z.number().int().nullable(),
  nextStopEtaMinutes: z.number().int().nullable(),
});

/** `shipmentJson`: the shipper's view of a load (GET /track/{token}). */
export const shipmentSchema = z.object({
  loadId: z.string(),
  status: z.enum(LOAD_STATUSES),
  routeNumber: text,
  etaMinutes: z.number().int().nullable(),
  lastPositionAt: dateTime.nullable(),
  lastKnownCity: text.describe("The nearest facility's city and state."),
  stops: z.array(
    z.object({
      sequence: z.number().int(),
      type: stopKind,
      city: text,
      state: text,
      arrivedAt: dateTime.nullable(),
      departedAt: dateTime.nullable(),
    }),
  ),
});

/** POST /tracking/links/{loadId}. */
export const shipmentLinkSchema = z.object({
  loadId: z.string().describe("As in the path."),
  path: z.string().describe("The shipper's tracking page, /track/{token}."),
});

/** DELETE /tracking/links/{loadId}. */
export const shipmentLinkRevokedSchema = z.object({
  loadId: z.string().describe("As in the path."),
  revoked: z.number().int().describe("How many live links were revoked (0 or 1)."),
});

import { z } from "zod";
import {
  DRIVER_TEXTS,
  driverPositionsInput,
  driverSessionInput,
  POSITION_REJECT_REASONS,
} from "../../common/driver.ts";
import { openTripSession } from "../dispatch/trip-session.ts";
import { dateTime, errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { reportDriverPositions } from "./positions.ts";

const driverSessionSchema = z
  .object({
    accessToken: z
      .string()
      .describe("A bearer token for the trip's calls (GraphQL, positions, check-ins, documents)."),
    expiresAt: dateTime.describe("When the access token stops working: exchange the trip token again."),
    loadId: z.string().describe("The trip's load (readable id)."),
    driverName: z.string().describe("The driver dispatch named."),
  })
  .meta({ id: "DriverSession", description: "A driver's trip session, scoped to one load." });

export const driverRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/driver/session",
    access: "public",
    schema: {
      summary: "Open a driver's trip session",
      description:
        "`{ token }`: the token of the trip link dispatch sent (`/driver/trip/<token>`) for a short-lived " +
        "access token (1 hour at most, never past the link's expiry) scoped to that trip: its load's trip, " +
        "positions, stop check-ins and documents, nothing else. A wrong, expired or revoked link: 401 " +
        "`TRIP_LINK_INVALID`. Past 10 wrong tokens in 15 minutes from one address (50 from its network): 429 " +
        "`RATE_LIMITED` for every token, the right one too; a valid exchange does not count.",
      body: driverSessionInput,
      response: {
        200: driverSessionSchema,
        ...errors(400, { 401: DRIVER_TEXTS.tripLinkInvalid }, 429),
      },
    },
    handle: (ctx, { body }) => openTripSession(ctx, body),
  },
  {
    method: "POST",
    path: "/driver/trips/:loadId/positions",
    access: "driver",
    bodyLimit: 256 * 1024,
    schema: {
      summary: "Report a trip's positions (driver app)",
      description:
        "`{ positions: [{ latitude, longitude, recordedAt, speedMph?, heading?, accuracyMeters? }] }`, at most " +
        "500, as the phone read them (queued offline and replayed in order). Coordinates out of range: 400 " +
        "and nothing stored. Each point recorded before dispatch, after delivery plus an hour, in the future, " +
        "or over 120 mph from the previous accepted point is refused on its own (`rejected` names its index " +
        "and reason); points already stored are `duplicates`; late points are kept as history and never move " +
        "the truck back. A load on no route starts its own (TRIP-<loadId>) at the first position, so it shows " +
        "in tracking. The trip session of that load, the load's carrier side or an operator.",
      body: driverPositionsInput,
      response: {
        200: z
          .object({
            accepted: z.number().int().describe("Points stored."),
            duplicates: z.number().int().describe("Points already stored for that time: ignored."),
            rejected: z
              .array(z.object({ index: z.number().int(), reason: z.enum(POSITION_REJECT_REASONS) }))
              .describe("Each refused point's index in the batch and why."),
          })
          .meta({ id: "DriverPositionsResult", description: "What a batch of a trip's positions did." }),
        ...errors(400, { 404: DRIVER_TEXTS.tripNotFound }),
      },
    },
    handle: (ctx, { params, body }) => reportDriverPositions(ctx, params.loadId, body),
  },
];

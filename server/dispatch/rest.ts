import { z } from "zod";
import { dispatchInput } from "../../common/dispatch.ts";
import { DOCUMENT_MESSAGES } from "../../common/documents.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { dateTime, errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { dispatchLoad, revokeTripLink } from "./service.ts";

const dispatchedSchema = z
  .object({
    message: z.string(),
    loadId: z.string(),
    tripUrl: z.string().describe("The driver's link to the trip (driver app); a new dispatch replaces it."),
    expiresAt: dateTime,
  })
  .meta({ id: "Dispatched", description: "A dispatched load and its driver's trip link." });

export const dispatchRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/loads/:loadId/dispatch",
    access: "signedIn",
    schema: {
      summary: "Dispatch a covered load",
      description:
        "`{ driverName, driverPhone, truckNumber?, trailerNumber? }`: the driver and equipment of a load whose " +
        "winner is confirmed; records 'dispatched' on its timeline and answers the driver's trip link (a new " +
        "dispatch replaces the previous link). The winning carrier user or an operator.",
      body: dispatchInput,
      response: {
        200: dispatchedSchema,
        ...errors(400, { 404: OFFER_MESSAGES.noWinner, 409: "The load is delivered or cancelled." }),
      },
    },
    async handle(ctx, { params, body }) {
      const dispatched = await dispatchLoad(ctx, params.loadId, body);
      return {
        message: "Load dispatched",
        loadId: dispatched.loadId,
        tripUrl: dispatched.tripUrl,
        expiresAt: dispatched.expiresAt.toISOString(),
      };
    },
  },
  {
    method: "POST",
    path: "/loads/:loadId/trip-link/revoke",
    access: "signedIn",
    schema: {
      summary: "Revoke the driver's trip link",
      description:
        "Ends the load's live trip link: the driver app's session stops at its next request (401 " +
        "`TRIP_LINK_INVALID`) and its live updates end. Answers how many links it ended (0 when none was " +
        "live: revoking again changes nothing). The load's carrier side or an operator.",
      response: {
        200: z
          .object({ message: z.string(), loadId: z.string(), revoked: z.number().int() })
          .meta({ id: "TripLinkRevoked", description: "The links a revocation ended." }),
        ...errors({ 404: DOCUMENT_MESSAGES.loadNotFound }),
      },
    },
    async handle(ctx, { params }) {
      const revoked = await revokeTripLink(ctx, params.loadId);
      return { message: "Trip link revoked", loadId: revoked.loadId, revoked: revoked.revoked };
    },
  },
];

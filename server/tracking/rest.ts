import { TRACKING_TEXTS } from "../../common/tracking.ts";
import { ValidationError } from "../errors.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { reportPositions } from "./ingest.ts";
import { shipmentJson, trackingJson } from "./json.ts";
import {
  positionsReportedSchema,
  shipmentLinkRevokedSchema,
  shipmentLinkSchema,
  shipmentSchema,
  trackingSchema,
} from "./rest-schemas.ts";
import { findTrackedRoutePage, getTrackedRoute } from "./service.ts";
import { renewShipmentLink, revokeShipmentLink, shipmentByToken } from "./shipment.ts";
import { positionBatchInput } from "./validation.ts";

/** 500 points of about 120 bytes each, with room to spare. */
const POSITIONS_BODY_LIMIT = 256 * 1024;

export const trackingRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/tracking",
    access: "admin",
    schema: {
      summary: "List tracked routes",
      description: "Routes with their tracking data, by route number, paged. Operators only.",
      querystring: pagedQuery({
        scope: queryParam(
          "tracked (default): the truck has reported; trackable: the route has a located stop.",
          ["tracked", "trackable"],
        ),
        search: queryParam("Text in the route number, carrier, driver (userId) or a load id, any case."),
      }),
      response: { 200: pagedList(trackingSchema, "A page of tracked routes."), ...errors(400) },
    },
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const scope = query.get("scope") ?? "tracked";
      if (scope !== "tracked" && scope !== "trackable") {
        const message = "scope must be tracked or trackable";
        throw new ValidationError(message, [{ field: "scope", message }]);
      }
      const connection = await findTrackedRoutePage(ctx, {
        search: query.get("search"),
        paging: restPaging(page),
        scope,
      });
      const routes = connection.edges.map(({ node }) => trackingJson(node));
      return pagedReply(routes, page, await connection.totalCount(), request);
    },
  },
  {
    method: "GET",
    path: "/tracking/:routeNumber",
    access: "admin",
    schema: {
      summary: "Get a route's tracking",
      description: "The map's data: last position, ETA, loads and stops with arrivals. Operators only.",
      response: { 200: trackingSchema, ...errors({ 404: TRACKING_TEXTS.routeNotFound }) },
    },
    handle: async (ctx, { params }) => trackingJson(await getTrackedRoute(ctx, params.routeNumber)),
  },
  {
    method: "POST",
    path: "/tracking/:routeNumber/positions",
    access: "signedIn",
    bodyLimit: POSITIONS_BODY_LIMIT,
    schema: {
      summary: "Report positions",
      description:
        "A device reports up to 500 points of the route's truck (its driver, its carrier's users or an " +
        "operator). Points already stored are ignored; the route's position, ETAs, stop arrivals and " +
        "load statuses move forward. 201 when a point was stored, 200 otherwise.",
      body: positionBatchInput,
      response: {
        200: positionsReportedSchema.describe("Nothing new was stored."),
        201: positionsReportedSchema.describe("Points were stored."),
        ...errors(400, {
          403: "Only the route's driver, its carrier's users or an operator.",
          404: TRACKING_TEXTS.routeNotFound,
        }),
      },
    },
    handle: async (ctx, { params, body }) => {
      const { routeId: _routeId, ...result } = await reportPositions(ctx, params.routeNumber, body);
      return withStatus(result.accepted > 0 ? 201 : 200, { routeNumber: params.routeNumber, ...result });
    },
  },
  {
    method: "GET",
    path: "/track/:token",
    access: "public",
    schema: {
      summary: "Track a shipment",
      description:
        "The shipper's page, for anyone with the link: the load's status, its stops' progress, the last " +
        "known city and the ETA (never the driver or the truck's exact position).",
      response: { 200: shipmentSchema, ...errors({ 404: TRACKING_TEXTS.linkNotFound }) },
    },
    handle: async (ctx, { params }) => shipmentJson(await shipmentByToken(ctx, params.token)),
  },
  {
    method: "POST",
    path: "/tracking/links/:loadId",
    access: "admin",
    schema: {
      summary: "Issue a shipment tracking link",
      description:
        "A new public link for the load (loadId or id); the previous one stops working. Operators only.",
      response: { 201: shipmentLinkSchema, ...errors({ 404: "Load not found" }) },
    },
    handle: async (ctx, { params }) =>
      withStatus(201, { loadId: params.loadId, path: await renewShipmentLink(ctx, params.loadId) }),
  },
  {
    method: "DELETE",
    path: "/tracking/links/:loadId",
    access: "admin",
    schema: {
      summary: "Revoke a shipment tracking link",
      description: "The load's public link stops working. Operators only.",
      response: { 200: shipmentLinkRevokedSchema, ...errors({ 404: "Load not found" }) },
    },
    handle: async (ctx, { params }) => ({
      loadId: params.loadId,
      revoked: await revokeShipmentLink(ctx, params.loadId),
    }),
  },
];

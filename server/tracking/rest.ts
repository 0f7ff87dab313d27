import { ValidationError } from "../errors.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { reportPositions } from "./ingest.ts";
import { shipmentJson, trackingJson } from "./json.ts";
import { getTrackedRoute, listTrackedRoutes } from "./service.ts";
import { renewShipmentLink, revokeShipmentLink, shipmentByToken } from "./shipment.ts";

/** 500 points of about 120 bytes each, with room to spare. */
const POSITIONS_BODY_LIMIT = 256 * 1024;

export const trackingRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/tracking",
    access: "admin",
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const scope = query.get("scope") ?? "tracked";
      if (scope !== "tracked" && scope !== "trackable") {
        const message = "scope must be tracked or trackable";
        throw new ValidationError(message, [{ field: "scope", message }]);
      }
      const { routes, totalCount } = await listTrackedRoutes(ctx, {
        search: query.get("search"),
        offset: page.offset,
        limit: page.limit,
        scope,
      });
      return pagedReply(routes.map(trackingJson), page, totalCount, request);
    },
  },
  {
    method: "GET",
    path: "/tracking/:routeNumber",
    access: "admin",
    handle: async (ctx, { params }) => trackingJson(await getTrackedRoute(ctx, params.routeNumber)),
  },
  {
    method: "POST",
    path: "/tracking/:routeNumber/positions",
    access: "signedIn",
    bodyLimit: POSITIONS_BODY_LIMIT,
    handle: async (ctx, { params, body }) => {
      const { routeId: _routeId, ...result } = await reportPositions(ctx, params.routeNumber, body);
      return withStatus(result.accepted > 0 ? 201 : 200, { routeNumber: params.routeNumber, ...result });
    },
  },
  {
    method: "GET",
    path: "/track/:token",
    access: "public",
    handle: async (ctx, { params }) => shipmentJson(await shipmentByToken(ctx, params.token)),
  },
  {
    method: "POST",
    path: "/tracking/links/:loadId",
    access: "admin",
    handle: async (ctx, { params }) =>
      withStatus(201, { loadId: params.loadId, path: await renewShipmentLink(ctx, params.loadId) }),
  },
  {
    method: "DELETE",
    path: "/tracking/links/:loadId",
    access: "admin",
    handle: async (ctx, { params }) => ({
      loadId: params.loadId,
      revoked: await revokeShipmentLink(ctx, params.loadId),
    }),
  },
];

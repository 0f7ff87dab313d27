import { ROUTE_NOT_FOUND } from "../../common/routing.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { ROUTE_JSON_INCLUDE, type RouteWithRelations, routeChangeJson, routeJson } from "./json.ts";
import { DEFAULT_ROUTE_SORT } from "./list.ts";
import { routeChangeSchema, routeNumberSuggestionSchema, routeSchema } from "./rest-schemas.ts";
import { createRoute, findRouteByNumber, findRoutePage, suggestRouteNumber, updateRoute } from "./service.ts";
import { createRouteInput, updateRouteInput } from "./validation.ts";

async function routeWithRelations(ctx: Context, routeNumber: string): Promise<RouteWithRelations> {
  const route = await findRouteByNumber(ctx, routeNumber, { include: ROUTE_JSON_INCLUDE });
  if (!route) throw new NotFoundError(ROUTE_NOT_FOUND);
  return route as RouteWithRelations;
}

export const routingRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/routing",
    access: "admin",
    schema: {
      summary: "List routes",
      description: "Routes with their loads and stops, newest first, paged. Operators only.",
      querystring: pagedQuery({
        search: queryParam("Text in the route number or the carrier's name, any case."),
      }),
      response: { 200: pagedList(routeSchema, "A page of routes."), ...errors(400) },
    },
    // ?search= (route number or carrier) on top of the paging convention; newest first.
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const connection = await findRoutePage(
        ctx,
        {
          filters: { search: query.get("search") },
          sort: DEFAULT_ROUTE_SORT,
          paging: restPaging(page),
        },
        { include: ROUTE_JSON_INCLUDE },
      );
      const routes = connection.edges.map((edge) => routeJson(edge.node as RouteWithRelations));
      return pagedReply(routes, page, await connection.totalCount(), request);
    },
  },
  {
    method: "GET",
    path: "/routing/route-number",
    access: "admin",
    schema: {
      summary: "Suggest a route number",
      description: "A route number no route uses yet, for the Create Route form. Operators only.",
      response: { 200: routeNumberSuggestionSchema, ...errors(409) },
    },
    handle: async (ctx) => ({ routeNumber: await suggestRouteNumber(ctx) }),
  },
  {
    method: "POST",
    path: "/routing",
    access: "admin",
    schema: {
      summary: "Create a route",
      description:
        "Groups loads (by loadId) under a new route number; a load on another route moves (`movedLoads`). " +
        "409 when the route number is taken. Operators only.",
      body: createRouteInput,
      response: { 201: routeChangeSchema, ...errors(400, 409) },
    },
    async handle(ctx, { body }) {
      const change = await createRoute(ctx, body);
      return withStatus(
        201,
        routeChangeJson(change, await routeWithRelations(ctx, change.route.routeNumber), "created"),
      );
    },
  },
  {
    method: "GET",
    path: "/routing/:routeNumber",
    access: "admin",
    schema: {
      summary: "Get a route",
      description: "One route by its number, with its loads and stops. Operators only.",
      response: { 200: routeSchema, ...errors({ 404: ROUTE_NOT_FOUND }) },
    },
    handle: async (ctx, { params }) => routeJson(await routeWithRelations(ctx, params.routeNumber)),
  },
  {
    method: "PUT",
    path: "/routing/:routeNumber",
    access: "admin",
    schema: {
      summary: "Save a route",
      description:
        "The full route object: left-out parts stay; `assignedLoads` (or `loadIds`) is the whole new " +
        "load list, `stops` the whole stop list, `assignedUserKey` null unassigns the driver. The route " +
        "number cannot change. With `version` (as GET answered it), 409 when someone else changed the " +
        "route since (its driver, stops or loads, a load moved elsewhere included). Operators only.",
      body: updateRouteInput,
      response: { 200: routeChangeSchema, ...errors(400, { 404: ROUTE_NOT_FOUND }, 409) },
    },
    async handle(ctx, { params, body }) {
      const change = await updateRoute(ctx, params.routeNumber, body);
      return routeChangeJson(change, await routeWithRelations(ctx, change.route.routeNumber), "saved");
    },
  },
];

import { ROUTE_NOT_FOUND } from "../../common/routing.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { ROUTE_JSON_INCLUDE, type RouteWithRelations, routeChangeJson, routeJson } from "./json.ts";
import { DEFAULT_ROUTE_SORT } from "./list.ts";
import { createRoute, findRouteByNumber, findRoutePage, suggestRouteNumber, updateRoute } from "./service.ts";

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
    // ?search= (route number or carrier) on top of the paging convention; newest first.
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const connection = await findRoutePage(
        ctx,
        {
          filters: { search: query.get("search") },
          sort: DEFAULT_ROUTE_SORT,
          paging: { page: page.page, pageSize: page.limit },
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
    handle: async (ctx) => ({ routeNumber: await suggestRouteNumber(ctx) }),
  },
  {
    method: "POST",
    path: "/routing",
    access: "admin",
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
    handle: async (ctx, { params }) => routeJson(await routeWithRelations(ctx, params.routeNumber)),
  },
  {
    method: "PUT",
    path: "/routing/:routeNumber",
    access: "admin",
    async handle(ctx, { params, body }) {
      const change = await updateRoute(ctx, params.routeNumber, body);
      return routeChangeJson(change, await routeWithRelations(ctx, change.route.routeNumber), "saved");
    },
  },
];

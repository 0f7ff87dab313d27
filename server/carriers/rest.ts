import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { publicUser } from "../users/json.ts";
import { attachDriver, attachDriverByEmail, detachDriver } from "./drivers.ts";
import { carrierJson } from "./json.ts";
import { createCarrier, getCarrier, listCarrierDrivers, listCarriers, updateCarrier } from "./service.ts";

/** Optional list parameters: ?search=&type=&sortBy=&sortDirection= (the spec's call sends none). */
function listFilter(query: URLSearchParams) {
  return {
    search: query.get("search") ?? undefined,
    type: query.get("type") ?? undefined,
    sortBy: query.get("sortBy") ?? query.get("sort") ?? undefined,
    sortDirection: query.get("sortDirection") ?? query.get("order") ?? undefined,
  };
}

type Body = Record<string, unknown> | undefined;

export const carrierRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/carriers",
    access: "admin",
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const { items, totalCount } = await listCarriers(ctx, listFilter(query), page);
      return pagedReply(items.map(carrierJson), page, totalCount, request);
    },
  },
  {
    method: "POST",
    path: "/carriers",
    access: "admin",
    handle: async (ctx, { body }) => withStatus(201, carrierJson(await createCarrier(ctx, body))),
  },
  {
    method: "GET",
    path: "/carriers/:id",
    access: "admin",
    handle: async (ctx, { params }) => carrierJson(await getCarrier(ctx, params.id)),
  },
  {
    method: "PATCH",
    path: "/carriers/:id",
    access: "admin",
    handle: async (ctx, { params, body }) => carrierJson(await updateCarrier(ctx, params.id, body)),
  },
  {
    method: "GET",
    path: "/carriers/:id/drivers",
    access: "admin",
    async handle(ctx, { params, query, request }) {
      const page = readRestPage(query);
      const { items, totalCount } = await listCarrierDrivers(ctx, params.id, page);
      return pagedReply(items.map(publicUser), page, totalCount, request);
    },
  },
  {
    method: "POST",
    path: "/carriers/:id/drivers",
    access: "admin",
    handle: async (ctx, { params, body }) => {
      const input = (body ?? {}) as Body;
      const userRef = input?.userId ?? input?._id;
      const { carrier } =
        typeof userRef === "string" && input?.email === undefined
          ? await attachDriver(ctx, params.id, userRef)
          : await attachDriverByEmail(ctx, params.id, input);
      return carrierJson(await getCarrier(ctx, carrier.id));
    },
  },
  {
    method: "DELETE",
    path: "/carriers/:id/drivers/:userId",
    access: "admin",
    handle: async (ctx, { params }) => {
      const { carrier } = await detachDriver(ctx, params.id, params.userId);
      return carrierJson(await getCarrier(ctx, carrier.id));
    },
  },
];

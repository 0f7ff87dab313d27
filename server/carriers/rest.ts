import {
  attachDriverBody,
  CARRIER_SORT_FIELDS,
  CARRIER_TYPES,
  createCarrierInput,
  updateCarrierInput,
} from "../../common/carriers.ts";
import { publicUser, publicUserSchema } from "../auth/account-json.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { attachDriver, attachDriverByEmail, detachDriver } from "./drivers.ts";
import { carrierJson } from "./json.ts";
import { CARRIER_NOT_FOUND } from "./lookup.ts";
import { carrierSchema } from "./rest-schemas.ts";
import {
  CARRIER_REST_QUERY,
  type CarrierWithDrivers,
  createCarrier,
  findCarrierDriverPage,
  findCarrierPage,
  getCarrier,
  updateCarrier,
} from "./service.ts";

/** Optional list parameters: ?search=&type=&sortBy=&sortDirection= (the spec's call sends none). */
function listFilter(query: URLSearchParams) {
  return {
    search: query.get("search") ?? undefined,
    type: query.get("type") ?? undefined,
    sortBy: query.get("sortBy") ?? query.get("sort") ?? undefined,
    sortDirection: query.get("sortDirection") ?? query.get("order") ?? undefined,
  };
}

const listQuery = pagedQuery({
  search: queryParam(
    "Text in the name, carrier id, contact name or e-mail; digits of the DOT #, MC # or phone.",
  ),
  type: queryParam("Only carriers of this type.", CARRIER_TYPES),
  sortBy: queryParam("The column to sort by (default carrierName); `sort` is an alias.", CARRIER_SORT_FIELDS),
  sort: queryParam("Alias of sortBy."),
  sortDirection: queryParam("asc (default) or desc; `order` is an alias.", ["asc", "desc"]),
  order: queryParam("Alias of sortDirection."),
});

const NOT_FOUND = errors({ 404: CARRIER_NOT_FOUND });

export const carrierRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/carriers",
    access: "admin",
    schema: {
      summary: "List carriers",
      description: "Carriers with their drivers, searched, filtered and sorted, paged. Operators only.",
      querystring: listQuery,
      response: { 200: pagedList(carrierSchema, "A page of carriers."), ...errors(400) },
    },
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const connection = await findCarrierPage(ctx, listFilter(query), restPaging(page), CARRIER_REST_QUERY);
      const carriers = connection.edges.map(({ node }) => carrierJson(node as CarrierWithDrivers));
      return pagedReply(carriers, page, await connection.totalCount(), request);
    },
  },
  {
    method: "POST",
    path: "/carriers",
    access: "admin",
    schema: {
      summary: "Add a carrier",
      description:
        "The Add Carrier form: `contact` is the contact's name beside `phone` and `email` (a " +
        "`contact: {name, phone, email}` object is read too); type defaults to Trucking; the carrierId " +
        "is generated. 409 when the e-mail, DOT # or MC # is already a carrier's. Operators only.",
      body: createCarrierInput,
      response: { 201: carrierSchema, ...errors(400, 409) },
    },
    handle: async (ctx, { body }) => withStatus(201, carrierJson(await createCarrier(ctx, body))),
  },
  {
    method: "GET",
    path: "/carriers/:id",
    access: "admin",
    schema: {
      summary: "Get a carrier",
      description: "One carrier by its database id or carrierId, with its drivers. Operators only.",
      response: { 200: carrierSchema, ...NOT_FOUND },
    },
    handle: async (ctx, { params }) => carrierJson(await getCarrier(ctx, params.id)),
  },
  {
    method: "PATCH",
    path: "/carriers/:id",
    access: "admin",
    schema: {
      summary: "Edit a carrier",
      description:
        "The carrier detail form: only the fields sent change; `drivers`, when sent, is the whole new " +
        "driver list (user ids or user objects). 409 when the e-mail, DOT # or MC # is another carrier's " +
        "or a driver drives for another carrier; with `version` (as GET answered it), 409 when someone " +
        "else changed the carrier or its drivers since. Operators only.",
      body: updateCarrierInput,
      response: { 200: carrierSchema, ...errors(400, { 404: CARRIER_NOT_FOUND }, 409) },
    },
    handle: async (ctx, { params, body }) => carrierJson(await updateCarrier(ctx, params.id, body)),
  },
  {
    method: "GET",
    path: "/carriers/:id/drivers",
    access: "admin",
    schema: {
      summary: "List a carrier's drivers",
      description: "The carrier users who drive for the carrier, paged. Operators only.",
      querystring: pagedQuery(),
      response: { 200: pagedList(publicUserSchema, "A page of drivers."), ...errors(400), ...NOT_FOUND },
    },
    async handle(ctx, { params, query, request }) {
      const page = readRestPage(query);
      const connection = await findCarrierDriverPage(ctx, params.id, restPaging(page));
      const drivers = connection.edges.map(({ node }) => publicUser(node));
      return pagedReply(drivers, page, await connection.totalCount(), request);
    },
  },
  {
    method: "POST",
    path: "/carriers/:id/drivers",
    access: "admin",
    schema: {
      summary: "Attach a driver",
      description:
        "Attaches a signed-up carrier user to the carrier, named by `userId` or `_id`, or found by " +
        "`email`; attaching twice is harmless. 404 for an unknown carrier or user, 409 when the user " +
        "drives for another carrier. Operators only.",
      body: attachDriverBody,
      response: { 200: carrierSchema, ...errors(400, { 404: "Carrier or user not found." }, 409) },
    },
    handle: async (ctx, { params, body }) => {
      const user = parseInput(attachDriverBody, body);
      const { carrier } =
        "userRef" in user
          ? await attachDriver(ctx, params.id, user.userRef)
          : await attachDriverByEmail(ctx, params.id, user);
      return carrierJson(await getCarrier(ctx, carrier.id));
    },
  },
  {
    method: "DELETE",
    path: "/carriers/:id/drivers/:userId",
    access: "admin",
    schema: {
      summary: "Detach a driver",
      description: "The user no longer drives for the carrier. Operators only.",
      response: { 200: carrierSchema, ...errors({ 404: "Carrier or driver not found." }) },
    },
    handle: async (ctx, { params }) => {
      const { carrier } = await detachDriver(ctx, params.id, params.userId);
      return carrierJson(await getCarrier(ctx, carrier.id));
    },
  },
];

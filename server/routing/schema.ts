import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { idOrReference } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { driverUserIdOptions, StopTypeEnum, stopNode } from "../graphql/stops.ts";
import { addLoadsToRoute } from "./add-loads.ts";
import { routeDeliveryDate, routeDeliveryNass, routePickupDate, routePickupNass } from "./derived.ts";
import { DEFAULT_ROUTE_SORT, type RouteSortField } from "./list.ts";
import {
  createRoute,
  findRouteByNumber,
  findRoutePage,
  type MovedLoad,
  type RouteChange,
  suggestRouteNumber,
  updateRoute,
} from "./service.ts";

export const RouteStopType = stopNode(
  "RouteStop",
  "One facility visit of a route, in the order of its sequence.",
  "The stop's place in the route's order.",
);

/**
 * The derived fields read the same relations as `loads` and `stops`, with the same order, so a
 * page selecting both still loads each relation in one query.
 */
const LOAD_ORDER: Prisma.LoadOrderByWithRelationInput[] = [
  { pickupDate: { sort: "asc", nulls: "last" } },
  { loadId: "asc" },
];
const STOP_ORDER: Prisma.RouteStopOrderByWithRelationInput[] = [{ sequence: "asc" }, { id: "asc" }];
const DATED_LOADS = {
  loads: { orderBy: LOAD_ORDER, select: { loadId: true, pickupDate: true, deliveryDate: true } },
} as const;
const STOP_CODES = {
  stops: {
    orderBy: STOP_ORDER,
    select: { sequence: true, type: true, nassCode: { select: { code: true } } },
  },
} as const;

export const RouteType = builder.prismaNode("Route", {
  id: { field: "id" },
  description: "One truck's run: loads grouped under a route number, through ordered USPS facilities.",
  select: { id: true },
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    routeNumber: t.exposeString("routeNumber", { description: "The route's unique number, upper case." }),
    assignedUser: t.relation("assignedUser", { nullable: true, description: "The driver." }),
    assignedUserKey: t.string(driverUserIdOptions),
    carrierName: t.string({
      nullable: true,
      description: "The carrier of the assigned driver.",
      select: { carrier: { select: { carrierName: true } } },
      resolve: (route) => route.carrier?.carrierName ?? null,
    }),
    loads: t.relation("loads", {
      description: "The assigned loads, earliest pickup first.",
      query: { orderBy: LOAD_ORDER },
    }),
    loadCount: t.relationCount("loads", { description: "How many loads are on the route." }),
    stops: t.relation("stops", { query: { orderBy: STOP_ORDER }, description: "The stops, by sequence." }),
    stopCount: t.relationCount("stops", { description: "How many stops the route has." }),
    pickupDate: t.field({
      type: "DateTime",
      nullable: true,
      description: "The first assigned load's pickup date (derived).",
      select: DATED_LOADS,
      resolve: (route) => routePickupDate(route.loads),
    }),
    deliveryDate: t.field({
      type: "DateTime",
      nullable: true,
      description: "The last assigned load's delivery date (derived).",
      select: DATED_LOADS,
      resolve: (route) => routeDeliveryDate(route.loads),
    }),
    pickupNassCode: t.string({
      nullable: true,
      description: "The NASS code of the first pickup stop.",
      select: STOP_CODES,
      resolve: (route) => routePickupNass(route.stops)?.code ?? null,
    }),
    deliveryNassCode: t.string({
      nullable: true,
      description: "The NASS code of the last delivery stop.",
      select: STOP_CODES,
      resolve: (route) => routeDeliveryNass(route.stops)?.code ?? null,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the route was created." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When it last changed." }),
    version: t.exposeInt("version", {
      description:
        "Moves forward with every change of the route (driver, stops, loads joining or leaving). Send it back as updateRoute's expectedVersion: the save is refused (ConflictError) if someone else changed the route since.",
    }),
  }),
});

builder.prismaObjectField("Load", "route", (t) =>
  t.relation("route", { nullable: true, description: "The route this load travels on." }),
);

const RouteFilter = builder.inputType("RouteFilter", {
  description: "Criteria of the route list; all given ones must hold.",
  fields: (t) => ({
    carrier: t.id({ description: "A carrier (Relay id or database id)." }),
    driverAssigned: t.boolean({ description: "true: routes with a driver; false: routes waiting for one." }),
    pickupFrom: t.field({
      type: "DateTime",
      description: "Route pickup date (first load's) at or after this.",
    }),
    pickupTo: t.field({
      type: "DateTime",
      description: "Route pickup date (first load's) at or before this.",
    }),
  }),
});

pagedListField("routes", {
  name: "Route",
  node: RouteType,
  model: "Route",
  description: "The route list: 50 a page, newest first unless `orderBy` says otherwise.",
  authScopes: { admin: true },
  searchDescription: "Text in the route number or the carrier's name (any case).",
  filter: RouteFilter,
  sortFields: {
    ROUTE_NUMBER: "routeNumber",
    CARRIER: "carrier",
    LOAD_COUNT: "loadCount",
    STOP_COUNT: "stopCount",
    PICKUP_DATE: "pickupDate",
    DELIVERY_DATE: "deliveryDate",
    CREATED_AT: "createdAt",
  } satisfies Record<string, RouteSortField>,
  sortFieldDescriptions: {
    ROUTE_NUMBER: "By route number.",
    CARRIER: "By the assigned driver's carrier name; routes without one last.",
    LOAD_COUNT: "By the number of loads.",
    STOP_COUNT: "By the number of stops.",
    PICKUP_DATE: "By the first load's pickup date.",
    DELIVERY_DATE: "By the last load's delivery date.",
    CREATED_AT: "By when the route was created.",
  },
  defaultOrder: DEFAULT_ROUTE_SORT,
  load: (ctx, { search, filter, orderBy, paging }, query) =>
    findRoutePage(
      ctx,
      {
        filters: {
          search,
          carrierId: filter?.carrier ? idOrReference("Carrier", String(filter.carrier)) : null,
          driverAssigned: filter?.driverAssigned,
          pickupFrom: filter?.pickupFrom,
          pickupTo: filter?.pickupTo,
        },
        sort: orderBy,
        paging,
      },
      query,
    ),
});

builder.queryFields((t) => ({
  routeByNumber: t.prismaField({
    type: "Route",
    nullable: true,
    description: "A route by its number; null when there is none.",
    authScopes: { admin: true },
    args: { routeNumber: t.arg.string({ required: true, description: "The route number." }) },
    resolve: (query, _root, args, ctx) => findRouteByNumber(ctx, args.routeNumber, query),
  }),
  suggestedRouteNumber: t.string({
    description: "A generated route number (YYMMDD + 2 letters or digits) that no route holds right now.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => suggestRouteNumber(ctx),
  }),
}));

const MovedLoadType = builder.objectRef<MovedLoad>("MovedLoad").implement({
  description: "A load that left another route for this one.",
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's readable loadId." }),
    fromRouteNumber: t.exposeString("fromRouteNumber", { description: "The route it left." }),
  }),
});

const RoutePayload = (name: string) =>
  builder.objectRef<RouteChange>(name).implement({
    description: "The route after the change, and which loads joined, moved or left.",
    fields: (p) => ({
      route: p.prismaField({
        type: RouteType,
        description: "The changed route.",
        resolve: (query, change, _args, ctx) =>
          ctx.db.route.findUniqueOrThrow({ ...query, where: { id: change.route.id } }),
      }),
      movedLoads: p.field({
        type: [MovedLoadType],
        description: "Loads taken from other routes.",
        resolve: (change) => change.moved,
      }),
      addedLoadIds: p.stringList({
        description: "The loadIds that joined the route.",
        resolve: (change) => change.added,
      }),
      removedLoadCount: p.exposeInt("removed", { description: "How many loads left the route." }),
    }),
  });

const CreateRouteInput = builder.inputType("CreateRouteInput", {
  description: "The new route's number and its loads.",
  fields: (t) => ({
    routeNumber: t.string({ required: true, description: "Typed or generated; trimmed and upper-cased." }),
    loadIds: t.stringList({ required: true, description: "Load ids (or Load Relay ids)." }),
  }),
});

const RouteStopInput = builder.inputType("RouteStopInput", {
  description: "One stop of a route, as the route editor sends it.",
  fields: (t) => ({
    sequence: t.int({ required: true, description: "The stop's place in the route's order." }),
    type: t.field({ type: StopTypeEnum, required: true, description: "Pickup, stop or delivery." }),
    nass: t.string({ required: true, description: "The NASS record (its id) or its code." }),
  }),
});

const UpdateRouteInput = builder.inputType("UpdateRouteInput", {
  description: "Parts left out stay as they are.",
  fields: (t) => ({
    routeNumber: t.string({ required: true, description: "The route to change (its number)." }),
    expectedVersion: t.int({
      description:
        "The route's version as the editor read it: when the route has changed since, nothing is saved and a ConflictError answers. Left out: no check.",
    }),
    driver: t.id({ description: "A CARRIER user (Relay id, id or userId); null unassigns." }),
    stops: t.field({ type: [RouteStopInput], description: "Replaces every stop, ordered by sequence." }),
    loadIds: t.stringList({ description: "The whole new list of loads; others leave the route." }),
    overrideCarrier: t.boolean({
      description:
        "true: save a driver whose carrier is not the one the route's loads were awarded to (refused with a ConflictError otherwise); the override is audited.",
    }),
  }),
});

const loadReference = (value: string) => idOrReference("Load", value);

builder.mutationFields((t) => ({
  createRoute: t.field({
    type: RoutePayload("CreateRoutePayload"),
    description: "A route from loads; loads on other routes move to it (see movedLoads).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateRouteInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createRoute(ctx, { routeNumber: input.routeNumber, loadIds: input.loadIds.map(loadReference) }),
  }),
  addLoadsToRoute: t.field({
    type: RoutePayload("AddLoadsToRoutePayload"),
    description:
      "Adds loads to the route with this number (created when there is none); loads on other routes move to it.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateRouteInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      addLoadsToRoute(ctx, { routeNumber: input.routeNumber, loadIds: input.loadIds.map(loadReference) }),
  }),
  updateRoute: t.field({
    type: RoutePayload("UpdateRoutePayload"),
    description: "Changes a route's driver, stops or loads; loads from other routes move to it.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateRouteInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateRoute(ctx, input.routeNumber, {
        expectedVersion: input.expectedVersion,
        assignedUserKey:
          input.driver === undefined || input.driver === null
            ? input.driver
            : idOrReference("User", String(input.driver)),
        stops: input.stops?.map((stop) => ({ ...stop, nass: idOrReference("NassCode", stop.nass) })),
        loadIds: input.loadIds?.map(loadReference),
        overrideCarrier: input.overrideCarrier ?? undefined,
      }),
  }),
}));

builder.subscriptionField("routeChanged", (t) =>
  t.prismaField({
    type: RouteType,
    description: "A route after it was created or changed (driver, stops, loads), for every admin screen.",
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe("routes"),
    resolve: (query, event: { routeId: string }, _args, ctx) =>
      ctx.db.route.findUniqueOrThrow({ ...query, where: { id: event.routeId } }),
  }),
);

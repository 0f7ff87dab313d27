import { stopMarkerLabel, type TrackingStopKind, trackingStopKind } from "../../common/tracking.ts";
import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import { liveTripLinksOfLoads } from "../dispatch/store.ts";
import { nullWhenNotFound } from "../errors.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { encodeGlobalId } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import type { TrackedRoute } from "../routing/store-tracked.ts";
import { reportPositions } from "./ingest.ts";
import "./load-fields.ts";
import {
  carrierNameOf,
  driverUserIdOf,
  findTrackedRoutePage,
  findTrackedRoutesById,
  fleetPositions,
  getTrackedRoute,
  lastPositionOf,
  MAX_FLEET_POSITIONS,
  recentPositions,
  routeIdOfNumber,
  stopLocation,
  type TrackedStop,
  trackedRouteOfEvent,
} from "./service.ts";
import { renewShipmentLink, revokeShipmentLink, type ShipmentTracking, shipmentByToken } from "./shipment.ts";

const BREADCRUMB_DEFAULT = 200;

interface RouteLoads {
  id: string;
  loadIds: string[];
}

/** Each route's driver: the name on the newest live trip link of its loads, else null. */
async function driverNamesOfRoutes(
  db: Parameters<typeof liveTripLinksOfLoads>[0],
  routes: readonly RouteLoads[],
): Promise<(string | null)[]> {
  const links = await liveTripLinksOfLoads(
    db,
    routes.flatMap((route) => route.loadIds),
  );
  return routes.map((route) => {
    const newest = route.loadIds
      .flatMap((id) => {
        const link = links.get(id);
        return link ? [link] : [];
      })
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return newest?.driverName ?? null;
  });
}
const BREADCRUMB_MAX = 2000;

const TrackingStopKindEnum = builder.enumType("TrackingStopKind", {
  description: "pickup, delivery, or other (the spec's name for intermediate stops).",
  values: {
    pickup: { value: "pickup", description: "Freight is loaded." },
    delivery: { value: "delivery", description: "Freight is unloaded." },
    other: { value: "other", description: "An intermediate stop." },
  } as const,
});

const GeoPoint = builder.objectRef<{ lat: number; lng: number }>("GeoPoint").implement({
  description: "A point on the map (WGS 84 decimal degrees).",
  fields: (t) => ({
    lat: t.exposeFloat("lat", { description: "Latitude." }),
    lng: t.exposeFloat("lng", { description: "Longitude." }),
  }),
});

const TrackingPoint = builder
  .objectRef<{ lat: number; lng: number; recordedAt: Date; speedMph: number | null }>("TrackingPoint")
  .implement({
    description: "One reported position.",
    fields: (t) => ({
      lat: t.exposeFloat("lat", { description: "Latitude (WGS 84 decimal degrees)." }),
      lng: t.exposeFloat("lng", { description: "Longitude (WGS 84 decimal degrees)." }),
      recordedAt: t.expose("recordedAt", { type: "DateTime", description: "When the device recorded it." }),
      speedMph: t.exposeFloat("speedMph", { nullable: true, description: "Reported speed, miles per hour." }),
    }),
  });

const TrackingStop = builder.objectRef<TrackedStop>("TrackingStop").implement({
  description: "A stop of a tracked route with its facility's location and the truck's visit.",
  fields: (t) => ({
    stopId: t.exposeID("id", { description: "The route stop's database id." }),
    sequence: t.exposeInt("sequence", { description: "The stop's place in the route's order." }),
    type: t.field({
      type: TrackingStopKindEnum,
      description: "Pickup, delivery or other.",
      resolve: (stop) => trackingStopKind(stop.type) as TrackingStopKind,
    }),
    label: t.string({
      description: "The marker text: P, D or the sequence number.",
      resolve: (stop) => stopMarkerLabel(stop.type, stop.sequence),
    }),
    nassCode: t.string({
      nullable: true,
      description: "The facility's NASS code.",
      resolve: (stop) => stop.nassCode?.code ?? null,
    }),
    facilityName: t.string({
      nullable: true,
      description: "The facility's name.",
      resolve: (stop) => stop.nassCode?.facilityName ?? null,
    }),
    city: t.string({
      nullable: true,
      description: "The facility's city.",
      resolve: (stop) => stop.nassCode?.city ?? null,
    }),
    state: t.string({
      nullable: true,
      description: "The facility's state (two-letter code).",
      resolve: (stop) => stop.nassCode?.state ?? null,
    }),
    location: t.field({
      type: GeoPoint,
      nullable: true,
      description: "The facility's coordinates; null when it has none.",
      resolve: stopLocation,
    }),
    arrivedAt: t.expose("arrivedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck arrived; null until it does.",
    }),
    departedAt: t.expose("departedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck left; null until it does.",
    }),
  }),
});

const TrackedLoad = builder.objectRef<TrackedRoute["loads"][number]>("TrackedLoad").implement({
  description: "A load on a tracked route.",
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's readable loadId." }),
    status: t.exposeString("status", { description: "pending, in_transit, delivered or cancelled." }),
  }),
});

export const TrackedRouteRef = builder.objectRef<TrackedRoute>("TrackedRoute");

builder.node(TrackedRouteRef, {
  description: "A route as the tracking screens see it: truck position, ETA, stops and loads.",
  ...readPolicyOptions(adminsOnly),
  id: { resolve: (route) => route.id },
  loadMany: (ids, ctx) => findTrackedRoutesById(ctx, ids),
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "routeNumber" in value && "stops" in value,
  fields: (t) => ({
    routeNumber: t.exposeString("routeNumber", { description: "The route's number." }),
    carrierName: t.string({
      nullable: true,
      description: "The carrier of the route's driver.",
      resolve: carrierNameOf,
    }),
    driverUserId: t.string({ nullable: true, description: "The driver's userId.", resolve: driverUserIdOf }),
    driverName: t.loadable({
      type: "String",
      nullable: true,
      // One read of the live trip links for a whole list page, keyed by route.
      loaderOptions: { cacheKeyFn: (route: RouteLoads) => route.id },
      load: (routes: RouteLoads[], ctx) => driverNamesOfRoutes(ctx.db, routes),
      description:
        "The driver dispatch named for the route's loads (driver app trip link), when one is live.",
      resolve: (route) => ({ id: route.id, loadIds: route.loads.map((load) => load.id) }),
    }),
    loads: t.field({
      type: [TrackedLoad],
      description: "The route's loads.",
      resolve: (route) => route.loads,
    }),
    etaMinutes: t.exposeInt("etaMinutes", { nullable: true, description: "Minutes to the final delivery." }),
    nextStopEtaMinutes: t.exposeInt("nextStopEtaMinutes", {
      nullable: true,
      description: "Minutes to the next stop not yet reached.",
    }),
    lastPosition: t.field({
      type: GeoPoint,
      nullable: true,
      description: "The truck's latest reported position.",
      resolve: lastPositionOf,
    }),
    lastPositionAt: t.expose("lastPositionAt", {
      type: "DateTime",
      nullable: true,
      description: "When that position was recorded.",
    }),
    speedMph: t.exposeFloat("lastSpeedMph", { nullable: true, description: "Smoothed observed speed." }),
    heading: t.exposeFloat("lastHeading", {
      nullable: true,
      description: "The latest reported heading, degrees clockwise from north (0-360).",
    }),
    stops: t.field({
      type: [TrackingStop],
      description: "The stops, by sequence.",
      resolve: (route) => route.stops,
    }),
    breadcrumb: t.field({
      type: [TrackingPoint],
      description: `The latest positions, oldest first (default ${BREADCRUMB_DEFAULT}, at most ${BREADCRUMB_MAX}).`,
      args: { last: t.arg.int({ description: `How many positions (1 to ${BREADCRUMB_MAX}).` }) },
      resolve: (route, args, ctx) =>
        recentPositions(
          ctx,
          route.id,
          Math.min(Math.max(args.last ?? BREADCRUMB_DEFAULT, 1), BREADCRUMB_MAX),
        ),
    }),
  }),
});

pagedListField("trackedRoutes", {
  name: "TrackedRoute",
  node: TrackedRouteRef,
  description: "Routes whose truck has reported, by route number; 50 a page.",
  authScopes: { admin: true },
  searchDescription: "Route number, carrier, driver userId or load id (contains, any case).",
  sortFields: { ROUTE_NUMBER: "routeNumber" },
  sortFieldDescriptions: { ROUTE_NUMBER: "By route number." },
  defaultOrder: { field: "routeNumber", direction: "asc" },
  load: async (ctx, request, _query, nodeFields) => {
    return findTrackedRoutePage(ctx, {
      search: request.search,
      paging: request.paging,
      direction: request.orderBy.direction,
      // Carrier and driver fall back to the loads' when the route has none.
      parts: {
        stops: nodeFields.has("stops"),
        loads: ["loads", "carrierName", "driverUserId"].some((field) => nodeFields.has(field)),
      },
    });
  },
});

const ShipmentStop = builder.objectRef<ShipmentTracking["stops"][number]>("ShipmentStop").implement({
  description: "A stop as the shipper sees it: the town, not the facility.",
  fields: (t) => ({
    sequence: t.exposeInt("sequence", { description: "The stop's place in the route's order." }),
    type: t.field({
      type: TrackingStopKindEnum,
      description: "Pickup, delivery or other.",
      resolve: (stop) => stop.type as TrackingStopKind,
    }),
    city: t.exposeString("city", { nullable: true, description: "The stop's city." }),
    state: t.exposeString("state", { nullable: true, description: "The stop's state (two-letter code)." }),
    arrivedAt: t.expose("arrivedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck arrived; null until it does.",
    }),
    departedAt: t.expose("departedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck left; null until it does.",
    }),
  }),
});

const ShipmentTrackingType = builder.objectRef<ShipmentTracking>("ShipmentTracking").implement({
  description: "What a shipper sees from a public tracking link: no driver, no exact position.",
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's readable loadId." }),
    status: t.exposeString("status", { description: "pending, in_transit, delivered or cancelled." }),
    etaMinutes: t.exposeInt("etaMinutes", {
      nullable: true,
      description: "Minutes to delivery (0 once delivered); null when unknown.",
    }),
    lastPositionAt: t.expose("lastPositionAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck last reported.",
    }),
    lastKnownCity: t.exposeString("lastKnownCity", {
      nullable: true,
      description: '"City, ST" of the facility nearest the truck\'s last position.',
    }),
    stops: t.field({
      type: [ShipmentStop],
      description: "The route's stops, by sequence.",
      resolve: (shipment) => shipment.stops,
    }),
  }),
});

const MapSettings = builder
  .objectRef<{ tileUrl: string | null; attribution: string | null }>("MapSettings")
  .implement({
    description: "Optional raster tiles under the offline basemap (MAP_TILE_URL, MAP_TILE_ATTRIBUTION).",
    fields: (t) => ({
      tileUrl: t.exposeString("tileUrl", {
        nullable: true,
        description: "A Leaflet tile URL template ({z}/{x}/{y}); null: the offline basemap only.",
      }),
      attribution: t.exposeString("attribution", {
        nullable: true,
        description: "The tiles' attribution text.",
      }),
    }),
  });

const FleetPosition = builder
  .objectRef<Awaited<ReturnType<typeof fleetPositions>>[number]>("FleetPosition")
  .implement({
    description: "A tracked truck on the fleet map.",
    fields: (t) => ({
      routeId: t.id({
        description: "The TrackedRoute's global id.",
        resolve: (row) => encodeGlobalId("TrackedRoute", row.routeId),
      }),
      routeNumber: t.exposeString("routeNumber", { description: "The route's number." }),
      lat: t.exposeFloat("lat", { description: "Latitude (WGS 84 decimal degrees)." }),
      lng: t.exposeFloat("lng", { description: "Longitude (WGS 84 decimal degrees)." }),
      recordedAt: t.expose("recordedAt", {
        type: "DateTime",
        description: "When the position was recorded.",
      }),
    }),
  });

builder.queryFields((t) => ({
  fleetPositions: t.field({
    type: [FleetPosition],
    description: `Every tracked truck's last position, newest first (at most ${MAX_FLEET_POSITIONS}).`,
    authScopes: { admin: true },
    args: {
      limit: t.arg.int({ defaultValue: 5000, description: `How many trucks, 1 to ${MAX_FLEET_POSITIONS}.` }),
    },
    resolve: (_root, args, ctx) => fleetPositions(ctx, args.limit ?? 5000),
  }),
  trackedRoute: t.field({
    type: TrackedRouteRef,
    nullable: true,
    description: "A route's tracking by its number; null when there is no such route.",
    authScopes: { admin: true },
    args: { routeNumber: t.arg.string({ required: true, description: "The route number." }) },
    resolve: (_root, args, ctx) => nullWhenNotFound(getTrackedRoute(ctx, args.routeNumber)),
  }),
  shipmentTracking: t.field({
    type: ShipmentTrackingType,
    nullable: true,
    description: "The public tracking page of a load, by its link's token (anyone with the link).",
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true, description: "The token from /track/{token}." }) },
    resolve: (_root, args, ctx) => nullWhenNotFound(shipmentByToken(ctx, args.token)),
  }),
  mapSettings: t.field({
    type: MapSettings,
    description: "The optional map tiles configured on the server.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ({
      tileUrl: ctx.config.mapTileUrl ?? null,
      attribution: ctx.config.mapTileAttribution ?? null,
    }),
  }),
}));

const PositionInput = builder.inputType("PositionInput", {
  description: "One position report.",
  fields: (t) => ({
    lat: t.float({ required: true, description: "Latitude (WGS 84 decimal degrees)." }),
    lng: t.float({ required: true, description: "Longitude (WGS 84 decimal degrees)." }),
    recordedAt: t.string({ required: true, description: "ISO-8601; at most 5 minutes ahead of the server." }),
    speedMph: t.float({ description: "Speed in miles per hour, 0 to 200." }),
    heading: t.float({ description: "Heading in degrees clockwise from north, 0 to 360." }),
  }),
});

const ReportPositionsInput = builder.inputType("ReportPositionsInput", {
  description: "A batch of positions of one route's truck.",
  fields: (t) => ({
    routeNumber: t.string({ required: true, description: "The route the truck runs." }),
    positions: t.field({ type: [PositionInput], required: true, description: "1 to 500 points." }),
  }),
});

const ReportPositionsPayload = builder
  .objectRef<Awaited<ReturnType<typeof reportPositions>> & { routeNumber: string }>("ReportPositionsPayload")
  .implement({
    description: "What was stored, and the route's new ETAs.",
    fields: (t) => ({
      routeNumber: t.exposeString("routeNumber", { description: "The route reported on." }),
      accepted: t.exposeInt("accepted", { description: "Points stored." }),
      duplicates: t.exposeInt("duplicates", { description: "Points already stored for that time: ignored." }),
      late: t.exposeInt("late", {
        description: "Stored points older than the last position (history only).",
      }),
      etaMinutes: t.exposeInt("etaMinutes", {
        nullable: true,
        description: "Minutes to the final delivery.",
      }),
      nextStopEtaMinutes: t.exposeInt("nextStopEtaMinutes", {
        nullable: true,
        description: "Minutes to the next stop not yet reached.",
      }),
    }),
  });

const ShipmentLinkInput = builder.inputType("ShipmentLinkInput", {
  description: "The load whose public tracking link to change.",
  fields: (t) => ({ loadId: t.string({ required: true, description: "The loadId (or database id)." }) }),
});

const ShipmentLinkPayload = builder
  .objectRef<{ loadId: string; path: string | null; revoked: number }>("ShipmentLinkPayload")
  .implement({
    description: "The load's public tracking link after the change.",
    fields: (t) => ({
      loadId: t.exposeString("loadId", { description: "The load, as given in the input." }),
      path: t.exposeString("path", { nullable: true, description: "The new public path, /track/{token}." }),
      revoked: t.exposeInt("revoked", { description: "How many live links stopped working." }),
    }),
  });

builder.mutationFields((t) => ({
  reportPositions: t.field({
    type: ReportPositionsPayload,
    description: "A driver's device or telematics feed reports a batch of positions of a route.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ReportPositionsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      routeNumber: input.routeNumber,
      ...(await reportPositions(ctx, input.routeNumber, { positions: input.positions })),
    }),
  }),
  renewShipmentTrackingLink: t.field({
    type: ShipmentLinkPayload,
    description: "Issues a new public tracking link for a load (/track/{token}); older links stop working.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ShipmentLinkInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      loadId: input.loadId,
      path: await renewShipmentLink(ctx, input.loadId),
      revoked: 0,
    }),
  }),
  revokeShipmentTrackingLink: t.field({
    type: ShipmentLinkPayload,
    description: "Stops every live public tracking link of a load.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ShipmentLinkInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      loadId: input.loadId,
      path: null,
      revoked: await revokeShipmentLink(ctx, input.loadId),
    }),
  }),
}));

builder.subscriptionFields((t) => ({
  trackedRouteUpdated: t.field({
    type: TrackedRouteRef,
    description: "The route after each batch of positions (position, ETA, stop arrivals and departures).",
    authScopes: { admin: true },
    args: { routeNumber: t.arg.string({ required: true, description: "The route number." }) },
    subscribe: async (_root, args, ctx) =>
      ctx.pubsub.subscribe(`tracking:${await routeIdOfNumber(ctx, args.routeNumber)}`),
    resolve: (event: { routeId: string }, _args, ctx) => trackedRouteOfEvent(ctx, event),
  }),
  trackingUpdated: t.field({
    type: TrackedRouteRef,
    description: "Any tracked route after a batch of positions, for the tracking list and its map.",
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe("tracking"),
    resolve: (event: { routeId: string }, _args, ctx) => trackedRouteOfEvent(ctx, event),
  }),
}));

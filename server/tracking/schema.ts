import { encodeGlobalID } from "@pothos/plugin-relay";
import { stopMarkerLabel, type TrackingStopKind, trackingStopKind } from "../../common/tracking.ts";
import { builder } from "../builder.ts";
import { NotFoundError } from "../errors.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { memoize, offsetConnection, offsetWindow } from "../graphql/offset-paging.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import type { TrackedRoute } from "../routing/tracked-reads.ts";
import { reportPositions } from "./ingest.ts";
import "./load-fields.ts";
import {
  carrierNameOf,
  countTrackedRoutes,
  driverUserIdOf,
  findTrackedRoutesById,
  fleetPositions,
  getTrackedRoute,
  lastPositionOf,
  listTrackedRoutes,
  MAX_FLEET_POSITIONS,
  recentPositions,
  routeIdOfNumber,
  stopLocation,
  type TrackedStop,
  trackedRouteOfEvent,
} from "./service.ts";
import { renewShipmentLink, revokeShipmentLink, type ShipmentTracking, shipmentByToken } from "./shipment.ts";

const TRACKING_PAGING = { defaultSize: 50, maxSize: 500 };
const BREADCRUMB_DEFAULT = 200;
const BREADCRUMB_MAX = 2000;

const TrackingStopKindEnum = builder.enumType("TrackingStopKind", {
  description: "pickup, delivery, or other (the spec's name for intermediate stops).",
  values: ["pickup", "delivery", "other"] as const,
});

const GeoPoint = builder.objectRef<{ lat: number; lng: number }>("GeoPoint").implement({
  fields: (t) => ({ lat: t.exposeFloat("lat"), lng: t.exposeFloat("lng") }),
});

const TrackingPoint = builder
  .objectRef<{ lat: number; lng: number; recordedAt: Date; speedMph: number | null }>("TrackingPoint")
  .implement({
    description: "One reported position.",
    fields: (t) => ({
      lat: t.exposeFloat("lat"),
      lng: t.exposeFloat("lng"),
      recordedAt: t.expose("recordedAt", { type: "DateTime" }),
      speedMph: t.exposeFloat("speedMph", { nullable: true }),
    }),
  });

const TrackingStop = builder.objectRef<TrackedStop>("TrackingStop").implement({
  description: "A stop of a tracked route with its facility's location and the truck's visit.",
  fields: (t) => ({
    stopId: t.exposeID("id"),
    sequence: t.exposeInt("sequence"),
    type: t.field({
      type: TrackingStopKindEnum,
      resolve: (stop) => trackingStopKind(stop.type) as TrackingStopKind,
    }),
    label: t.string({
      description: "The marker text: P, D or the sequence number.",
      resolve: (stop) => stopMarkerLabel(stop.type, stop.sequence),
    }),
    nassCode: t.string({ nullable: true, resolve: (stop) => stop.nassCode?.code ?? null }),
    facilityName: t.string({ nullable: true, resolve: (stop) => stop.nassCode?.facilityName ?? null }),
    city: t.string({ nullable: true, resolve: (stop) => stop.nassCode?.city ?? null }),
    state: t.string({ nullable: true, resolve: (stop) => stop.nassCode?.state ?? null }),
    location: t.field({ type: GeoPoint, nullable: true, resolve: stopLocation }),
    arrivedAt: t.expose("arrivedAt", { type: "DateTime", nullable: true }),
    departedAt: t.expose("departedAt", { type: "DateTime", nullable: true }),
  }),
});

const TrackedLoad = builder.objectRef<TrackedRoute["loads"][number]>("TrackedLoad").implement({
  fields: (t) => ({ loadId: t.exposeString("loadId"), status: t.exposeString("status") }),
});

export const TrackedRouteRef = builder.objectRef<TrackedRoute>("TrackedRoute");

builder.node(TrackedRouteRef, {
  description: "A route as the tracking screens see it: truck position, ETA, stops and loads.",
  authScopes: { admin: true },
  id: { resolve: (route) => route.id },
  loadMany: (ids, ctx) => findTrackedRoutesById(ctx, ids),
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "routeNumber" in value && "stops" in value,
  fields: (t) => ({
    routeNumber: t.exposeString("routeNumber"),
    carrierName: t.string({ nullable: true, resolve: carrierNameOf }),
    driverUserId: t.string({ nullable: true, description: "The driver's userId.", resolve: driverUserIdOf }),
    loads: t.field({ type: [TrackedLoad], resolve: (route) => route.loads }),
    etaMinutes: t.exposeInt("etaMinutes", { nullable: true, description: "Minutes to the final delivery." }),
    nextStopEtaMinutes: t.exposeInt("nextStopEtaMinutes", { nullable: true }),
    lastPosition: t.field({ type: GeoPoint, nullable: true, resolve: lastPositionOf }),
    lastPositionAt: t.expose("lastPositionAt", { type: "DateTime", nullable: true }),
    speedMph: t.exposeFloat("lastSpeedMph", { nullable: true, description: "Smoothed observed speed." }),
    heading: t.exposeFloat("lastHeading", { nullable: true }),
    stops: t.field({ type: [TrackingStop], resolve: (route) => route.stops }),
    breadcrumb: t.field({
      type: [TrackingPoint],
      description: `The latest positions, oldest first (default ${BREADCRUMB_DEFAULT}, at most ${BREADCRUMB_MAX}).`,
      args: { last: t.arg.int() },
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
  defaultOrder: { field: "routeNumber", direction: "asc" },
  load: async (ctx, request) => {
    let known: number | null = null;
    const totalCount = memoize(async () => known ?? countTrackedRoutes(ctx, request.search));
    const window = await offsetWindow(request.paging, TRACKING_PAGING, totalCount);
    const page = await listTrackedRoutes(ctx, {
      search: request.search,
      offset: window.offset,
      limit: window.limit + 1,
      direction: request.orderBy.direction,
    });
    known = page.totalCount;
    return offsetConnection(page.routes, window, totalCount);
  },
});

const ShipmentStop = builder.objectRef<ShipmentTracking["stops"][number]>("ShipmentStop").implement({
  fields: (t) => ({
    sequence: t.exposeInt("sequence"),
    type: t.field({ type: TrackingStopKindEnum, resolve: (stop) => stop.type as TrackingStopKind }),
    city: t.exposeString("city", { nullable: true }),
    state: t.exposeString("state", { nullable: true }),
    arrivedAt: t.expose("arrivedAt", { type: "DateTime", nullable: true }),
    departedAt: t.expose("departedAt", { type: "DateTime", nullable: true }),
  }),
});

const ShipmentTrackingType = builder.objectRef<ShipmentTracking>("ShipmentTracking").implement({
  description: "What a shipper sees from a public tracking link: no driver, no exact position.",
  fields: (t) => ({
    loadId: t.exposeString("loadId"),
    status: t.exposeString("status"),
    etaMinutes: t.exposeInt("etaMinutes", { nullable: true }),
    lastPositionAt: t.expose("lastPositionAt", { type: "DateTime", nullable: true }),
    lastKnownCity: t.exposeString("lastKnownCity", { nullable: true }),
    stops: t.field({ type: [ShipmentStop], resolve: (shipment) => shipment.stops }),
  }),
});

const MapSettings = builder
  .objectRef<{ tileUrl: string | null; attribution: string | null }>("MapSettings")
  .implement({
    description: "Optional raster tiles under the offline basemap (MAP_TILE_URL, MAP_TILE_ATTRIBUTION).",
    fields: (t) => ({
      tileUrl: t.exposeString("tileUrl", { nullable: true }),
      attribution: t.exposeString("attribution", { nullable: true }),
    }),
  });

const FleetPosition = builder
  .objectRef<Awaited<ReturnType<typeof fleetPositions>>[number]>("FleetPosition")
  .implement({
    description: "A tracked truck on the fleet map.",
    fields: (t) => ({
      routeId: t.id({
        description: "The TrackedRoute's global id.",
        resolve: (row) => encodeGlobalID("TrackedRoute", row.routeId),
      }),
      routeNumber: t.exposeString("routeNumber"),
      lat: t.exposeFloat("lat"),
      lng: t.exposeFloat("lng"),
      recordedAt: t.expose("recordedAt", { type: "DateTime" }),
    }),
  });

builder.queryFields((t) => ({
  fleetPositions: t.field({
    type: [FleetPosition],
    description: `Every tracked truck's last position, newest first (at most ${MAX_FLEET_POSITIONS}).`,
    authScopes: { admin: true },
    args: { limit: t.arg.int({ defaultValue: 5000 }) },
    resolve: (_root, args, ctx) => fleetPositions(ctx, args.limit ?? 5000),
  }),
  trackedRoute: t.field({
    type: TrackedRouteRef,
    nullable: true,
    authScopes: { admin: true },
    args: { routeNumber: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      try {
        return await getTrackedRoute(ctx, args.routeNumber);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  }),
  shipmentTracking: t.field({
    type: ShipmentTrackingType,
    nullable: true,
    description: "The public tracking page of a load, by its link's token (anyone with the link).",
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      try {
        return await shipmentByToken(ctx, args.token);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  }),
  mapSettings: t.field({
    type: MapSettings,
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ({
      tileUrl: ctx.config.mapTileUrl ?? null,
      attribution: ctx.config.mapTileAttribution ?? null,
    }),
  }),
}));

const PositionInput = builder.inputType("PositionInput", {
  fields: (t) => ({
    lat: t.float({ required: true }),
    lng: t.float({ required: true }),
    recordedAt: t.string({ required: true, description: "ISO-8601; at most 5 minutes ahead of the server." }),
    speedMph: t.float(),
    heading: t.float(),
  }),
});

const ReportPositionsInput = builder.inputType("ReportPositionsInput", {
  fields: (t) => ({
    routeNumber: t.string({ required: true }),
    positions: t.field({ type: [PositionInput], required: true, description: "1 to 500 points." }),
  }),
});

const ReportPositionsPayload = builder
  .objectRef<Awaited<ReturnType<typeof reportPositions>> & { routeNumber: string }>("ReportPositionsPayload")
  .implement({
    fields: (t) => ({
      routeNumber: t.exposeString("routeNumber"),
      accepted: t.exposeInt("accepted", { description: "Points stored." }),
      duplicates: t.exposeInt("duplicates", { description: "Points already stored for that time: ignored." }),
      late: t.exposeInt("late", {
        description: "Stored points older than the last position (history only).",
      }),
      etaMinutes: t.exposeInt("etaMinutes", { nullable: true }),
      nextStopEtaMinutes: t.exposeInt("nextStopEtaMinutes", { nullable: true }),
    }),
  });

const ShipmentLinkInput = builder.inputType("ShipmentLinkInput", {
  fields: (t) => ({ loadId: t.string({ required: true, description: "The loadId (or database id)." }) }),
});

const ShipmentLinkPayload = builder
  .objectRef<{ loadId: string; path: string | null; revoked: number }>("ShipmentLinkPayload")
  .implement({
    fields: (t) => ({
      loadId: t.exposeString("loadId"),
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
    args: { routeNumber: t.arg.string({ required: true }) },
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

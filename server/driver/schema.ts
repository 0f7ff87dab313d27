import { MAX_DRIVER_TRIPS } from "../../common/driver.ts";
import type { LoadStage } from "../../common/loads/stages.ts";
import type { LoadStatus, StopType } from "../../common/loads/values.ts";
import { builder } from "../builder.ts";
import { NotFoundError } from "../errors.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { StopTypeEnum } from "../graphql/stops.ts";
import { silentStream } from "../lib/event-stream.ts";
import { LoadStageEnum, LoadStatusEnum } from "../loads/schema.ts";
import {
  type DriverTrip,
  type DriverTripStop,
  driverTripReadPolicy,
  driverTripsById,
  driverTripsForNodes,
  driverTripsOfViewer,
  mayReadTrip,
  readableTrip,
} from "./trips.ts";

const DriverTripStopRef = builder.objectRef<DriverTripStop>("DriverTripStop").implement({
  description: "A stop of a driver's trip: the facility, where it is, the appointment and the visit.",
  fields: (t) => ({
    sequence: t.exposeInt("sequence", { description: "The stop's place in the trip (1 is first)." }),
    kind: t.field({
      type: StopTypeEnum,
      description: "Pickup, intermediate stop or delivery.",
      resolve: (stop) => stop.kind as StopType,
    }),
    facilityCode: t.exposeString("facilityCode", { nullable: true, description: "The NASS facility code." }),
    facilityName: t.exposeString("facilityName", { nullable: true, description: "The facility's name." }),
    address: t.exposeString("address", { nullable: true, description: "The facility's street address." }),
    city: t.exposeString("city", { nullable: true, description: "The facility's city." }),
    state: t.exposeString("state", { nullable: true, description: "The facility's state." }),
    zip: t.exposeString("zip", { nullable: true, description: "The facility's ZIP code." }),
    latitude: t.exposeFloat("latitude", { nullable: true, description: "The facility's latitude." }),
    longitude: t.exposeFloat("longitude", { nullable: true, description: "The facility's longitude." }),
    timeZone: t.exposeString("timeZone", {
      nullable: true,
      description: "The facility's IANA time zone (from its coordinates).",
    }),
    appointmentFrom: t.expose("appointmentFrom", {
      type: "DateTime",
      nullable: true,
      description: "The appointment (window start).",
    }),
    appointmentTo: t.expose("appointmentTo", {
      type: "DateTime",
      nullable: true,
      description: "The window's end; null with a from: a fixed appointment time.",
    }),
    appointmentText: t.exposeString("appointmentText", {
      nullable: true,
      description:
        "The window on the facility's clock with its zone, e.g. '03/14/2027 08:00 MDT – 10:00 MDT'.",
    }),
    arrivedAt: t.expose("arrivedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck arrived (check-in or geofence).",
    }),
    departedAt: t.expose("departedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the truck left.",
    }),
    navigationUrl: t.exposeString("navigationUrl", {
      nullable: true,
      description:
        "Directions to the facility for the phone's maps app; null without coordinates or address.",
    }),
  }),
});

export const DriverTripRef = builder.objectRef<DriverTrip>("DriverTrip");

builder.node(DriverTripRef, {
  description:
    "A dispatched load as its driver sees it (driver app): ids, references, driver and equipment, stops in order.",
  ...readPolicyOptions(driverTripReadPolicy),
  id: { resolve: (trip) => trip.id },
  loadMany: (ids, ctx) => driverTripsForNodes(ctx, ids),
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "linkExpiresAt" in value && "nextStopSequence" in value,
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's readable id (e.g. L-1001)." }),
    status: t.field({
      type: LoadStatusEnum,
      description: "The load's status.",
      resolve: (trip) => trip.status as LoadStatus,
    }),
    stage: t.field({
      type: LoadStageEnum,
      description: "The furthest step of the load's life reached.",
      resolve: (trip) => trip.stage as LoadStage,
    }),
    driverName: t.exposeString("driverName", { description: "The driver dispatch named." }),
    driverPhone: t.exposeString("driverPhone", { description: "The driver's phone." }),
    truckNumber: t.exposeString("truckNumber", { nullable: true, description: "The truck's number." }),
    trailerNumber: t.exposeString("trailerNumber", { nullable: true, description: "The trailer's number." }),
    reference: t.exposeString("reference", { nullable: true, description: "The load's reference number." }),
    bolNumber: t.exposeString("bolNumber", { nullable: true, description: "The bill of lading number." }),
    notes: t.exposeString("notes", { nullable: true, description: "The load's order notes." }),
    nextStopSequence: t.exposeInt("nextStopSequence", {
      nullable: true,
      description: "The stop the driver heads for (the first not yet left); null once delivered.",
    }),
    linkExpiresAt: t.expose("linkExpiresAt", {
      type: "DateTime",
      description: "When the trip link stops working (delivery + 7 days at the latest).",
    }),
    stops: t.field({
      type: [DriverTripStopRef],
      description: "The stops in order.",
      resolve: (trip) => trip.stops,
    }),
  }),
});

builder.queryField("driverTrips", (t) =>
  t.field({
    type: [DriverTripRef],
    description: `The driver's trips, at most ${MAX_DRIVER_TRIPS}: a trip link's session its one trip; a carrier user the open dispatched trips of its loads; an operator every open trip.`,
    authScopes: { authenticated: true, trip: true },
    resolve: (_root, _args, ctx) => driverTripsOfViewer(ctx),
  }),
);

builder.subscriptionField("driverTripChanged", (t) =>
  t.field({
    type: DriverTripRef,
    nullable: true,
    description:
      "The trip each time it changes (appointment, stops, a check-in, a document, its link): for its trip " +
      "session, the load's carrier side and operators. Null once the trip link ended.",
    authScopes: { authenticated: true, trip: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's readable id (e.g. L-1001)." }) },
    subscribe: async (_root, { loadId }, ctx) => {
      try {
        const trip = await readableTrip(ctx, loadId);
        return ctx.pubsub.subscribe(`driver-trip:${trip.id}`);
      } catch (error) {
        // Someone else's load (or none) stays silent, as a missing one would.
        if (error instanceof NotFoundError) return silentStream<{ loadId: string }>();
        throw error;
      }
    },
    resolve: async (event: { loadId: string }, _args, ctx) => {
      const [trip] = await driverTripsById(ctx, [event.loadId]);
      return trip && (await mayReadTrip(ctx, trip)) ? trip : null;
    },
  }),
);

import { z } from "zod";
import { APPOINTMENT_TEXTS } from "../../common/loads/appointments.ts";
import { MILESTONE_SOURCES } from "../../common/loads/milestones.ts";
import { STOP_TYPES } from "../../common/loads/values.ts";
import { NotFoundError } from "../errors.ts";
import { dateTime, errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import {
  acceptStopDetention,
  loadStopVisits,
  markStopVisit,
  type StopVisitKind,
  stopVisitInput,
  stopVisitJson,
} from "./stop-visits.ts";
import { LOAD_NOT_FOUND } from "./validation.ts";

const text = z.string().nullable();

/** `stopTimesJson`: what every load's stop carries beyond its facility. */
export const stopTimesSchema = {
  appointmentFrom: dateTime.nullable().describe("The appointment (window start), an instant."),
  appointmentTo: dateTime
    .nullable()
    .describe("The window's end; null with a from: a fixed appointment time."),
  timeZone: text.describe("The facility's IANA time zone (from its coordinates)."),
  appointmentText: text.describe(
    "The window on the facility's clock, e.g. '03/14/2027 08:00 MDT – 10:00 MDT'.",
  ),
  arrivedAt: dateTime.nullable(),
  arrivedSource: z.enum(MILESTONE_SOURCES).nullable().describe("Who or what recorded the arrival."),
  departedAt: dateTime.nullable(),
  departedSource: z.enum(MILESTONE_SOURCES).nullable().describe("Who or what recorded the departure."),
};

const stopVisitSchema = z
  .object({
    _id: z.string(),
    sequence: z.number().int(),
    type: z.enum(STOP_TYPES),
    facilityCode: text,
    facilityName: text,
    city: text,
    state: text,
    ...stopTimesSchema,
    arrivedText: text.describe("The arrival on the facility's clock with the zone."),
    departedText: text.describe("The departure on the facility's clock with the zone."),
    detention: z
      .object({
        status: z.enum(["proposed", "accepted"]),
        dwellMinutes: z.number().int(),
        freeMinutes: z.number().int(),
        hoursOver: z.number().describe("Billable hours beyond the free time, in quarter hours."),
        rateCentsPerHour: z.number().int(),
        amountCents: z.number().int(),
        acceptedAt: dateTime.nullable(),
      })
      .nullable()
      .describe("The detention charge the dwell proposes (or that an operator accepted); null when none."),
  })
  .meta({
    id: "LoadStopVisit",
    description: "A stop of a load: facility, appointment, arrival, departure, detention.",
  });

/** The `:sequence` of a path: a whole number, else no such stop. */
function sequenceOf(param: string): number {
  const sequence = Number(param);
  if (!/^\d{1,6}$/.test(param) || !Number.isInteger(sequence))
    throw new NotFoundError(APPOINTMENT_TEXTS.noStop);
  return sequence;
}

const markRoute = (kind: StopVisitKind, verb: "arrive" | "depart"): RestRoute => ({
  method: "POST",
  path: `/loads/:loadId/stops/:sequence/${verb}`,
  access: "driver",
  schema: {
    summary: kind === "arrived" ? "Mark a stop arrived" : "Mark a stop departed",
    description:
      `A person marks the stop ${kind} (\`at\`: when, an ISO-8601 instant; left out: now; never in the future). ` +
      "Records the milestone with source `user` (`driver_app` for the driver app's trip session); leaving the " +
      "first pickup puts a pending load in transit, reaching the last delivery delivers it. Operators, the " +
      "load's carrier side and its driver's trip session (that load only). The driver app replays its offline " +
      "queue: a stop already marked at the same or an earlier time answers 200 with the stop, unchanged. " +
      "409 when already marked" +
      (kind === "departed" ? ", or not yet arrived" : "") +
      ", or the load is cancelled.",
    body: stopVisitInput,
    response: {
      200: stopVisitSchema,
      ...errors(400, { 404: `${LOAD_NOT_FOUND} / ${APPOINTMENT_TEXTS.noStop}` }, 409),
    },
  },
  async handle(ctx, { params, body }) {
    const { stop } = await markStopVisit(ctx, params.loadId, sequenceOf(params.sequence), kind, body);
    return stopVisitJson(stop, ctx.config.detention);
  },
});

export const stopVisitRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/loads/:loadId/stops",
    access: "signedIn",
    schema: {
      summary: "A load's stops",
      description:
        "Its stops by sequence: facility, appointment window on the facility's clock (with its IANA zone), " +
        "arrival and departure with their source, and the detention charge the dwell proposes. Operators, and " +
        "the carrier the load was awarded to.",
      response: { 200: stopVisitSchema.array(), ...errors({ 404: LOAD_NOT_FOUND }) },
    },
    async handle(ctx, { params }) {
      const { stops } = await loadStopVisits(ctx, params.loadId);
      return stops.map((stop) => stopVisitJson(stop, ctx.config.detention));
    },
  },
  markRoute("arrived", "arrive"),
  markRoute("departed", "depart"),
  {
    method: "POST",
    path: "/loads/:loadId/stops/:sequence/detention/accept",
    access: "admin",
    schema: {
      summary: "Accept a stop's detention",
      description:
        "Keeps the detention charge the stop's dwell proposes now (amount in cents) as accepted. Operators only. " +
        "409 when there is none or it was accepted already.",
      response: {
        200: stopVisitSchema,
        ...errors({ 404: `${LOAD_NOT_FOUND} / ${APPOINTMENT_TEXTS.noStop}` }, 409),
      },
    },
    async handle(ctx, { params }) {
      const { stop } = await acceptStopDetention(ctx, params.loadId, sequenceOf(params.sequence));
      return stopVisitJson(stop, ctx.config.detention);
    },
  },
];

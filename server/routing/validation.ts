import { z } from "zod";
import {
  DUPLICATE_SEQUENCE,
  LOADS_REQUIRED,
  normalizeRouteNumber,
  ROUTE_NUMBER_MAX,
  ROUTE_NUMBER_REQUIRED,
  ROUTE_STOP_TYPES,
} from "../../common/routing.ts";
import { expectedVersionFields } from "../../common/row-version-input.ts";

/** How many loads one route may hold (a truck's run; keeps every route page bounded). */
export const MAX_ROUTE_LOADS = 500;
export const MAX_ROUTE_STOPS = 200;

const ROUTE_NUMBER_CHARACTERS = /^[A-Z0-9][A-Z0-9_-]*$/;
const ROUTE_NUMBER_FORMAT = "A route number holds letters, digits, - and _ only.";

/** Trimmed and upper-cased; blank is the spec's alert text. */
export const routeNumberSchema = z
  .string({ error: ROUTE_NUMBER_REQUIRED })
  .nullish()
  .transform((value, context) => {
    const number = normalizeRouteNumber(value ?? "");
    if (!number) {
      context.addIssue({ code: "custom", message: ROUTE_NUMBER_REQUIRED });
      return z.NEVER;
    }
    if (number.length > ROUTE_NUMBER_MAX) {
      context.addIssue({
        code: "custom",
        message: `A route number has at most ${ROUTE_NUMBER_MAX} characters.`,
      });
      return z.NEVER;
    }
    if (!ROUTE_NUMBER_CHARACTERS.test(number)) {
      context.addIssue({ code: "custom", message: ROUTE_NUMBER_FORMAT });
      return z.NEVER;
    }
    return number;
  });

const loadReference = z
  .union([z.string(), z.object({ loadId: z.string() }).transform((load) => load.loadId)], {
    error: "Each load is named by its load id",
  })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0 && value.length <= 100, "Each load is named by its load id");

const loadList = z
  .array(loadReference, { error: LOADS_REQUIRED })
  .nullish()
  .transform((value, context) => {
    const loads = [...new Set(value ?? [])];
    if (loads.length === 0) {
      context.addIssue({ code: "custom", message: LOADS_REQUIRED });
      return z.NEVER;
    }
    if (loads.length > MAX_ROUTE_LOADS) {
      context.addIssue({ code: "custom", message: `A route holds at most ${MAX_ROUTE_LOADS} loads.` });
      return z.NEVER;
    }
    return loads;
  });

export const createRouteInput = z.object(
  { routeNumber: routeNumberSchema, loadIds: loadList },
  { error: "Send a route number and the loads" },
);
export type CreateRouteInput = z.infer<typeof createRouteInput>;

/** A stop names its facility as `nass: {code}` (the spec's nass.code), `nass: "CODE"` or `nassCode`. */
const stopInput = z
  .object({
    sequence: z
      .number({ error: "Sequence must be a whole number of 0 or more" })
      .int("Sequence must be a whole number of 0 or more")
      .min(0, "Sequence must be a whole number of 0 or more")
      .max(100_000, "Sequence is too large"),
    type: z.enum(ROUTE_STOP_TYPES, { error: "Type must be pickup, stop or delivery" }),
    nass: z
      .union([
        z.string(),
        z.object({ code: z.string().optional(), _id: z.string().optional(), id: z.string().optional() }),
      ])
      .nullish(),
    nassCode: z.string().nullish(),
  })
  .transform((stop, context) => {
    const nass = stop.nass;
    const reference = (
      typeof nass === "string" ? nass : (nass?.code ?? nass?._id ?? nass?.id ?? stop.nassCode ?? "")
    ).trim();
    if (!reference) {
      context.addIssue({ code: "custom", message: "Choose the stop's NASS code", path: ["nass"] });
      return z.NEVER;
    }
    return { sequence: stop.sequence, type: stop.type, nassReference: reference };
  });

const stopList = z
  .array(stopInput, { error: "Stops must be a list" })
  .max(MAX_ROUTE_STOPS, `A route has at most ${MAX_ROUTE_STOPS} stops.`)
  .superRefine((stops, context) => {
    const seen = new Set<number>();
    stops.forEach((stop, index) => {
      if (seen.has(stop.sequence)) {
        context.addIssue({ code: "custom", message: DUPLICATE_SEQUENCE, path: [index, "sequence"] });
      }
      seen.add(stop.sequence);
    });
  });

/**
 * PUT /routing/{routeNumber}: the full route object. Left-out parts stay; `assignedLoads` (or
 * `loadIds`) is the whole new list of loads; `assignedUserKey` null unassigns the driver.
 * `version` (or `expectedVersion`) is the version the editor read: 409 when the route moved since.
 */
export const updateRouteInput = z
  .object(
    {
      ...expectedVersionFields,
      routeNumber: z.string().nullish(),
      assignedUserKey: z.string().trim().nullish(),
      stops: stopList.nullish(),
      assignedLoads: z.array(loadReference).nullish(),
      loadIds: z.array(loadReference).nullish(),
      /** true: a driver of another carrier than the loads' awarded one is saved anyway (audited). */
      overrideCarrier: z.boolean({ error: "overrideCarrier must be true or false" }).nullish(),
    },
    { error: "Send the route object" },
  )
  .transform(({ assignedLoads, loadIds, ...rest }, context) => {
    const loads = assignedLoads ?? loadIds;
    if (loads === null || loads === undefined) return { ...rest, loads: undefined };
    const unique = [...new Set(loads)];
    if (unique.length === 0) {
      context.addIssue({ code: "custom", message: LOADS_REQUIRED, path: ["assignedLoads"] });
      return z.NEVER;
    }
    if (unique.length > MAX_ROUTE_LOADS) {
      context.addIssue({
        code: "custom",
        message: `A route holds at most ${MAX_ROUTE_LOADS} loads.`,
        path: ["assignedLoads"],
      });
      return z.NEVER;
    }
    return { ...rest, loads: unique };
  });
export type UpdateRouteInput = z.infer<typeof updateRouteInput>;

import { z } from "zod";
import { ROUTE_STOP_TYPES } from "../../common/routing.ts";
import { dateTime, rowVersion } from "../http/rest-schemas.ts";

/** The REST answers of the routing domain (routing/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();

/** `routeJson`: a route with its loads, stops and the list's derived columns. */
export const routeSchema = z
  .object({
    _id: z.string(),
    routeNumber: z.string(),
    carrier: text.describe("The carrier's name."),
    carrierId: text.describe("The carrier's readable id."),
    assignedUserKey: text.describe("The driver's userId."),
    driverName: text,
    assignedLoads: z
      .array(
        z.object({ loadId: z.string(), pickupDate: dateTime.nullable(), deliveryDate: dateTime.nullable() }),
      )
      .describe("In running order."),
    stops: z
      .array(
        z.object({
          _id: z.string(),
          sequence: z.number().int(),
          type: z.enum(ROUTE_STOP_TYPES),
          nass: z
            .object({
              _id: z.string(),
              code: z.string(),
              facilityName: text,
              city: text,
              state: text,
              location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
            })
            .nullable(),
        }),
      )
      .describe("By sequence."),
    pickup: text.describe("The first pickup's NASS code."),
    pickupDate: dateTime.nullable().describe("The earliest pickup of its loads."),
    delivery: text.describe("The last delivery's NASS code."),
    deliveryDate: dateTime.nullable().describe("The latest delivery of its loads."),
    createdAt: dateTime,
    updatedAt: dateTime,
    version: rowVersion,
  })
  .meta({ id: "Route", description: "A route with its loads, stops and the list's derived columns." });

/** `routeChangeJson`: the route after a create or save, what moved and a sentence that says so. */
export const routeChangeSchema = routeSchema.extend({
  message: z.string(),
  movedLoads: z
    .array(z.object({ loadId: z.string(), fromRouteNumber: z.string() }))
    .describe("Loads taken from other routes."),
  removedLoadCount: z.number().int().describe("Loads the save took off the route."),
});

/** GET /routing/route-number. */
export const routeNumberSuggestionSchema = z.object({
  routeNumber: z.string().describe("Free at the time of the answer: YYMMDD and two characters."),
});

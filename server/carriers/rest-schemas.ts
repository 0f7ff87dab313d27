import { z } from "zod";
import { CARRIER_TYPES } from "../../common/carriers.ts";
import { publicUserSchema } from "../auth/account-json.ts";
import { dateTime, rowVersion } from "../http/rest-schemas.ts";

/** The REST answers of the carriers domain (carriers/json.ts), as the OpenAPI document describes them. */

/** `carrierJson`: a carrier with its drivers. */
export const carrierSchema = z
  .object({
    _id: z.string().describe("The database id."),
    carrierId: z.string().describe("The readable carrier id (CAR-000123)."),
    carrierName: z.string(),
    dotNumber: z.string().describe("The DOT number's digits."),
    mcNumber: z.string().describe("The MC number's digits."),
    type: z.enum(CARRIER_TYPES),
    contact: z.object({ name: z.string(), phone: z.string().describe("E.164."), email: z.string() }),
    drivers: z.array(publicUserSchema).describe("The carrier users who drive for this carrier."),
    driverCount: z.number().int(),
    createdAt: dateTime,
    updatedAt: dateTime,
    version: rowVersion,
  })
  .meta({ id: "Carrier", description: "A carrier with its drivers." });

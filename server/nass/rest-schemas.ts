import { z } from "zod";
import { rowVersion } from "../http/rest-schemas.ts";

/** The REST answers of the NASS domain (nass/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();

/** `nassJson`: a NASS facility record. */
export const nassSchema = z
  .object({
    _id: z.string(),
    code: z.string().describe("The NASS code, unique."),
    region: text,
    division: text,
    fdbid: text,
    facilityName: text,
    street: text,
    city: text,
    state: text,
    zip: text,
    typeCode: text,
    subType: text,
    facType: text,
    originating: z.boolean(),
    destinating: z.boolean(),
    latitude: z.number().nullable().describe("Latitude in decimal degrees (WGS 84)."),
    longitude: z.number().nullable().describe("Longitude in decimal degrees (WGS 84)."),
    timeZone: z
      .string()
      .nullable()
      .describe("The facility's IANA time zone (from its coordinates); its stops' appointments are in it."),
    geofenceRadiusMeters: z
      .number()
      .int()
      .nullable()
      .describe("The tracking geofence around the facility in meters; null: the default (200 m)."),
    version: rowVersion,
  })
  .meta({ id: "NassCode", description: "A NASS facility record." });

/** POST /routing/nass/import. */
export const nassImportResultSchema = z.object({
  message: z.string(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  skipped: z
    .array(z.object({ row: z.number().int(), code: z.string(), reason: z.string() }))
    .describe("Rows not written because someone changed their code while the file was importing."),
});

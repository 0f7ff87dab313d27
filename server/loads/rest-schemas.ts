import { z } from "zod";
import { LOAD_STAGES } from "../../common/loads/stages.ts";
import { LOAD_MODES, LOAD_STATUSES, STOP_TYPES } from "../../common/loads/values.ts";
import { publicUserSchema } from "../auth/account-json.ts";
import { dateTime, rowVersion } from "../http/rest-schemas.ts";
import { nassSchema } from "../nass/rest-schemas.ts";
import { stopTimesSchema } from "./stop-visits-rest.ts";

/** The REST answers of the loads domain (loads/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();

/** `loadJson`: the load as every REST answer carries it. */
export const loadSchema = z
  .object({
    _id: z.string().describe("The database id."),
    loadId: z.string().describe("The readable load id (unique; read-only on edit)."),
    version: rowVersion,
    bolNumber: text,
    customer: text,
    status: z.enum(LOAD_STATUSES),
    stage: z
      .enum(LOAD_STAGES)
      .describe("How far it got: its furthest milestone (cancelled over everything)."),
    mode: z.enum(LOAD_MODES),
    assignedUserId: text.describe("The driver's database id."),
    assignedUserKey: text.describe("The driver's userId."),
    carrierId: text.describe("The carrier's readable id (CAR-000123)."),
    carrier: z
      .object({ _id: z.string(), carrierId: z.string(), carrierName: z.string() })
      .nullable()
      .describe("The carrier the load is assigned to."),
    driver: publicUserSchema.nullable().describe("The assigned driver."),
    referenceNumber: text,
    weight: z.number().nullable(),
    volume: z.number().nullable(),
    freightClass: text,
    commodity: text,
    orderInfo: text,
    additionalData: z.unknown().describe("Free-form data: a JSON object, or null."),
    stops: z
      .array(
        z.object({
          _id: z.string(),
          sequence: z.number().int(),
          type: z.enum(STOP_TYPES),
          nass: nassSchema.nullable().describe("The stop's NASS facility."),
          ...stopTimesSchema,
        }),
      )
      .describe("The stop rows, by sequence."),
    stopCount: z.number().int().describe("The planned number of stops (the create form's count)."),
    routeNumber: text,
    origin: z.object({ address: text }),
    destination: z.object({ address: text }),
    pickupDate: dateTime.nullable(),
    deliveryDate: dateTime.nullable(),
    appointmentsRequired: z.boolean(),
    appointmentsConfirmed: z.boolean(),
    trackingLink: text,
    stream: text.describe("The upload stream the load came from (e.g. USPS)."),
    customerRateCents: z.number().int().nullable().describe("What the shipper pays, US cents."),
    carrierRateCents: z
      .number()
      .int()
      .nullable()
      .describe("What the carrier is paid (the winning bid), US cents."),
    marginCents: z.number().int().nullable().describe("Customer rate minus carrier rate, US cents."),
    marginPercent: z.number().nullable().describe("The margin as a percentage of the customer rate."),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: "Load", description: "A load with its stops, carrier and driver." });

/** `uploadBatchJson`: one bulk upload. */
export const uploadBatchSchema = z
  .object({
    _id: z.string(),
    stream: z.string(),
    fileNames: text,
    rowCount: z.number().int(),
    createdCount: z.number().int(),
    updatedCount: z.number().int(),
    createdAt: dateTime,
  })
  .meta({ id: "UploadBatch", description: "One bulk upload of loads." });

/** POST /loads. */
export const uploadResultSchema = z.object({
  message: z.string(),
  rowCount: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  skipped: z
    .array(z.object({ row: z.number().int(), loadId: z.string(), reason: z.string() }))
    .describe("Rows not written because someone changed their load while the file was uploading."),
  batch: uploadBatchSchema,
});

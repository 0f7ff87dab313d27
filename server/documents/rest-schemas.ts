import { z } from "zod";
import {
  CARRIER_DOCUMENT_TYPES,
  DOCUMENT_CONTENT_TYPES,
  LOAD_DOCUMENT_TYPES,
} from "../../common/documents.ts";
import { POD_EXCEPTIONS } from "../../common/driver.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** `documentJson`: a file kept with a load. */
export const documentSchema = z
  .object({
    _id: z.string(),
    type: z.enum(LOAD_DOCUMENT_TYPES),
    fileName: z.string(),
    size: z.number().int().describe("Bytes."),
    contentType: z.enum(DOCUMENT_CONTENT_TYPES).describe("From the file's own bytes."),
    sha256: z.string().describe("Hex SHA-256 of the bytes."),
    createdAt: dateTime,
    downloadUrl: z.string().describe("GET it (signed in) for the file itself."),
    receiverName: z.string().nullable().describe("A POD's receiver, as the driver wrote it; null otherwise."),
    exceptions: z
      .array(z.enum(POD_EXCEPTIONS))
      .describe("What the receiver noted on a POD (shortage, damage, refused); empty when none."),
    note: z.string().nullable().describe("A POD's note; null otherwise."),
    takenAt: dateTime
      .nullable()
      .describe("When the driver took the POD (the phone's clock); null if not sent."),
    signatureOfId: z
      .string()
      .nullable()
      .describe(
        "On a receiver's signature (a PNG, type OTHER): the `_id` of the POD it signs; null otherwise.",
      ),
  })
  .meta({ id: "LoadDocument", description: "A file kept with a load (BOL, POD, rate confirmation, ...)." });

/** `carrierDocumentJson`: a file kept with a carrier company. */
export const carrierDocumentSchema = z
  .object({
    _id: z.string(),
    type: z.enum(CARRIER_DOCUMENT_TYPES),
    fileName: z.string(),
    size: z.number().int().describe("Bytes."),
    contentType: z.enum(DOCUMENT_CONTENT_TYPES).describe("From the file's own bytes."),
    sha256: z.string().describe("Hex SHA-256 of the bytes."),
    insuranceExpiresOn: z.string().nullable().describe("An insurance certificate's expiry day (YYYY-MM-DD)."),
    createdAt: dateTime,
    downloadUrl: z.string().describe("GET it (signed in) for the file itself."),
  })
  .meta({
    id: "CarrierDocument",
    description: "A file kept with a carrier company (W-9, insurance certificate, authority, other).",
  });

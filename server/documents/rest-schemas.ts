import { z } from "zod";
import { DOCUMENT_CONTENT_TYPES, LOAD_DOCUMENT_TYPES } from "../../common/documents.ts";
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
  })
  .meta({ id: "LoadDocument", description: "A file kept with a load (BOL, POD, rate confirmation, ...)." });

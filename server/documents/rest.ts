import { CARRIER_DOCUMENT_MESSAGES, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "../../common/documents.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../common/driver.ts";
import { errors, fileResponse, messageBody } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import {
  downloadCarrierDocument,
  listCarrierDocuments,
  removeCarrierDocument,
  uploadCarrierDocument,
} from "./carrier-service.ts";
import { attachmentHeader, carrierDocumentJson, documentJson } from "./json.ts";
import { documentFromMultipart } from "./multipart.ts";
import { carrierDocumentSchema, documentSchema } from "./rest-schemas.ts";
import {
  downloadDocument,
  idempotencyKeyOf,
  listLoadDocuments,
  removeLoadDocument,
  uploadLoadDocument,
} from "./service.ts";

const WHO = "Operators, and the carrier the load was awarded to.";
const CARRIER_WHO = "Operators, and the carrier company's own users (anyone else: not found).";

function fileDownload(document: { contentType: string; fileName: string }, bytes: Uint8Array<ArrayBuffer>) {
  return new Response(bytes, {
    headers: {
      "content-type": document.contentType,
      "content-disposition": attachmentHeader(document.fileName),
      "cache-control": "private, no-store",
    },
  });
}

export const documentRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/loads/:loadId/documents",
    access: "driver",
    rawBody: true,
    // The file, a POD's signature (10 MB each) and the form around them; past that the edge refuses.
    bodyLimit: 2 * MAX_DOCUMENT_BYTES + 256 * 1024,
    schema: {
      summary: "Attach a document to a load",
      description:
        "multipart/form-data with `file` (PDF, JPEG or PNG, at most 10 MB; the bytes decide, not the name) " +
        "and `type` (BOL, POD, RATE_CONFIRMATION, INVOICE or OTHER; RATE_CONFIRMATION operators only; the " +
        "driver app's trip session BOL, POD or OTHER, for its own load only). A POD may add `receiverName` " +
        "(at most 120 characters), `exceptions` (comma list of shortage, damage, refused), `note` (at most " +
        "1000), `takenAt` (ISO-8601 instant, not in the future) and `signature` (a PNG file part, at most " +
        "10 MB), filed as its own OTHER document whose `signatureOfId` is the POD. A POD records the " +
        "'POD received' milestone (source `driver_app` from the trip session). With an `Idempotency-Key` " +
        "header (1 to 100 visible characters) a retried upload answers the document the first one filed " +
        `(same \`_id\`, 201), storing nothing more. A load keeps at most 100 documents. ${WHO} And the ` +
        "load's driver (trip session).",
      response: {
        201: documentSchema,
        ...errors(400, { 404: DOCUMENT_MESSAGES.loadNotFound, 409: DOCUMENT_MESSAGES.tooMany }, 413, 415),
      },
    },
    async handle(ctx, { params, body, request }) {
      const idempotencyKey = idempotencyKeyOf(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      const form = await documentFromMultipart(body as Uint8Array, request.headers.get("content-type") ?? "");
      const document = await uploadLoadDocument(ctx, params.loadId, form, { idempotencyKey });
      return withStatus(201, documentJson(document));
    },
  },
  {
    method: "GET",
    path: "/loads/:loadId/documents",
    access: "signedIn",
    schema: {
      summary: "List a load's documents",
      description: `Newest first, at most 100. ${WHO}`,
      response: { 200: documentSchema.array(), ...errors({ 404: DOCUMENT_MESSAGES.loadNotFound }) },
    },
    async handle(ctx, { params }) {
      const { documents } = await listLoadDocuments(ctx, params.loadId);
      return documents.map(documentJson);
    },
  },
  {
    method: "GET",
    path: "/documents/:id",
    access: "signedIn",
    schema: {
      summary: "Download a document",
      description: `The file itself, as an attachment. ${WHO}`,
      response: {
        200: fileResponse("application/octet-stream", "The file (its content type is the document's)."),
        ...errors({ 404: DOCUMENT_MESSAGES.notFound }),
      },
    },
    async handle(ctx, { params }) {
      const { document, bytes } = await downloadDocument(ctx, params.id);
      return fileDownload(document, bytes);
    },
  },
  {
    method: "DELETE",
    path: "/documents/:id",
    access: "signedIn",
    schema: {
      summary: "Delete a document",
      description: "Operators any document; a carrier user only one they uploaded.",
      response: { 200: messageBody, ...errors({ 404: DOCUMENT_MESSAGES.notFound }) },
    },
    async handle(ctx, { params }) {
      await removeLoadDocument(ctx, params.id);
      return { message: "Document deleted" };
    },
  },
  {
    method: "POST",
    path: "/carriers/:id/documents",
    access: "signedIn",
    rawBody: true,
    bodyLimit: MAX_DOCUMENT_BYTES + 256 * 1024,
    schema: {
      summary: "Attach a document to a carrier",
      description:
        "multipart/form-data with `file` (PDF, JPEG or PNG, at most 10 MB; the bytes decide, not the name), " +
        "`type` (W9, INSURANCE_CERTIFICATE, AUTHORITY or OTHER) and, for an insurance certificate, an " +
        "optional `insuranceExpiresOn` (YYYY-MM-DD). The carrier is named by its database id or carrierId. " +
        `A carrier keeps at most 100 documents. ${CARRIER_WHO}`,
      response: {
        201: carrierDocumentSchema,
        ...errors(
          400,
          { 404: CARRIER_DOCUMENT_MESSAGES.carrierNotFound, 409: CARRIER_DOCUMENT_MESSAGES.tooMany },
          413,
          415,
        ),
      },
    },
    async handle(ctx, { params, body, request }) {
      const form = await documentFromMultipart(body as Uint8Array, request.headers.get("content-type") ?? "");
      return withStatus(201, carrierDocumentJson(await uploadCarrierDocument(ctx, params.id, form)));
    },
  },
  {
    method: "GET",
    path: "/carriers/:id/documents",
    access: "signedIn",
    schema: {
      summary: "List a carrier's documents",
      description: `Newest first, at most 100. ${CARRIER_WHO}`,
      response: {
        200: carrierDocumentSchema.array(),
        ...errors({ 404: CARRIER_DOCUMENT_MESSAGES.carrierNotFound }),
      },
    },
    async handle(ctx, { params }) {
      const { documents } = await listCarrierDocuments(ctx, params.id);
      return documents.map(carrierDocumentJson);
    },
  },
  {
    method: "GET",
    path: "/carrier-documents/:id",
    access: "signedIn",
    schema: {
      summary: "Download a carrier's document",
      description: `The file itself, as an attachment. ${CARRIER_WHO}`,
      response: {
        200: fileResponse("application/octet-stream", "The file (its content type is the document's)."),
        ...errors({ 404: DOCUMENT_MESSAGES.notFound }),
      },
    },
    async handle(ctx, { params }) {
      const { document, bytes } = await downloadCarrierDocument(ctx, params.id);
      return fileDownload(document, bytes);
    },
  },
  {
    method: "DELETE",
    path: "/carrier-documents/:id",
    access: "signedIn",
    schema: {
      summary: "Delete a carrier's document",
      description: "Operators any; a carrier user only one they uploaded for their own company.",
      response: { 200: messageBody, ...errors({ 404: DOCUMENT_MESSAGES.notFound }) },
    },
    async handle(ctx, { params }) {
      await removeCarrierDocument(ctx, params.id);
      return { message: "Document deleted" };
    },
  },
];

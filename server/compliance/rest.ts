import { CENSUS_MAX_BYTES, COMPLIANCE_MESSAGES } from "../../common/compliance.ts";
import { CARRIER_DOCUMENT_MESSAGES } from "../../common/documents.ts";
import { documentFromMultipart } from "../documents/multipart.ts";
import { errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { importCarrierCensus } from "./census.ts";
import { complianceJson } from "./json.ts";
import { censusResultSchema, complianceSchema } from "./rest-schemas.ts";
import { carrierComplianceForViewer, complianceRequired, recordCarrierCompliance } from "./service.ts";
import { recordComplianceInput } from "./validation.ts";

export const complianceRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/carriers/:carrierId/compliance",
    access: "signedIn",
    schema: {
      summary: "A carrier's compliance",
      description:
        "Authority, insurance (current certificate, coverage, expiry), W-9 and the verdict with its reasons. " +
        "The carrier by database id or carrierId. Operators, and the carrier company's own users; anyone " +
        "else: 404.",
      response: { 200: complianceSchema, ...errors({ 404: CARRIER_DOCUMENT_MESSAGES.carrierNotFound }) },
    },
    async handle(ctx, { params }) {
      const { compliance } = await carrierComplianceForViewer(ctx, params.carrierId);
      return complianceJson(compliance, complianceRequired(ctx));
    },
  },
  {
    method: "PUT",
    path: "/carriers/:carrierId/compliance",
    access: "admin",
    schema: {
      summary: "Record or verify a carrier's compliance",
      description:
        "Any of `authorityStatus` (with `authorityCheckedOn`, today by default), `insuranceCoverage` " +
        "(dollars), `verifyInsuranceDocumentId` and `verifyW9DocumentId` (that carrier's documents of " +
        "that type). Audited. Operators only.",
      body: recordComplianceInput,
      response: {
        200: complianceSchema,
        ...errors(400, { 404: CARRIER_DOCUMENT_MESSAGES.carrierNotFound }),
      },
    },
    async handle(ctx, { params, body }) {
      return complianceJson(
        await recordCarrierCompliance(ctx, params.carrierId, body),
        complianceRequired(ctx),
      );
    },
  },
  {
    method: "POST",
    path: "/carriers/compliance/census",
    access: "admin",
    rawBody: true,
    bodyLimit: CENSUS_MAX_BYTES,
    schema: {
      summary: "Import the FMCSA carrier census",
      description:
        "The FMCSA census CSV (text/csv body, or multipart/form-data with `file`), at most 20 MB (413). " +
        "Columns read: DOT_NUMBER, and STATUS_CODE (A active, I inactive, R revoked) when present (without " +
        "it every listed carrier is active). Carriers are matched by DOT number and their authority status " +
        "is set, checked today. Bad rows are skipped and listed (the first 100). Operators only.",
      response: {
        200: censusResultSchema,
        ...errors({ 400: COMPLIANCE_MESSAGES.censusNoDotColumn }, 413),
      },
    },
    async handle(ctx, { body, request }) {
      const contentType = request.headers.get("content-type") ?? "";
      const bytes = /^multipart\/form-data/i.test(contentType)
        ? (await documentFromMultipart(body as Uint8Array, contentType)).bytes
        : (body as Uint8Array);
      return importCarrierCensus(ctx, bytes);
    },
  },
];

import { z } from "zod";
import { AUTHORITY_STATUSES, COMPLIANCE_STATUSES } from "../../common/compliance.ts";

/** `complianceJson`: a carrier's compliance. */
export const complianceSchema = z
  .object({
    carrierId: z.string().nullable().describe("The carrier's database id."),
    status: z.enum(COMPLIANCE_STATUSES),
    mayTrade: z.boolean().describe("Whether the gate lets it bid, book and be awarded."),
    gateRequired: z.boolean().describe("Whether CARRIER_COMPLIANCE=required is on."),
    reasons: z.array(z.string()).describe("Each problem in words; empty when compliant."),
    authorityStatus: z.enum(AUTHORITY_STATUSES),
    authorityCheckedOn: z.string().nullable().describe("YYYY-MM-DD."),
    authoritySource: z.enum(["manual", "census"]).nullable(),
    insuranceExpiresOn: z.string().nullable().describe("The current certificate's expiry day."),
    insuranceCoverage: z.number().nullable().describe("Dollars."),
    insuranceDocumentId: z.string().nullable().describe("The current insurance certificate's id."),
    insuranceVerified: z.boolean(),
    w9OnFile: z.boolean(),
    w9Verified: z.boolean(),
  })
  .meta({
    id: "CarrierCompliance",
    description: "A carrier's authority, insurance and W-9, and the verdict.",
  });

export const censusResultSchema = z
  .object({
    rows: z.number().int().describe("Data rows read."),
    matched: z.number().int().describe("Rows of our carriers (by DOT number): authority status set."),
    unmatched: z.number().int().describe("Good rows of carriers not on the platform (ignored)."),
    errorCount: z.number().int().describe("Rows refused."),
    errors: z
      .array(z.object({ row: z.number().int(), field: z.string(), message: z.string() }))
      .describe("The first 100 refused rows (row 1 is the line after the header)."),
    columnsRead: z.array(z.string()).describe("DOT_NUMBER, and STATUS_CODE when present."),
  })
  .meta({ id: "CarrierCensusImport", description: "What the census import did." });

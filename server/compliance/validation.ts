import { z } from "zod";
import { AUTHORITY_STATUSES, COMPLIANCE_MESSAGES } from "../../common/compliance.ts";
import { isIsoDay } from "../../common/documents.ts";
import { moneyInput } from "../../common/money-input.ts";

const coverageMessage = () => "Coverage must be an amount in dollars, at most $10,000,000.00.";

const documentId = z.string().trim().min(1).max(100);

/**
 * What an operator records about a carrier's compliance: any of authority status (with the day it
 * was checked, today by default), insurance coverage in dollars, and the insurance certificate or
 * W-9 (document ids) it verified. Sending nothing is refused.
 */
export const recordComplianceInput = z
  .object({
    authorityStatus: z
      .enum(AUTHORITY_STATUSES, { error: "authorityStatus must be active, inactive, revoked or unknown." })
      .nullish()
      .describe("active | inactive | revoked | unknown"),
    authorityCheckedOn: z
      .string()
      .trim()
      .refine(isIsoDay, COMPLIANCE_MESSAGES.checkedOnInvalid)
      .refine((day) => day <= new Date().toISOString().slice(0, 10), COMPLIANCE_MESSAGES.checkedOnInvalid)
      .nullish()
      .describe("YYYY-MM-DD; today when authorityStatus is sent without it."),
    insuranceCoverage: moneyInput(coverageMessage, { minCents: 1 })
      .optional()
      .describe("The insurance's coverage in dollars."),
    verifyInsuranceDocumentId: documentId
      .nullish()
      .describe("The insurance certificate (carrier document id) the operator verified."),
    verifyW9DocumentId: documentId.nullish().describe("The W-9 (carrier document id) the operator verified."),
  })
  .refine(
    (input) =>
      input.authorityStatus != null ||
      input.insuranceCoverage !== undefined ||
      input.verifyInsuranceDocumentId != null ||
      input.verifyW9DocumentId != null,
    { message: COMPLIANCE_MESSAGES.nothingToRecord },
  );
export type RecordComplianceInput = z.infer<typeof recordComplianceInput>;

import { mayTrade } from "../../common/compliance.ts";
import type { ComplianceView } from "./service.ts";

/** The REST shape of a carrier's compliance. */
export function complianceJson(view: ComplianceView, gateRequired: boolean) {
  return {
    carrierId: view.carrierId,
    status: view.status,
    mayTrade: mayTrade(view.status),
    gateRequired,
    reasons: view.reasons,
    authorityStatus: view.authorityStatus,
    authorityCheckedOn: view.authorityCheckedOn,
    authoritySource: view.authoritySource,
    insuranceExpiresOn: view.insuranceExpiresOn,
    insuranceCoverage: view.insuranceCoverageCents === null ? null : view.insuranceCoverageCents / 100,
    insuranceDocumentId: view.insuranceDocumentId,
    insuranceVerified: view.insuranceVerified,
    w9OnFile: view.w9OnFile,
    w9Verified: view.w9Verified,
  };
}

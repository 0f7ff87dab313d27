import type { Db } from "../db/client.ts";
import type { CarrierCompliance } from "../generated/sqlite/client.ts";

/** The compliance domain's tables, in the caller's transaction when there is one. */
export type ComplianceTables = Pick<Db, "carrierCompliance" | "complianceWarning">;

/** The compliance records of these carriers (no row: nothing recorded yet). */
export function complianceRecordsOf(
  db: Pick<Db, "carrierCompliance">,
  carrierIds: string[],
): Promise<CarrierCompliance[]> {
  if (carrierIds.length === 0) return Promise.resolve([]);
  return db.carrierCompliance.findMany({ where: { carrierId: { in: carrierIds } } });
}

export type ComplianceChange = Partial<
  Pick<
    CarrierCompliance,
    | "authorityStatus"
    | "authorityCheckedOn"
    | "authoritySource"
    | "insuranceCoverageCents"
    | "insuranceDocumentId"
    | "insuranceVerifiedAt"
    | "w9DocumentId"
    | "w9VerifiedAt"
    | "updatedById"
  >
>;

/** Records a change of a carrier's compliance, creating its row on first use. */
export function saveCompliance(
  tx: Pick<Db, "carrierCompliance">,
  carrierId: string,
  change: ComplianceChange,
): Promise<CarrierCompliance> {
  return tx.carrierCompliance.upsert({
    where: { carrierId },
    create: { carrierId, ...change },
    update: change,
  });
}

/**
 * Claims the warning for one certificate and threshold: the unique key (documentId,
 * thresholdDays) lets one insert win; any other throws a unique violation, which rolls the
 * caller's transaction back (its notifications with it).
 */
export function claimWarning(
  tx: Pick<Db, "complianceWarning">,
  warning: { carrierId: string; documentId: string; thresholdDays: number; expiresOn: string },
) {
  return tx.complianceWarning.create({ data: warning });
}

/** Of these certificates, the ones already warned about at this threshold. */
export async function warnedDocumentIds(
  db: Pick<Db, "complianceWarning">,
  documentIds: string[],
  thresholdDays: number,
): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db.complianceWarning.findMany({
    where: { documentId: { in: documentIds }, thresholdDays },
    select: { documentId: true },
  });
  return new Set(rows.map((row) => row.documentId));
}

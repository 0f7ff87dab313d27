import { createHash } from "node:crypto";
import { type AuthorityStatus, addDays } from "../../common/compliance.ts";
import type { Deps } from "../deps.ts";

/** A tiny valid PDF standing in for a scanned certificate or W-9. */
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface DemoCompliance {
  carrierId: string;
  authority: AuthorityStatus;
  /** Days from today the insurance certificate expires; null: none on file. */
  insuranceDays: number | null;
  w9: boolean;
  verified: boolean;
}

/**
 * One demo carrier in each compliance state (the rest have nothing recorded: `missing`):
 * compliant, expiring (the sweep warns within a minute of start), expired, unverified, and
 * not authorized (revoked authority). Ramirez Trucking (carrier@freightway.test) is compliant and
 * Brooks Freight (driver2@freightway.test) is expiring, so both demo carriers can still bid with
 * CARRIER_COMPLIANCE=required; a self-signed-up carrier with no company cannot.
 */
const DEMO_STATES: DemoCompliance[] = [
  { carrierId: "CAR-000001", authority: "active", insuranceDays: 240, w9: true, verified: true },
  { carrierId: "CAR-000002", authority: "active", insuranceDays: 18, w9: true, verified: true },
  { carrierId: "CAR-000003", authority: "active", insuranceDays: -12, w9: true, verified: true },
  { carrierId: "CAR-000004", authority: "active", insuranceDays: 180, w9: true, verified: false },
  { carrierId: "CAR-000005", authority: "revoked", insuranceDays: 200, w9: true, verified: true },
  { carrierId: "CAR-000006", authority: "unknown", insuranceDays: null, w9: false, verified: false },
];

async function demoDocument(
  deps: Deps,
  carrierDbId: string,
  type: "INSURANCE_CERTIFICATE" | "W9",
  expiresOn: string | null,
) {
  const document = await deps.db.carrierDocument.create({
    data: {
      carrierId: carrierDbId,
      type,
      fileName: type === "W9" ? "w9.pdf" : "certificate-of-insurance.pdf",
      contentType: "application/pdf",
      size: PDF.byteLength,
      sha256: createHash("sha256").update(PDF).digest("hex"),
      insuranceExpiresOn: expiresOn,
    },
  });
  await deps.db.carrierDocumentContent.create({ data: { documentId: document.id, bytes: Buffer.from(PDF) } });
  return document.id;
}

export async function seedDemoCompliance(deps: Deps, adminId: string): Promise<void> {
  if ((await deps.db.carrierCompliance.count()) > 0) return;
  const today = new Date().toISOString().slice(0, 10);
  for (const state of DEMO_STATES) {
    const carrier = await deps.db.carrier.findUnique({ where: { carrierId: state.carrierId } });
    if (!carrier) continue;
    const insurance =
      state.insuranceDays === null
        ? null
        : await demoDocument(deps, carrier.id, "INSURANCE_CERTIFICATE", addDays(today, state.insuranceDays));
    const w9 = state.w9 ? await demoDocument(deps, carrier.id, "W9", null) : null;
    await deps.db.carrierCompliance.create({
      data: {
        carrierId: carrier.id,
        authorityStatus: state.authority,
        authorityCheckedOn: state.authority === "unknown" ? null : addDays(today, -3),
        authoritySource: state.authority === "unknown" ? null : "manual",
        insuranceCoverageCents: insurance ? 100_000_000 : null,
        insuranceDocumentId: state.verified ? insurance : null,
        insuranceVerifiedAt: state.verified && insurance ? new Date() : null,
        w9DocumentId: state.verified ? w9 : null,
        w9VerifiedAt: state.verified && w9 ? new Date() : null,
        updatedById: adminId,
      },
    });
  }
}

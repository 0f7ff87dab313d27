import {
  type AuthorityStatus,
  awardBlockedMessage,
  bidBlockedMessage,
  bookBlockedMessage,
  COMPLIANCE_MESSAGES,
  type ComplianceFacts,
  type ComplianceStatus,
  evaluateCompliance,
  mayTrade,
} from "../../common/compliance.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin, requireViewer } from "../auth/policy.ts";
import { carrierLabels } from "../carriers/lookup.ts";
import type { AppConfig } from "../config.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { carrierForDocuments, complianceDocumentsOf } from "../documents/carrier-service.ts";
import { ConflictError, ForbiddenError, ValidationError } from "../errors.ts";
import type { CarrierCompliance } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { carrierIdOfUser, carrierIdsOfUserList } from "../users/marketplace-reads.ts";
import { type ComplianceChange, complianceRecordsOf, saveCompliance } from "./store.ts";
import { recordComplianceInput } from "./validation.ts";

/** What the compliance rule reads, in the caller's transaction when it has one. */
export type ComplianceDb = Pick<Db, "carrierCompliance" | "carrierDocument" | "user" | "carrier">;

/** A carrier's compliance as the API answers it. */
export interface ComplianceView {
  /** The carrier's database id; null for a carrier user without a company. */
  carrierId: string | null;
  status: ComplianceStatus;
  reasons: string[];
  authorityStatus: AuthorityStatus;
  authorityCheckedOn: string | null;
  authoritySource: string | null;
  insuranceExpiresOn: string | null;
  insuranceCoverageCents: number | null;
  insuranceDocumentId: string | null;
  insuranceVerified: boolean;
  w9OnFile: boolean;
  w9Verified: boolean;
}

/** The UTC day (YYYY-MM-DD) of an instant: the day the rule judges expiry by. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const NO_COMPANY: ComplianceView = {
  carrierId: null,
  ...evaluateCompliance(null, "2000-01-01"),
  authorityStatus: "unknown",
  authorityCheckedOn: null,
  authoritySource: null,
  insuranceExpiresOn: null,
  insuranceCoverageCents: null,
  insuranceDocumentId: null,
  insuranceVerified: false,
  w9OnFile: false,
  w9Verified: false,
};

/** The compliance of many carriers in two reads (a carrier list page asks for at most 200). */
export async function complianceOfCarriers(
  db: Pick<ComplianceDb, "carrierCompliance" | "carrierDocument">,
  carrierIds: readonly string[],
  now = new Date(),
): Promise<ComplianceView[]> {
  const ids = [...new Set(carrierIds)];
  const [records, documents] = await Promise.all([
    complianceRecordsOf(db, ids),
    complianceDocumentsOf(db, ids),
  ]);
  const today = utcDay(now);
  return carrierIds.map((carrierId) => {
    const record: Partial<CarrierCompliance> = records.find((row) => row.carrierId === carrierId) ?? {};
    const insurance = documents.find(
      (doc) => doc.carrierId === carrierId && doc.type === "INSURANCE_CERTIFICATE",
    );
    const w9 = documents.find((doc) => doc.carrierId === carrierId && doc.type === "W9");
    const facts: ComplianceFacts = {
      authorityStatus: (record.authorityStatus as AuthorityStatus | undefined) ?? "unknown",
      insuranceCoverageCents: record.insuranceCoverageCents ?? null,
      insurance: insurance ? { id: insurance.id, expiresOn: insurance.insuranceExpiresOn } : null,
      insuranceVerifiedId: record.insuranceDocumentId ?? null,
      w9: w9 ? { id: w9.id } : null,
      w9VerifiedId: record.w9DocumentId ?? null,
    };
    return {
      carrierId,
      ...evaluateCompliance(facts, today),
      authorityStatus: facts.authorityStatus,
      authorityCheckedOn: record.authorityCheckedOn ?? null,
      authoritySource: record.authoritySource ?? null,
      insuranceExpiresOn: insurance?.insuranceExpiresOn ?? null,
      insuranceCoverageCents: facts.insuranceCoverageCents,
      insuranceDocumentId: insurance?.id ?? null,
      insuranceVerified: insurance !== undefined && facts.insuranceVerifiedId === insurance.id,
      w9OnFile: w9 !== undefined,
      w9Verified: w9 !== undefined && facts.w9VerifiedId === w9.id,
    };
  });
}

/** Who the gate asks about: a carrier user (through its company) or the company itself. */
export type CarrierParty = { userId: string } | { carrierId: string | null };

/** The compliance of a carrier user's company or of a company; `no_company` without one. */
export async function complianceOfParty(db: ComplianceDb, party: CarrierParty): Promise<ComplianceView> {
  const carrierId = "userId" in party ? await carrierIdOfUser(db, party.userId) : party.carrierId;
  if (!carrierId) return NO_COMPANY;
  const [view] = await complianceOfCarriers(db, [carrierId]);
  return view ?? NO_COMPANY;
}

/** The compliance of many carrier users' companies in three reads (a bidders page). */
export async function complianceOfUsers(
  db: ComplianceDb,
  userIds: readonly string[],
): Promise<ComplianceView[]> {
  const carrierIds = await carrierIdsOfUserList(db, userIds);
  const known = carrierIds.filter((id): id is string => id !== null);
  const views = await complianceOfCarriers(db, known);
  return carrierIds.map((id) => (id === null ? NO_COMPANY : (views[known.indexOf(id)] ?? NO_COMPANY)));
}

export type GatedAction = "bid" | "book" | "award";

/** What the gate needs: a database (a transaction is fine) and the CARRIER_COMPLIANCE setting. */
export interface GateScope {
  db: ComplianceDb;
  config: Pick<AppConfig, "carrierCompliance">;
}

/**
 * The compliance gate. With CARRIER_COMPLIANCE=required only a compliant carrier (or one whose
 * insurance is merely expiring) may bid, book or be awarded; a carrier user with no carrier
 * company is refused (nothing about it is on file). Bid and book answer 403 (the carrier cannot
 * act), award 409 (the operator picked a carrier that cannot take it), each saying why. With
 * CARRIER_COMPLIANCE=off it reads nothing. Pass `ctx`, or `{ db: tx, config: ctx.config }` to
 * check inside a transaction.
 */
export async function assertCarrierCompliant(
  scope: GateScope,
  party: CarrierParty,
  action: GatedAction = "book",
): Promise<void> {
  if (scope.config.carrierCompliance !== "required") return;
  const view = await complianceOfParty(scope.db, party);
  if (mayTrade(view.status)) return;
  if (action === "bid") throw new ForbiddenError(bidBlockedMessage(view.reasons));
  if (action === "book") throw new ForbiddenError(bookBlockedMessage(view.reasons));
  const [label] = view.carrierId ? await carrierLabels(scope.db, [view.carrierId]) : [];
  throw new ConflictError(awardBlockedMessage(label?.carrierName ?? "This carrier", view.reasons));
}

/**
 * Which of these carrier users may be awarded a load under the gate (assertCarrierCompliant's rule),
 * in three reads for all of them: every one with CARRIER_COMPLIANCE=off (nothing read).
 */
export async function mayTradeUsers(scope: GateScope, userIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (scope.config.carrierCompliance !== "required") return new Set(unique);
  const views = await complianceOfUsers(scope.db, unique);
  return new Set(unique.filter((_userId, index) => mayTrade(views[index]?.status ?? "no_company")));
}

/** A carrier's compliance for operators and the company's own users ("Carrier not found" to others). */
export async function carrierComplianceForViewer(ctx: Context, reference: string) {
  const carrier = await carrierForDocuments(ctx, reference);
  const [view] = await complianceOfCarriers(ctx.db, [carrier.id]);
  return { carrier, compliance: view ?? NO_COMPANY };
}

/** The signed-in user's own company's compliance (a user without one: `no_company`). */
export async function viewerCompliance(ctx: Context): Promise<ComplianceView> {
  const viewer = requireViewer(ctx);
  return complianceOfParty(ctx.db, { userId: viewer.id });
}

/** Whether the gate is on (the screens say so before a carrier tries). */
export function complianceRequired(ctx: Pick<Context, "config">): boolean {
  return ctx.config.carrierCompliance === "required";
}

function documentProblem(field: string, message: string): ValidationError {
  return new ValidationError(message, [{ field, message }]);
}

/**
 * An operator records and verifies a carrier's compliance: authority status (and the day it was
 * checked), insurance coverage, and which insurance certificate and W-9 it verified (each must be
 * that carrier's document of that type). Audited as `compliance.record`.
 */
export async function recordCarrierCompliance(
  ctx: Context,
  carrierReference: string,
  rawInput: unknown,
): Promise<ComplianceView> {
  const admin = requireAdmin(ctx);
  const input = parseInput(recordComplianceInput, rawInput);
  const carrier = await carrierForDocuments(ctx, carrierReference);
  const now = new Date();
  const change: ComplianceChange = { updatedById: admin.id };
  if (input.authorityStatus != null) {
    change.authorityStatus = input.authorityStatus;
    change.authorityCheckedOn = input.authorityCheckedOn ?? utcDay(now);
    change.authoritySource = "manual";
  }
  if (input.insuranceCoverage !== undefined) change.insuranceCoverageCents = input.insuranceCoverage;
  const documents = await complianceDocumentsOf(ctx.db, [carrier.id]);
  if (input.verifyInsuranceDocumentId != null) {
    const document = documents.find((doc) => doc.id === input.verifyInsuranceDocumentId);
    if (!document) {
      throw documentProblem("verifyInsuranceDocumentId", COMPLIANCE_MESSAGES.documentNotFound);
    }
    if (document.type !== "INSURANCE_CERTIFICATE") {
      throw documentProblem(
        "verifyInsuranceDocumentId",
        COMPLIANCE_MESSAGES.documentWrongType("insurance certificate"),
      );
    }
    change.insuranceDocumentId = document.id;
    change.insuranceVerifiedAt = now;
  }
  if (input.verifyW9DocumentId != null) {
    const document = documents.find((doc) => doc.id === input.verifyW9DocumentId);
    if (!document) throw documentProblem("verifyW9DocumentId", COMPLIANCE_MESSAGES.documentNotFound);
    if (document.type !== "W9") {
      throw documentProblem("verifyW9DocumentId", COMPLIANCE_MESSAGES.documentWrongType("W-9"));
    }
    change.w9DocumentId = document.id;
    change.w9VerifiedAt = now;
  }
  await ctx.db.$transaction(async (tx) => {
    await saveCompliance(tx, carrier.id, change);
    const { updatedById: _by, ...details } = change;
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "compliance.record",
      entityType: "Carrier",
      entityId: carrier.id,
      details,
    });
  });
  const [view] = await complianceOfCarriers(ctx.db, [carrier.id], now);
  return view ?? NO_COMPANY;
}

import { formatCents } from "./money.ts";

/** A carrier's operating authority (MC/DOT) as last checked. */
export const AUTHORITY_STATUSES = ["active", "inactive", "revoked", "unknown"] as const;
export type AuthorityStatus = (typeof AUTHORITY_STATUSES)[number];

/**
 * A carrier's compliance, worst first: `no_company` (a carrier user with no carrier company),
 * `not_authorized` (authority inactive or revoked), `expired` (insurance past its expiry day),
 * `missing` (authority unknown, or no insurance certificate, coverage or W-9 on file), `unverified`
 * (on file but not verified by an operator), `expiring` (insurance ends within 30 days: still
 * compliant), `compliant`.
 */
export const COMPLIANCE_STATUSES = [
  "compliant",
  "expiring",
  "unverified",
  "missing",
  "expired",
  "not_authorized",
  "no_company",
] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_STATUS_LABELS: Record<ComplianceStatus, string> = {
  compliant: "Compliant",
  expiring: "Insurance expiring",
  unverified: "Unverified",
  missing: "Missing documents",
  expired: "Insurance expired",
  not_authorized: "No active authority",
  no_company: "No carrier company",
};

/** Statuses that may bid, book and be awarded when CARRIER_COMPLIANCE=required. */
export function mayTrade(status: ComplianceStatus): boolean {
  return status === "compliant" || status === "expiring";
}

/** Insurance ending within this many days warns the carrier and the operators. */
export const EXPIRY_WARNING_DAYS = 30;

/** The least auto liability coverage accepted: FMCSA's minimum for general freight ($750,000). */
export const MIN_INSURANCE_COVERAGE_CENTS = 75_000_000;

/** The census import: at most this many bytes of CSV, and this many rows with problems listed. */
export const CENSUS_MAX_BYTES = 20 * 1024 * 1024;
export const CENSUS_MAX_ROW_ERRORS = 100;

export const COMPLIANCE_MESSAGES = {
  noCompany:
    "Your account is not linked to a carrier company, so no authority, insurance or W-9 is on file. Ask an operator to add you to your company.",
  authorityUnknown: "Operating authority (MC/DOT) has not been checked.",
  authority: (status: AuthorityStatus) => `Operating authority is ${status}.`,
  insuranceMissing: "No insurance certificate on file.",
  insuranceNoExpiry: "The insurance certificate has no expiry date.",
  insuranceExpired: (day: string) => `Insurance expired on ${day}.`,
  insuranceExpiring: (day: string) => `Insurance expires on ${day}.`,
  coverageMissing: "Insurance coverage has not been recorded.",
  coverageLow: (cents: number) =>
    `Insurance coverage ${formatCents(cents)} is below the ${formatCents(MIN_INSURANCE_COVERAGE_CENTS)} minimum.`,
  insuranceUnverified: "The insurance certificate has not been verified by an operator.",
  w9Missing: "No W-9 on file.",
  w9Unverified: "The W-9 has not been verified by an operator.",
  documentNotFound: "No such document of this carrier.",
  documentWrongType: (expected: string) => `That document is not a ${expected}.`,
  checkedOnInvalid: "The check date must be a day (YYYY-MM-DD), not in the future.",
  nothingToRecord: "Send at least one thing to record.",
  censusTooLarge: "The census file is larger than 20 MB.",
  censusNoDotColumn: "The file has no DOT_NUMBER column: is it the FMCSA census CSV?",
  censusEmpty: "The file has no rows.",
  censusBadDot: "DOT_NUMBER must be digits.",
  censusBadStatus: "STATUS_CODE must be A (active), I (inactive) or R (revoked).",
} as const;

/** Why a carrier may not bid: the first sentence says what was refused, the reasons say why. */
export function bidBlockedMessage(reasons: readonly string[]): string {
  return `Your carrier company is not compliant, so you cannot bid: ${reasons.join(" ")}`;
}

/** Why an operator may not award a bid to its carrier. */
export function awardBlockedMessage(carrierName: string, reasons: readonly string[]): string {
  return `${carrierName} is not compliant, so it cannot be awarded: ${reasons.join(" ")}`;
}

/** Why a carrier may not book (Book Now calls assertCarrierCompliant). */
export function bookBlockedMessage(reasons: readonly string[]): string {
  return `Your carrier company is not compliant, so you cannot book: ${reasons.join(" ")}`;
}

/** What the compliance rule reads about one carrier. */
export interface ComplianceFacts {
  authorityStatus: AuthorityStatus;
  insuranceCoverageCents: number | null;
  /** The newest insurance certificate on file, if any. */
  insurance: { id: string; expiresOn: string | null } | null;
  /** The certificate an operator verified. */
  insuranceVerifiedId: string | null;
  /** The newest W-9 on file, if any. */
  w9: { id: string } | null;
  w9VerifiedId: string | null;
}

export interface ComplianceVerdict {
  status: ComplianceStatus;
  reasons: string[];
}

/** Adds whole days to an ISO day (YYYY-MM-DD), in UTC. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The compliance rule, one implementation for the gate, the carrier list and the screens. `today`
 * is the UTC day (YYYY-MM-DD); insurance is valid through its expiry day.
 */
export function evaluateCompliance(facts: ComplianceFacts | null, today: string): ComplianceVerdict {
  if (!facts) return { status: "no_company", reasons: [COMPLIANCE_MESSAGES.noCompany] };
  const found: { status: ComplianceStatus; reason: string }[] = [];
  if (facts.authorityStatus === "unknown") {
    found.push({ status: "missing", reason: COMPLIANCE_MESSAGES.authorityUnknown });
  } else if (facts.authorityStatus !== "active") {
    found.push({ status: "not_authorized", reason: COMPLIANCE_MESSAGES.authority(facts.authorityStatus) });
  }
  const insurance = facts.insurance;
  if (!insurance) {
    found.push({ status: "missing", reason: COMPLIANCE_MESSAGES.insuranceMissing });
  } else {
    if (!insurance.expiresOn) {
      found.push({ status: "missing", reason: COMPLIANCE_MESSAGES.insuranceNoExpiry });
    } else if (insurance.expiresOn < today) {
      found.push({ status: "expired", reason: COMPLIANCE_MESSAGES.insuranceExpired(insurance.expiresOn) });
    } else if (insurance.expiresOn <= addDays(today, EXPIRY_WARNING_DAYS)) {
      found.push({ status: "expiring", reason: COMPLIANCE_MESSAGES.insuranceExpiring(insurance.expiresOn) });
    }
    if (facts.insuranceVerifiedId !== insurance.id) {
      found.push({ status: "unverified", reason: COMPLIANCE_MESSAGES.insuranceUnverified });
    }
  }
  if (facts.insuranceCoverageCents === null) {
    found.push({ status: "missing", reason: COMPLIANCE_MESSAGES.coverageMissing });
  } else if (facts.insuranceCoverageCents < MIN_INSURANCE_COVERAGE_CENTS) {
    found.push({ status: "missing", reason: COMPLIANCE_MESSAGES.coverageLow(facts.insuranceCoverageCents) });
  }
  if (!facts.w9) found.push({ status: "missing", reason: COMPLIANCE_MESSAGES.w9Missing });
  else if (facts.w9VerifiedId !== facts.w9.id) {
    found.push({ status: "unverified", reason: COMPLIANCE_MESSAGES.w9Unverified });
  }
  if (found.length === 0) return { status: "compliant", reasons: [] };
  const rank = (status: ComplianceStatus) => COMPLIANCE_STATUSES.indexOf(status);
  const worst = found.reduce((a, b) => (rank(b.status) > rank(a.status) ? b : a));
  return { status: worst.status, reasons: found.map((item) => item.reason) };
}

/** FMCSA census STATUS_CODE: A active, I inactive (R revoked is accepted too); null when unknown. */
export function authorityFromCensus(code: string): AuthorityStatus | null {
  const value = code.trim().toUpperCase();
  if (value === "A" || value === "ACTIVE") return "active";
  if (value === "I" || value === "INACTIVE") return "inactive";
  if (value === "R" || value === "REVOKED") return "revoked";
  return null;
}

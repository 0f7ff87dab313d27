/** Bidding rules and texts shared by the offer screens and the server (spec sections 2-5, 8). */
import { MAX_MONEY_TEXT, type MoneyProblem, parseMoneyCents } from "./money.ts";

/** The six equipment types of the landing page's Services section. */
export const EQUIPMENT_TYPES = [
  "Dry Van",
  "Flatbed",
  "Heavy-Haul",
  "Refrigerated",
  "High-Value",
  "Intermodal",
] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];
export const DEFAULT_EQUIPMENT_TYPE: EquipmentType = "Dry Van";

export const OFFER_STATUSES = ["active", "finished", "cancelled"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const BID_STATUSES = ["active", "winner", "loser", "folded"] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const DEFAULT_ROUND_MINUTES = 30;
export const MAX_ROUND_MINUTES = 7 * 24 * 60;
/** Confirm-details editing closes this long before the load starts. */
export const CONFIRM_LOCK_HOURS = 12;

export const TIMES_UP = "Time's up";
export const BID_MESSAGES = {
  invalid: "Please enter a valid bid.",
  tooLarge: `A bid cannot exceed ${MAX_MONEY_TEXT}`,
  created: "Puja creada exitosamente.",
  updated: "Puja actualizada exitosamente.",
  sent: "Bid sent successfully.",
  unexpected: "Error sending bid.",
  failed: "There was an error submitting your bid. Please try again.",
  roundClosed: "This round has closed: bids are no longer accepted.",
  offerClosed: "This offer is no longer open for bidding.",
  adminCannotBid: "Administrators cannot bid.",
  folded: "You folded on this load.",
} as const;

export const OFFER_MESSAGES = {
  notFound: "Offer not found",
  alreadyOpen: "This load already has an open offer.",
  loadCovered: "This load is already covered: its winner was confirmed, so it cannot go out for bids again.",
  loadDelivered: "This load is delivered: it cannot go out for bids.",
  loadCancelled: "This load is cancelled: it cannot go out for bids.",
  alreadyDecided: "A winner was already confirmed for this offer.",
  notActive: "This offer is no longer active.",
  roundRunning: "The current round has not ended yet.",
  bidNotFound: "Bid not found",
  bidFolded: "This carrier folded: choose an active bid.",
  noWinner: "No winner has been confirmed for this load.",
  confirmLocked: "Details can no longer be changed: the load starts in 12 hours or less.",
  confirmSure: "Are you sure you want to save changes?",
  confirmNotice: "Details can be changed until 12 hours before the load starts.",
  noTender: "There is no tender for this load.",
  tenderNotYours: "Only the winning carrier's users can answer this tender.",
  tenderAcceptCarrierOnly: "Only the winning carrier's users can accept a tender: the signature is theirs.",
  tenderExpired: "This tender has expired: the load was offered to the next carrier.",
  tenderDecided: "This tender was already answered.",
  tenderNotAccepted: "The carrier has not accepted the tender yet: the load cannot be dispatched.",
  signatureRequired: "Type your full name to sign.",
  signatureTooShort: "Type your full name (at least 2 letters).",
  signatureTooLong: "A name is at most 120 characters.",
  declineReasonRequired: "Say why you decline (at least 3 characters).",
  declineReasonTooLong: "A reason is at most 500 characters.",
  tenderAccepted: "Tender accepted",
  tenderDeclined: "Tender declined",
} as const;

/** Where a tender (the rate confirmation put to an award's winner) stands. */
export const TENDER_STATUSES = ["pending", "accepted", "declined", "expired"] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];
export const DEFAULT_TENDER_ACCEPT_MINUTES = 60;

/** Whole minutes left in the round, or "Time's up" once it closed (spec: roundEnds). */
export function roundEnds(roundEndsAt: Date | string, now = Date.now()): number | typeof TIMES_UP {
  const left = new Date(roundEndsAt).getTime() - now;
  return left > 0 ? Math.ceil(left / 60_000) : TIMES_UP;
}

/** A bid is at least one cent ("a number greater than 0"), within the money rule's maximum. */
export const BID_RULE = { minCents: 1 };

export const bidMessage = (problem: MoneyProblem) =>
  problem === "too_large" ? BID_MESSAGES.tooLarge : BID_MESSAGES.invalid;

/** The bid form's check before sending: the message to show, or null. */
export function bidAmountProblem(text: string): string | null {
  const result = parseMoneyCents(text, BID_RULE);
  return "cents" in result ? null : bidMessage(result.problem);
}

export const centsToDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

/**
 * A carrier's standing from its decided bids: 0 to 5 from the share won (one decimal), null
 * until a bid was decided. The same formula as GET /user/{id}/rating.
 */
export function bidderRating(wins: number, losses: number): number | null {
  const decided = wins + losses;
  return decided === 0 ? null : Math.round((wins / decided) * 50) / 10;
}

/** US states and DC: code and name, for the areas-of-operation rule. */
export const US_STATES: readonly [string, string][] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

/** The separators the areas rule treats as spaces (the SQL of the fan-out replaces the same ones). */
export const AREA_SEPARATORS = [",", ";", "/", ".", "|", "(", ")", "-", "\n", "\r", "\t"] as const;

/** ' IL TX MIDWEST ': upper-cased, separators as spaces, padded, so a state is ' XX ' inside it. */
export function normalizeAreas(text: string): string {
  let result = text;
  for (const separator of AREA_SEPARATORS) result = result.split(separator).join(" ");
  return ` ${result.replace(/[a-z]/g, (letter) => letter.toUpperCase())} `;
}

/**
 * Eligibility of a carrier for an offer. A carrier with no areas of operation receives every
 * offer; one with areas receives the offers whose origin or destination state its areas name, by
 * code ('IL') or name ('Illinois'), as words. Returns null when the carrier set no areas.
 */
export function statesNamedIn(areas: string | null | undefined): string[] | null {
  if (!areas?.trim()) return null;
  const normalized = normalizeAreas(areas);
  return US_STATES.filter(
    ([code, name]) => normalized.includes(` ${code} `) || normalized.includes(` ${name.toUpperCase()} `),
  ).map(([code]) => code);
}

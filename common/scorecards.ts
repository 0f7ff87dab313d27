/**
 * Carrier scorecards, tiers and lane rates: the one place their rules live (server and screens).
 *
 * The tier rule:
 * - "New" until the carrier hauled (delivered) SCORECARD_MIN_LOADS loads on the platform.
 * - Then its score is the lowest of its measured percentages: on-time pickup, on-time delivery and
 *   tender acceptance (a measure with nothing to measure yet is left out; none measured: Bronze).
 * - Gold at TIER_THRESHOLDS.Gold or more, Silver at TIER_THRESHOLDS.Silver or more, else Bronze.
 * Bids won and lost are shown but do not count: losing an auction says nothing about service.
 * POD turnaround is shown but does not count either: a POD's upload often waits on the driver's or
 * the receiver's paperwork, not on the carrier's service, and most loads have no POD milestone yet.
 */
export const CARRIER_TIERS = ["Gold", "Silver", "Bronze", "New"] as const;
export type CarrierTier = (typeof CARRIER_TIERS)[number];

/** Delivered loads before a carrier is tiered. */
export const SCORECARD_MIN_LOADS = 5;

/**
 * On time: the truck arrived at a stop with an appointment no later than the window's end (a fixed
 * appointment's time) plus this grace. Stops without an appointment or an arrival are not measured.
 */
export const ON_TIME_GRACE_MINUTES = 15;

/** The lowest score (percent) of each tier above Bronze. */
export const TIER_THRESHOLDS = { Gold: 95, Silver: 85 } as const;

/** The rule in words (README and the screens' tooltips say the same). */
export const TIER_RULE_TEXT =
  `New until ${SCORECARD_MIN_LOADS} delivered loads; then the lowest of on-time pickup, on-time delivery ` +
  `and tender acceptance: Gold at ${TIER_THRESHOLDS.Gold}% or more, Silver at ${TIER_THRESHOLDS.Silver}% or more, else Bronze.`;

export interface ScorecardMeasures {
  /** Delivered loads. */
  loads: number;
  onTimePickupPct: number | null;
  onTimeDeliveryPct: number | null;
  tenderAcceptancePct: number | null;
}

/** POD turnaround reads a subject's newest this many loads with both milestones (a bounded read). */
export const POD_TURNAROUND_SAMPLE = 500;

/**
 * POD turnaround: the median hours from a load's delivered milestone to its POD received one, over
 * the subject's newest POD_TURNAROUND_SAMPLE loads with both (one decimal); null when none has both.
 */
export function medianHoursOf(hours: readonly number[]): number | null {
  const median = percentile(
    [...hours].sort((a, b) => a - b),
    0.5,
  );
  return median === null ? null : Math.round(median * 10) / 10;
}

/** "5.5 h", or a dash. */
export function formatHours(value: number | null | undefined): string {
  return value == null ? "-" : `${value} h`;
}

/** A share as a percentage with one decimal; null when there is nothing to measure. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** The tier of a scorecard by the rule above. */
export function tierOf(card: ScorecardMeasures): CarrierTier {
  if (card.loads < SCORECARD_MIN_LOADS) return "New";
  const measured = [card.onTimePickupPct, card.onTimeDeliveryPct, card.tenderAcceptancePct].filter(
    (pct): pct is number => pct !== null,
  );
  if (measured.length === 0) return "Bronze";
  const score = Math.min(...measured);
  if (score >= TIER_THRESHOLDS.Gold) return "Gold";
  if (score >= TIER_THRESHOLDS.Silver) return "Silver";
  return "Bronze";
}

export const TIER_LABELS: Record<CarrierTier, string> = {
  Gold: "Gold",
  Silver: "Silver",
  Bronze: "Bronze",
  New: "New",
};

/* Lane rates ------------------------------------------------------------------------------------ */

/** Awarded loads of the last LANE_RATE_DAYS days make a lane's rates. */
export const LANE_RATE_DAYS = 90;

/** At most this many newest awarded loads of a lane feed the percentiles (the count is exact). */
export const LANE_RATE_SAMPLE = 2_000;

/** A lane end: a two-letter state code or a 3-digit ZIP prefix. */
export const LANE_END_PATTERN = /^(?:[A-Za-z]{2}|\d{3})$/;

export const LANE_MESSAGES = {
  badEnd: "Give a two-letter state code or a 3-digit ZIP prefix.",
  noHistory: "No awarded loads on this lane in the last 90 days.",
  flagHigh: "Far above the lane's range",
  flagLow: "Far below the lane's range",
} as const;

export interface LaneRates {
  count: number;
  medianPerMile: number | null;
  p25PerMile: number | null;
  p75PerMile: number | null;
}

/** Lane rates as a screen reads them (GraphQL's optional fields). */
export interface LaneRatesView {
  readonly count: number;
  readonly medianPerMile?: number | null;
  readonly p25PerMile?: number | null;
  readonly p75PerMile?: number | null;
}

/**
 * The p-th percentile (0..1) of sorted values, interpolated between neighbours as PostgreSQL's
 * percentile_cont does; null for no values.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

const cents = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** A lane's figures from its $/mile values (any order), rounded to cents. */
export function laneRatesOf(perMile: readonly number[], count = perMile.length): LaneRates {
  const sorted = [...perMile].sort((a, b) => a - b);
  return {
    count,
    medianPerMile: cents(percentile(sorted, 0.5)),
    p25PerMile: cents(percentile(sorted, 0.25)),
    p75PerMile: cents(percentile(sorted, 0.75)),
  };
}

/**
 * The flag rule: with at least LANE_FLAG_MIN_COUNT awarded loads on the lane, a bid above
 * p75 x 1.25 is "high" and one below p25 x 0.75 is "low"; else no flag.
 */
export const LANE_FLAG_MIN_COUNT = 5;
export const LANE_FLAG_HIGH_FACTOR = 1.25;
export const LANE_FLAG_LOW_FACTOR = 0.75;

export type LaneFlag = "high" | "low";

export function laneFlagOf(perMile: number | null, rates: LaneRatesView | null | undefined): LaneFlag | null {
  if (perMile === null || !rates || rates.count < LANE_FLAG_MIN_COUNT) return null;
  if (rates.p75PerMile != null && perMile > rates.p75PerMile * LANE_FLAG_HIGH_FACTOR) return "high";
  if (rates.p25PerMile != null && perMile < rates.p25PerMile * LANE_FLAG_LOW_FACTOR) return "low";
  return null;
}

/** Dollars per mile of an amount (dollars) over a distance (miles), to the cent; null without a distance. */
export function perMileOf(
  amount: number | null | undefined,
  miles: number | null | undefined,
): number | null {
  if (amount == null || miles == null || !(miles > 0)) return null;
  return Math.round((amount / miles) * 100) / 100;
}

/** "$2.45/mi", or a dash. */
export function formatPerMile(value: number | null | undefined): string {
  return value == null ? "-" : `$${value.toFixed(2)}/mi`;
}

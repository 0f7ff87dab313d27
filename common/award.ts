/** An offer's award rules (auto-award, waterfall): values, limits and texts shared by screens and server. */
import { MAX_MONEY_TEXT } from "./money.ts";

/** none: the operator picks the winner; auto: award at round close under a ceiling; waterfall: one carrier at a time. */
export const AWARD_MODES = ["none", "auto", "waterfall"] as const;
export type AwardMode = (typeof AWARD_MODES)[number];

/** Where a waterfall stands: a carrier's turn runs, a carrier accepted, or the offer opened to all. */
export const WATERFALL_STATUSES = ["running", "accepted", "opened"] as const;
export type WaterfallStatus = (typeof WATERFALL_STATUSES)[number];

/** One carrier's turn: not reached yet, offered now, or how it ended. */
export const WATERFALL_STEP_STATUSES = [
  "waiting",
  "offered",
  "accepted",
  "passed",
  "expired",
  "skipped",
] as const;
export type WaterfallStepStatus = (typeof WATERFALL_STEP_STATUSES)[number];

export const MAX_AWARD_ROUNDS = 10;
export const MAX_WATERFALL_CARRIERS = 10;
export const MAX_WATERFALL_MINUTES = 24 * 60;

export const AWARD_MESSAGES = {
  ceilingRequired: "Auto-award needs a ceiling: the highest amount it may award.",
  ceilingInvalid: "Enter a valid ceiling",
  ceilingTooLarge: `A ceiling cannot exceed ${MAX_MONEY_TEXT}`,
  maxRounds: `Rounds must be a whole number from 1 to ${MAX_AWARD_ROUNDS}`,
  minutesPerCarrier: `Minutes per carrier must be a whole number from 1 to ${MAX_WATERFALL_MINUTES}`,
  tooManyCarriers: `A waterfall names at most ${MAX_WATERFALL_CARRIERS} carriers`,
  duplicateCarrier: "A carrier appears twice in the waterfall",
  unknownCarrier: "Every carrier in the waterfall must be an active, approved carrier account",
  noCarriers: "No carrier to offer the load to: choose carriers for the waterfall.",
  targetRequired: "A waterfall offers the load at the target rate: enter a target rate.",
  waterfallAtStart: "A waterfall is chosen when bidding starts; it cannot be added to a running offer.",
  notInWaterfall: "This offer is not in a waterfall.",
  notYourTurn: "It is not your turn in this offer's waterfall.",
  turnOver: "Your turn in this offer's waterfall is over.",
  accepted: "You accepted the load at the offered rate.",
  passed: "You passed on this load.",
} as const;

/** "HH:mm" of a turn's end in the viewer's clock (the carrier's "Offered to you until HH:mm"). */
export function turnEndsText(turnEndsAt: Date | string): string {
  const at = new Date(turnEndsAt);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

export const offeredUntilText = (turnEndsAt: Date | string) =>
  `Offered to you until ${turnEndsText(turnEndsAt)}`;

import { MAX_MONEY_TEXT } from "./money.ts";

/**
 * Book Now and counter-offers (issue #29): the states a counter-offer goes through and the texts
 * the server answers and the screens show.
 */

/** A counter-offer's state; `expired` is an open one whose time ran out (derived on read). */
export const COUNTER_STATUSES = ["open", "accepted", "declined", "superseded", "expired", "closed"] as const;
export type CounterStatus = (typeof COUNTER_STATUSES)[number];

/** The longest note an operator can put on a counter-offer. */
export const MAX_COUNTER_NOTE = 500;

export const BOOK_NOW_MESSAGES = {
  invalid: "Enter a valid Book Now price",
  tooLarge: `A Book Now price cannot exceed ${MAX_MONEY_TEXT}`,
  notOffered: "This offer has no Book Now price.",
  taken: "This load was already booked or awarded.",
  closed: "This offer is closed.",
  roundClosed: "The round is over: Book Now is no longer available.",
  adminCannotBook: "Operators cannot book loads; a carrier books.",
  booked: "Booked: the load is yours. Accept the tender to confirm it.",
} as const;

export const COUNTER_MESSAGES = {
  invalidAmount: "Enter a valid counter amount",
  tooLarge: `A counter cannot exceed ${MAX_MONEY_TEXT}`,
  noteTooLong: `A note is at most ${MAX_COUNTER_NOTE} characters`,
  bidNotActive: "Only an active bid on an open offer can be countered.",
  alreadyOpen: "This bid already has an open counter-offer.",
  notOpen: "There is no open counter-offer on this bid.",
  expired: "The counter-offer has expired.",
  offerClosed: "This offer is closed: the counter-offer can no longer be accepted.",
  notYours: "Only the carrier that placed the bid can answer its counter-offer.",
  bidNotFound: "Bid not found",
} as const;

/** "Book Now $1,250.00" as the carrier's row shows it. */
export function bookNowLabel(priceText: string): string {
  return `Book Now ${priceText}`;
}

/**
 * The carrier's board (issue 29): the rank hint on the carrier's own bid and the "near a city"
 * filter of Active Offers. Shared by the server (GraphQL, REST) and the client's filter.
 */

/** Where the viewer's active bid stands, without saying anything about the others' amounts. */
export const BID_RANKS = ["lowest", "not_lowest"] as const;
export type BidRank = (typeof BID_RANKS)[number];

export const BID_RANK_TEXTS: Record<BidRank, string> = {
  lowest: "Your bid is the lowest",
  not_lowest: "Your bid is not the lowest",
};

/** The radius choices of the "within N miles" filter; the server takes any whole number up to the last. */
export const NEAR_MILES_CHOICES = [25, 50, 100, 250, 500] as const;
export const MAX_NEAR_MILES = 500;

export const BOARD_MESSAGES = {
  unknownCity: "Pick a city from the list: no located facility is in that city",
  cityFormat: "Near must be a city and its state, like Chicago, IL",
  milesRange: `Within must be a whole number of miles from 1 to ${MAX_NEAR_MILES}`,
} as const;

/** "Chicago, IL" -> { city: "Chicago", state: "IL" }; null when it is not "city, ST". */
export function parseCityState(text: string): { city: string; state: string } | null {
  const match = /^\s*(.+?)\s*,\s*([A-Za-z]{2})\s*$/.exec(text);
  if (!match || match[1].length > 100) return null;
  return { city: match[1], state: match[2].toUpperCase() };
}

export const cityStateText = (place: { city: string; state: string }) => `${place.city}, ${place.state}`;

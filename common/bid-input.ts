import { moneyInput } from "./money-input.ts";
import { BID_RULE, bidMessage } from "./offers.ts";

// Apart from offers.ts, so the offer screens' texts and lists do not bring zod along.
/**
 * A bid amount in dollars -> cents, by the money rule (common/money.ts): a number greater than 0
 * with at most two decimals, at most $10,000,000.00. Text, NaN, 0, 1e-9, negatives and a third
 * decimal are refused with the spec's message, larger amounts with BID_MESSAGES.tooLarge.
 */
export const bidAmountSchema = moneyInput(bidMessage, BID_RULE);

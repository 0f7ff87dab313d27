import { z } from "zod";
import { COUNTER_MESSAGES, MAX_COUNTER_NOTE } from "../../common/booking.ts";
import { moneyInput } from "../../common/money-input.ts";
import { BID_RULE } from "../../common/offers.ts";

/** POST /bids/{bidId}/counter and the counterBid mutation: the amount by the bid amount rule. */
export const counterInput = z.object({
  amount: moneyInput(
    (problem) => (problem === "too_large" ? COUNTER_MESSAGES.tooLarge : COUNTER_MESSAGES.invalidAmount),
    BID_RULE,
  ),
  note: z
    .string({ error: "The note must be text" })
    .trim()
    .max(MAX_COUNTER_NOTE, COUNTER_MESSAGES.noteTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type CounterInput = z.infer<typeof counterInput>;

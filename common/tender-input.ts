import { z } from "zod";
import { OFFER_MESSAGES } from "./offers.ts";

// Apart from offers.ts, so screens that only show its values and texts do not bring zod along.
/**
 * The e-signature: the signer's full name as typed, trimmed, 2 to 120 characters, with at least two
 * letters (any script), so "." or "12" do not sign.
 */
export const tenderAcceptInput = z.object({
  signature: z
    .string({ error: OFFER_MESSAGES.signatureRequired })
    .trim()
    .min(1, OFFER_MESSAGES.signatureRequired)
    .max(120, OFFER_MESSAGES.signatureTooLong)
    .refine((name) => (name.match(/\p{L}/gu) ?? []).length >= 2, OFFER_MESSAGES.signatureTooShort),
});
export type TenderAcceptInput = z.infer<typeof tenderAcceptInput>;

/** Declining says why (3 to 500 characters): the broker and the carrier's record keep it. */
export const tenderDeclineInput = z.object({
  reason: z
    .string({ error: OFFER_MESSAGES.declineReasonRequired })
    .trim()
    .min(3, OFFER_MESSAGES.declineReasonRequired)
    .max(500, OFFER_MESSAGES.declineReasonTooLong),
});
export type TenderDeclineInput = z.infer<typeof tenderDeclineInput>;

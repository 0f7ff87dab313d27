import { z } from "zod";

/** Where an outgoing e-mail is: waiting (maybe for a retry), being sent, sent, or given up. */
export const OUTBOUND_EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboundEmailStatus = (typeof OUTBOUND_EMAIL_STATUSES)[number];
export const OUTBOUND_EMAIL_STATUS_LABELS: Record<OutboundEmailStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

/** Which feature sent an e-mail. */
export const OUTBOUND_EMAIL_KINDS = [
  "temporary_password",
  "password_changed",
  "email_changed",
  "invitation",
  "carrier_review",
  "offer",
] as const;
export type OutboundEmailKind = (typeof OUTBOUND_EMAIL_KINDS)[number];
export const OUTBOUND_EMAIL_KIND_LABELS: Record<OutboundEmailKind, string> = {
  temporary_password: "Temporary password",
  password_changed: "Password changed",
  email_changed: "E-mail changed",
  invitation: "Invitation",
  carrier_review: "Carrier vetting",
  offer: "New offer",
};

export const OUTBOX_PAGE_SIZE = 25;

export const OUTBOUND_EMAIL_NOT_FOUND = "E-mail not found";
export const RETRY_ONLY_FAILED = "Only a failed e-mail can be retried.";

/** The outbox list's filter (REST `status`): one status, or every e-mail when omitted. */
export const outboxListQuery = z.object({
  status: z
    .enum(OUTBOUND_EMAIL_STATUSES, { error: "status must be pending, sending, sent or failed" })
    .optional(),
});

export const retryEmailInput = z.object({
  id: z.string().trim().min(1, "id is required").max(100),
});

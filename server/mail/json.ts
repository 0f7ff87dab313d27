import type { OutboundEmail } from "../generated/sqlite/client.ts";

/** The REST shape of an outgoing e-mail: `_id` beside the fields; never the body. */
export function outboundEmailJson(email: OutboundEmail) {
  return {
    _id: email.id,
    to: email.to,
    subject: email.subject,
    kind: email.kind,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError,
    nextAttemptAt: email.nextAttemptAt.toISOString(),
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
  };
}

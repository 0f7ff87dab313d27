import { z } from "zod";
import { OUTBOUND_EMAIL_KINDS, OUTBOUND_EMAIL_STATUSES } from "../../common/mail.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** The REST shapes of the mail domain, as the OpenAPI document describes them. */

/** `outboundEmailJson`: an outgoing e-mail of the outbox, without its body. */
export const outboundEmailSchema = z
  .object({
    _id: z.string(),
    to: z.string().describe("The recipient's address."),
    subject: z.string(),
    kind: z.enum(OUTBOUND_EMAIL_KINDS).describe("Which feature sent it."),
    status: z.enum(OUTBOUND_EMAIL_STATUSES),
    attempts: z.number().int().describe("Sending attempts so far."),
    lastError: z.string().nullable().describe("Why the last failed attempt failed."),
    nextAttemptAt: dateTime.describe("When a pending e-mail is due for its next attempt."),
    createdAt: dateTime,
    sentAt: dateTime.nullable(),
  })
  .meta({ id: "OutboundEmail", description: "An e-mail the platform sends (its body is not shown)." });

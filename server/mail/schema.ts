import {
  OUTBOUND_EMAIL_KINDS,
  OUTBOUND_EMAIL_STATUSES,
  type OutboundEmailKind,
  type OutboundEmailStatus,
} from "../../common/mail.ts";
import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import type { OutboundEmail } from "../generated/sqlite/client.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { countFailedEmails, findOutboxPage, retryEmail } from "./service.ts";

export const OutboundEmailStatusEnum = builder.enumType("OutboundEmailStatus", {
  description: "Where an outgoing e-mail is.",
  values: describedValues(OUTBOUND_EMAIL_STATUSES, {
    pending: "Waiting to be sent: new, or waiting for its next attempt after a failure.",
    sending: "An instance is sending it now.",
    sent: "The mail server (or the file outbox) took it.",
    failed: "Every attempt failed; an operator may retry it.",
  }),
});

const OutboundEmailKindEnum = builder.enumType("OutboundEmailKind", {
  description: "Which feature sent an e-mail.",
  values: describedValues(OUTBOUND_EMAIL_KINDS, {
    temporary_password: "Forgot password: a temporary password.",
    password_changed: "The confirmation of a password change.",
    email_changed: "The notice to the old address of a changed sign-in e-mail, with the way back.",
    invitation: "An invitation to join the workspace.",
    carrier_review: "An operator's vetting decision on a carrier account.",
    offer: "A new offer, to a carrier who opted in to offer e-mails.",
  }),
});

/** The body is not exposed: it holds temporary passwords and single-use links. */
export const OutboundEmailType = builder.prismaNode("OutboundEmail", {
  id: { field: "id" },
  description: "An e-mail the platform sends, queued with what caused it (operators only).",
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    to: t.exposeString("to", { description: "The recipient's address." }),
    subject: t.exposeString("subject", { description: "The subject line." }),
    kind: t.field({
      type: OutboundEmailKindEnum,
      description: "Which feature sent it.",
      resolve: (email) => email.kind as OutboundEmailKind,
    }),
    status: t.field({
      type: OutboundEmailStatusEnum,
      description: "Where it is: pending, sending, sent or failed.",
      resolve: (email) => email.status as OutboundEmailStatus,
    }),
    attempts: t.exposeInt("attempts", { description: "Sending attempts so far." }),
    lastError: t.exposeString("lastError", {
      nullable: true,
      description: "Why the last failed attempt failed (kept once a later attempt succeeds).",
    }),
    nextAttemptAt: t.expose("nextAttemptAt", {
      type: "DateTime",
      description: "When a pending e-mail is (or was) due for its next attempt.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was queued." }),
    sentAt: t.expose("sentAt", {
      type: "DateTime",
      nullable: true,
      description: "When the mail server took it; null until then.",
    }),
  }),
});

const OutboundEmailFilter = builder.inputType("OutboundEmailFilter", {
  description: "Which outgoing e-mails to list.",
  fields: (t) => ({
    status: t.field({ type: OutboundEmailStatusEnum, description: "Only e-mails in this status." }),
  }),
});

pagedListField("outboundEmails", {
  name: "OutboundEmail",
  node: OutboundEmailType,
  model: "OutboundEmail",
  description: "The mail outbox, newest first (operators only): 25 a page.",
  authScopes: { admin: true },
  searchDescription: "Text in the recipient's address or the subject.",
  filter: OutboundEmailFilter,
  sortFields: { CREATED_AT: "createdAt" },
  sortFieldDescriptions: { CREATED_AT: "By when it was queued." },
  defaultOrder: { field: "createdAt", direction: "desc" },
  load: (ctx, { search, filter, paging }, query) =>
    findOutboxPage(ctx, { status: filter?.status ?? null, search }, paging, query),
});

builder.queryFields((t) => ({
  failedEmailCount: t.int({
    description: "How many outgoing e-mails are marked failed (operators only).",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => countFailedEmails(ctx),
  }),
}));

const RetryOutboundEmailInput = builder.inputType("RetryOutboundEmailInput", {
  description: "The failed e-mail to send once more.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The OutboundEmail's global id." }),
  }),
});

const RetryOutboundEmailPayload = builder
  .objectRef<{ outboundEmail: OutboundEmail }>("RetryOutboundEmailPayload")
  .implement({
    description: "The e-mail, pending again, and the outbox's failed count.",
    fields: (t) => ({
      outboundEmail: t.field({
        type: OutboundEmailType,
        description: "The e-mail, queued for an attempt at once.",
        resolve: (payload) => payload.outboundEmail,
      }),
      failedEmailCount: t.int({
        description: "How many e-mails are still marked failed.",
        resolve: (_payload, _args, ctx) => countFailedEmails(ctx),
      }),
    }),
  });

builder.mutationFields((t) => ({
  retryOutboundEmail: t.field({
    type: RetryOutboundEmailPayload,
    description: "Sends a failed e-mail once more, at once (operators only).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RetryOutboundEmailInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      outboundEmail: await retryEmail(ctx, { id: decodeGlobalIdOf("OutboundEmail", input.id) }),
    }),
  }),
}));

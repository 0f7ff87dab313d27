import {
  OUTBOUND_EMAIL_NOT_FOUND,
  OUTBOUND_EMAIL_STATUSES,
  outboxListQuery,
  RETRY_ONLY_FAILED,
} from "../../common/mail.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { outboundEmailJson } from "./json.ts";
import { outboundEmailSchema } from "./rest-schemas.ts";
import { findOutboxPage, retryEmail } from "./service.ts";

export const mailRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/mail/outbox",
    access: "admin",
    schema: {
      summary: "List outgoing e-mails",
      description:
        "The mail outbox, newest first, paged: recipient, subject, kind, status, attempts and last error. Operators only.",
      querystring: pagedQuery({
        status: queryParam(
          "Only e-mails in this status (every status when omitted).",
          OUTBOUND_EMAIL_STATUSES,
        ),
        search: queryParam("Text in the recipient's address or the subject."),
      }),
      response: { 200: pagedList(outboundEmailSchema, "A page of outgoing e-mails."), ...errors(400) },
    },
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const { status } = parseInput(outboxListQuery, { status: query.get("status") || undefined });
      const search = query.get("search")?.trim() || null;
      const connection = await findOutboxPage(ctx, { status: status ?? null, search }, restPaging(page));
      const emails = connection.edges.map(({ node }) => outboundEmailJson(node));
      return pagedReply(emails, page, await connection.totalCount(), request);
    },
  },
  {
    method: "POST",
    path: "/mail/outbox/:id/retry",
    access: "admin",
    schema: {
      summary: "Retry a failed e-mail",
      description:
        "Sends a failed e-mail once more, at once; it answers the e-mail, pending again. Operators only.",
      response: {
        200: outboundEmailSchema,
        ...errors(400, { 404: OUTBOUND_EMAIL_NOT_FOUND, 409: RETRY_ONLY_FAILED }),
      },
    },
    async handle(ctx, { params }) {
      return outboundEmailJson(await retryEmail(ctx, { id: params.id }));
    },
  },
];

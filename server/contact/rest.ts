import {
  CONTACT_RATE_LIMITED,
  CONTACT_STATUSES,
  contactListQuery,
  contactMessageInput,
} from "../../common/contact.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { contactMessageJson } from "./json.ts";
import { contactMessageSchema, contactSentSchema, markHandledBody } from "./rest-schemas.ts";
import {
  countContactMessages,
  listContactMessages,
  markContactMessageHandled,
  sendContactMessage,
} from "./service.ts";

export const contactRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/contact",
    access: "public",
    bodyLimit: 32 * 1024,
    schema: {
      summary: "Send a contact message",
      description:
        "The landing page's contact form (email, name, message), open to anyone within rate limits.",
      body: contactMessageInput,
      response: { 201: contactSentSchema, ...errors(400, 413, { 429: CONTACT_RATE_LIMITED }) },
    },
    async handle(ctx, { body }) {
      const { contactMessage, message } = await sendContactMessage(ctx, body);
      return withStatus(201, { message, _id: contactMessage.id });
    },
  },
  {
    method: "GET",
    path: "/contact",
    access: "admin",
    schema: {
      summary: "List contact messages",
      description: "The contact inbox, newest first, paged. Operators only.",
      querystring: pagedQuery({ status: queryParam("open, handled or all (default).", CONTACT_STATUSES) }),
      response: { 200: pagedList(contactMessageSchema, "A page of contact messages."), ...errors(400) },
    },
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const filter = parseInput(contactListQuery, { status: query.get("status") ?? undefined });
      const [items, totalCount] = await Promise.all([
        listContactMessages(ctx, filter, { skip: page.offset, take: page.limit }),
        countContactMessages(ctx, filter.status),
      ]);
      return pagedReply(items.map(contactMessageJson), page, totalCount, request);
    },
  },
  {
    method: "PATCH",
    path: "/contact/:id",
    access: "admin",
    schema: {
      summary: "Mark a contact message handled",
      description: "`handled` true (the default) or false to open it again. Operators only.",
      body: markHandledBody,
      response: { 200: contactMessageSchema, ...errors(400, { 404: "Contact message not found" }) },
    },
    async handle(ctx, { params, body }) {
      const handled = (body as { handled?: unknown } | undefined)?.handled;
      return contactMessageJson(
        await markContactMessageHandled(ctx, { id: params.id, handled: handled ?? true }),
      );
    },
  },
];

import { contactListQuery } from "../../common/contact.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { contactMessageJson } from "./json.ts";
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
    async handle(ctx, { body }) {
      const { contactMessage, message } = await sendContactMessage(ctx, body);
      return withStatus(201, { message, _id: contactMessage.id });
    },
  },
  {
    method: "GET",
    path: "/contact",
    access: "admin",
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
    async handle(ctx, { params, body }) {
      const handled = (body as { handled?: unknown } | undefined)?.handled;
      return contactMessageJson(
        await markContactMessageHandled(ctx, { id: params.id, handled: handled ?? true }),
      );
    },
  },
];

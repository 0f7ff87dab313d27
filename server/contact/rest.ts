import { type RestRoute, withStatus } from "../http/router.ts";
import {
  contactMessageJson,
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
    async handle(ctx, { query }) {
      const status = query.get("status") ?? undefined;
      return (await listContactMessages(ctx, { status })).map(contactMessageJson);
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

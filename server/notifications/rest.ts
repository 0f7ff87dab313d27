import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { notificationJson } from "./json.ts";
import { listNotifications, markRead, sendNotification } from "./service.ts";

export const notificationRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/notifications",
    access: "admin",
    handle: async (ctx, { body }) => withStatus(201, notificationJson(await sendNotification(ctx, body))),
  },
  {
    method: "GET",
    path: "/notifications/user",
    access: "signedIn",
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const { items, totalCount } = await listNotifications(ctx, undefined, page);
      return pagedReply(items.map(notificationJson), page, totalCount, request);
    },
  },
  {
    method: "GET",
    path: "/notifications/user/:userId",
    access: "signedIn",
    async handle(ctx, { params, query, request }) {
      const page = readRestPage(query);
      const { items, totalCount } = await listNotifications(ctx, params.userId, page);
      return pagedReply(items.map(notificationJson), page, totalCount, request);
    },
  },
  {
    method: "PATCH",
    path: "/notifications/:id/read",
    access: "signedIn",
    handle: async (ctx, { params }) => notificationJson(await markRead(ctx, params.id)),
  },
];

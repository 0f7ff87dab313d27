import { type RestRoute, withStatus } from "../http/router.ts";
import { listNotifications, markRead, notificationJson, sendNotification } from "./service.ts";

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
    handle: async (ctx) => (await listNotifications(ctx)).map(notificationJson),
  },
  {
    method: "GET",
    path: "/notifications/user/:userId",
    access: "signedIn",
    handle: async (ctx, { params }) => (await listNotifications(ctx, params.userId)).map(notificationJson),
  },
  {
    method: "PATCH",
    path: "/notifications/:id/read",
    access: "signedIn",
    handle: async (ctx, { params }) => notificationJson(await markRead(ctx, params.id)),
  },
];

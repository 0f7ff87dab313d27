import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { notificationJson } from "./json.ts";
import { notificationSchema } from "./rest-schemas.ts";
import { findNotificationPage, markRead, sendNotification } from "./service.ts";
import { createNotificationInput } from "./validation.ts";

const listQuery = pagedQuery({
  userRole: queryParam("Sent by the spec's client; the access token decides whose notifications are read."),
});
const myNotifications = pagedList(notificationSchema, "A page of the caller's notifications, newest first.");

export const notificationRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/notifications",
    access: "admin",
    schema: {
      summary: "Notify a user",
      description:
        "Stores a notification for the user (database id or userId) and pushes it to their open " +
        "sessions; `details` appear beside its fields. Operators only.",
      body: createNotificationInput,
      response: { 201: notificationSchema, ...errors(400, { 404: "User not found" }) },
    },
    handle: async (ctx, { body }) => withStatus(201, notificationJson(await sendNotification(ctx, body))),
  },
  {
    method: "GET",
    path: "/notifications/user",
    access: "signedIn",
    schema: {
      summary: "List my notifications",
      description: "The caller's notifications, newest first, paged.",
      querystring: listQuery,
      response: { 200: myNotifications, ...errors(400) },
    },
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const connection = await findNotificationPage(ctx, undefined, restPaging(page));
      const notifications = connection.edges.map(({ node }) => notificationJson(node));
      return pagedReply(notifications, page, await connection.totalCount(), request);
    },
  },
  {
    method: "GET",
    path: "/notifications/user/:userId",
    access: "signedIn",
    schema: {
      summary: "List a user's notifications",
      description: "The same list, for a userId (database id or userId) that must be the caller's own.",
      querystring: listQuery,
      response: {
        200: myNotifications,
        ...errors(400, { 403: "You can only read your own notifications." }),
      },
    },
    async handle(ctx, { params, query, request }) {
      const page = readRestPage(query);
      const connection = await findNotificationPage(ctx, params.userId, restPaging(page));
      const notifications = connection.edges.map(({ node }) => notificationJson(node));
      return pagedReply(notifications, page, await connection.totalCount(), request);
    },
  },
  {
    method: "PATCH",
    path: "/notifications/:id/read",
    access: "signedIn",
    schema: {
      summary: "Mark a notification read",
      description: "One of the caller's notifications; someone else's answers 404.",
      response: { 200: notificationSchema, ...errors({ 404: "Notification not found" }) },
    },
    handle: async (ctx, { params }) => notificationJson(await markRead(ctx, params.id)),
  },
];

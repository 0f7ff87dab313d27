import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { userForQuery } from "../users/records.ts";
import { UserType } from "../users/schema.ts";
import { notificationReadPolicy } from "./read-policy.ts";
import { markAllRead, markRead } from "./service.ts";

export const NotificationType = builder.prismaNode("Notification", {
  id: { field: "id" },
  description: "A message to one user (e.g. a bid's outcome); only its owner reads it.",
  ...readPolicyOptions(notificationReadPolicy),
  fields: (t) => ({
    title: t.exposeString("title", { description: "The headline." }),
    message: t.exposeString("message", { description: "The text." }),
    type: t.exposeString("type", { description: "What it is about, e.g. bid." }),
    isRead: t.exposeBoolean("isRead", { description: "Whether the user opened it." }),
    bidStatus: t.exposeString("bidStatus", { nullable: true, description: "winner, loser or folded" }),
    details: t.expose("details", {
      type: "JSONString",
      nullable: true,
      description:
        "For a winner: acceptedBy, loadId, origin/destination, dates, distance, equipmentType, bidAmount.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was sent." }),
  }),
});

builder.prismaObjectFields("User", (t) => ({
  notifications: t.relatedConnection("notifications", {
    cursor: "id",
    totalCount: true,
    description: "The user's notifications, newest first (only the user reads them).",
    authScopes: (user) => ({ owner: user.id }),
    query: () => ({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  }),
  unreadNotificationCount: t.relationCount("notifications", {
    description: "How many notifications are unread.",
    authScopes: (user) => ({ owner: user.id }),
    where: { isRead: false },
  }),
}));

const MarkNotificationReadInput = builder.inputType("MarkNotificationReadInput", {
  description: "The notification to mark read.",
  fields: (t) => ({ id: t.id({ required: true, description: "The Notification's global id." }) }),
});

builder.mutationFields((t) => ({
  markNotificationRead: t.field({
    description: "Marks one of the viewer's notifications read.",
    type: builder
      .objectRef<{ notificationId: string; userId: string }>("MarkNotificationReadPayload")
      .implement({
        description: "The notification, now read, and the viewer.",
        fields: (p) => ({
          notification: p.prismaField({
            type: NotificationType,
            description: "The notification, now read.",
            resolve: (query, payload, _args, ctx) =>
              ctx.db.notification.findUniqueOrThrow({ ...query, where: { id: payload.notificationId } }),
          }),
          viewer: p.prismaField({
            type: UserType,
            description: "The viewer, so the unread count updates with the same response.",
            resolve: (query, payload, _args, ctx) => userForQuery(ctx.db, payload.userId, query),
          }),
        }),
      }),
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: MarkNotificationReadInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const notification = await markRead(ctx, decodeGlobalIdOf("Notification", input.id));
      return { notificationId: notification.id, userId: notification.userId };
    },
  }),
  markAllNotificationsRead: t.prismaField({
    type: UserType,
    description: "Marks every notification of the viewer read; returns the viewer.",
    authScopes: { authenticated: true },
    resolve: async (query, _root, _args, ctx) => {
      await markAllRead(ctx);
      return userForQuery(ctx.db, ctx.viewer!.id, query);
    },
  }),
}));

builder.subscriptionField("notificationAdded", (t) =>
  t.prismaField({
    type: NotificationType,
    description: "Each new notification of the viewer, as it is created.",
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe(`notifications:${ctx.viewer!.id}`),
    resolve: (query, payload: { notificationId: string }, _args, ctx) =>
      ctx.db.notification.findUniqueOrThrow({ ...query, where: { id: payload.notificationId } }),
  }),
);

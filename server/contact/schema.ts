import { builder } from "../builder.ts";
import type { ContactMessage } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import {
  countContactMessages,
  listContactMessages,
  markContactMessageHandled,
  sendContactMessage,
} from "./service.ts";

export const ContactMessageType = builder.prismaNode("ContactMessage", {
  id: { field: "id" },
  description: "A visitor's message from the landing page's contact form.",
  authScopes: { admin: true },
  fields: (t) => ({
    email: t.exposeString("email"),
    name: t.exposeString("name"),
    message: t.exposeString("message"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    handledAt: t.expose("handledAt", { type: "DateTime", nullable: true }),
    handled: t.boolean({ resolve: (message) => message.handledAt !== null }),
  }),
});

const ContactMessageStatus = builder.enumType("ContactMessageStatus", {
  values: {
    OPEN: { value: "open", description: "Not handled yet" },
    HANDLED: { value: "handled" },
    ALL: { value: "all" },
  } as const,
});

builder.queryFields((t) => ({
  contactMessages: t.prismaConnection({
    type: "ContactMessage",
    cursor: "id",
    description: "The contact form's inbox, newest first (operators only).",
    authScopes: { admin: true },
    args: { status: t.arg({ type: ContactMessageStatus, required: false }) },
    totalCount: (_parent, args, ctx) => countContactMessages(ctx, args.status ?? "all"),
    resolve: (query, _root, args, ctx) => listContactMessages(ctx, { status: args.status ?? "all" }, query),
  }),
  openContactMessageCount: t.int({
    description: "How many contact messages nobody handled yet (operators only).",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => countContactMessages(ctx, "open"),
  }),
}));

const SendContactMessageInput = builder.inputType("SendContactMessageInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    name: t.string({ required: true }),
    message: t.string({ required: true }),
  }),
});

const SendContactMessagePayload = builder
  .objectRef<{ message: string }>("SendContactMessagePayload")
  .implement({
    description: "The confirmation to show the visitor.",
    fields: (t) => ({ message: t.exposeString("message") }),
  });

const MarkContactMessageHandledInput = builder.inputType("MarkContactMessageHandledInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    handled: t.boolean({ required: false, description: "false reopens the message; true by default" }),
  }),
});

const MarkContactMessageHandledPayload = builder
  .objectRef<{ contactMessage: ContactMessage }>("MarkContactMessageHandledPayload")
  .implement({
    fields: (t) => ({
      contactMessage: t.field({ type: ContactMessageType, resolve: (payload) => payload.contactMessage }),
      openContactMessageCount: t.int({
        description: "The inbox's open count after the change.",
        resolve: (_payload, _args, ctx) => countContactMessages(ctx, "open"),
      }),
    }),
  });

builder.mutationFields((t) => ({
  sendContactMessage: t.field({
    type: SendContactMessagePayload,
    authScopes: { public: true },
    description: "Public: the landing page's contact form. Rate-limited per address and per e-mail.",
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SendContactMessageInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { message } = await sendContactMessage(ctx, input);
      return { message };
    },
  }),
  markContactMessageHandled: t.field({
    type: MarkContactMessageHandledPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: MarkContactMessageHandledInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      contactMessage: await markContactMessageHandled(ctx, {
        id: decodeGlobalIdOf("ContactMessage", input.id),
        handled: input.handled ?? true,
      }),
    }),
  }),
}));

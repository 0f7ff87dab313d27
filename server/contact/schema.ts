import { CONTACT_MESSAGE_MAX } from "../../common/contact.ts";
import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import type { ContactMessage } from "../generated/sqlite/client.ts";
import { textLimit } from "../graphql/bounded-input.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import {
  countContactMessages,
  listContactMessages,
  markContactMessageHandled,
  sendContactMessage,
} from "./service.ts";

export const ContactMessageType = builder.prismaNode("ContactMessage", {
  id: { field: "id" },
  description: "A visitor's message from the landing page's contact form.",
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    email: t.exposeString("email", { description: "The visitor's e-mail, to answer to." }),
    name: t.exposeString("name", { description: "The visitor's name." }),
    message: t.exposeString("message", { description: "The message text." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was sent." }),
    handledAt: t.expose("handledAt", {
      type: "DateTime",
      nullable: true,
      description: "When an operator marked it handled; null while open.",
    }),
    handled: t.boolean({
      description: "Whether an operator handled it.",
      resolve: (message) => message.handledAt !== null,
    }),
  }),
});

const ContactMessageStatus = builder.enumType("ContactMessageStatus", {
  description: "Which contact messages to list.",
  values: {
    OPEN: { value: "open", description: "Not handled yet" },
    HANDLED: { value: "handled", description: "Marked handled by an operator." },
    ALL: { value: "all", description: "Every message." },
  } as const,
});

builder.queryFields((t) => ({
  contactMessages: t.prismaConnection({
    type: "ContactMessage",
    cursor: "id",
    description: "The contact form's inbox, newest first (operators only).",
    authScopes: { admin: true },
    args: {
      status: t.arg({ type: ContactMessageStatus, required: false, description: "ALL when omitted." }),
    },
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
  description: "The landing page's contact form.",
  fields: (t) => ({
    email: t.string({ required: true, description: "The visitor's e-mail, to answer to." }),
    name: t.string({ required: true, description: "The visitor's name, at most 120 characters." }),
    message: t.string({
      required: true,
      description: "The message, at most 5,000 characters.",
      extensions: textLimit(CONTACT_MESSAGE_MAX),
    }),
  }),
});

const SendContactMessagePayload = builder
  .objectRef<{ message: string }>("SendContactMessagePayload")
  .implement({
    description: "The confirmation to show the visitor.",
    fields: (t) => ({ message: t.exposeString("message", { description: "The text to show the visitor." }) }),
  });

const MarkContactMessageHandledInput = builder.inputType("MarkContactMessageHandledInput", {
  description: "The message to mark handled or open again.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The ContactMessage's global id." }),
    handled: t.boolean({ required: false, description: "false reopens the message; true by default" }),
  }),
});

const MarkContactMessageHandledPayload = builder
  .objectRef<{ contactMessage: ContactMessage }>("MarkContactMessageHandledPayload")
  .implement({
    description: "The message after the change, and the inbox's open count.",
    fields: (t) => ({
      contactMessage: t.field({
        type: ContactMessageType,
        description: "The changed message.",
        resolve: (payload) => payload.contactMessage,
      }),
      openContactMessageCount: t.int({
        description: "The inbox's open count after the change.",
        resolve: (_payload, _args, ctx) => countContactMessages(ctx, "open"),
      }),
    }),
  });

builder.mutationFields((t) => ({
  sendContactMessage: t.field({
    type: SendContactMessagePayload,
    description: "Public: the landing page's contact form. Rate-limited per address and per e-mail.",
    authScopes: { public: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SendContactMessageInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { message } = await sendContactMessage(ctx, input);
      return { message };
    },
  }),
  markContactMessageHandled: t.field({
    type: MarkContactMessageHandledPayload,
    description: "Marks a contact message handled, or open again.",
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

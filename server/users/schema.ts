import { builder } from "../builder.ts";
import type { User } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { type EmailChangeReverted, revertEmailChange } from "./email-change.ts";
import { userReadPolicy } from "./read-policy.ts";
import { getUserRating, type UserRating, updateProfile } from "./service.ts";

export const UserType = builder.prismaNode("User", {
  id: { field: "id" },
  description: "A person who signs in: an ADMIN (operator) or a CARRIER user.",
  ...readPolicyOptions(userReadPolicy),
  fields: (t) => ({
    userId: t.exposeString("userId", { description: "System-generated, read-only." }),
    email: t.exposeString("email", { description: "The sign-in e-mail." }),
    role: t.exposeString("role", { description: "ADMIN or CARRIER." }),
    carrierCompanyId: t.exposeString("carrierId", {
      nullable: true,
      description: "The database id of the carrier company the user drives for, if any (its documents).",
    }),
    fullName: t.exposeString("fullName", { nullable: true, description: "The person's name." }),
    companyName: t.exposeString("companyName", {
      nullable: true,
      description: "The company the user works for.",
    }),
    phoneNumber: t.exposeString("phoneNumber", {
      nullable: true,
      description: "The phone given at sign-up (E.164).",
    }),
    contactPhone: t.exposeString("contactPhone", {
      nullable: true,
      description: "The phone to reach the user (E.164).",
    }),
    mcDot: t.exposeString("mcDot", {
      nullable: true,
      description: "The carrier's MC / DOT numbers as typed.",
    }),
    cargoTypes: t.exposeString("cargoTypes", { nullable: true, description: "What the carrier hauls." }),
    experienceYears: t.exposeInt("experienceYears", { nullable: true, description: "Years of experience." }),
    areasOfOperation: t.exposeString("areasOfOperation", {
      nullable: true,
      description: "Where the carrier operates (state codes).",
    }),
    offerEmails: t.exposeBoolean("offerEmails", {
      description: "New load offers in the user's areas also arrive by e-mail.",
    }),
    timeZone: t.exposeString("timeZone", {
      nullable: true,
      description:
        "The time zone chosen on My Account (America/New_York, America/Chicago, America/Denver or America/Los_Angeles); null until chosen.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the account was created." }),
    rating: t.field({
      type: UserRatingType,
      description: "The user's bidding record.",
      resolve: (user, _args, ctx) => getUserRating(ctx, user.id),
    }),
  }),
});

const UserRatingType = builder.objectRef<UserRating>("UserRating").implement({
  description: "A carrier's bidding record, from its bids.",
  fields: (t) => ({
    wins: t.exposeInt("wins", { description: "Bids that won." }),
    losses: t.exposeInt("losses", { description: "Bids that lost." }),
    totalBids: t.exposeInt("totalBids", { description: "Every bid placed, open and folded ones included." }),
    rating: t.exposeFloat("rating", { nullable: true, description: "0 to 5; null until a bid was decided." }),
  }),
});

builder.queryField("viewer", (t) =>
  t.prismaField({
    type: "User",
    nullable: true,
    description: "The signed-in user, or null.",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.viewer ? ctx.db.user.findUnique({ ...query, where: { id: ctx.viewer.id } }) : null,
  }),
);

const UpdateProfileInput = builder.inputType("UpdateProfileInput", {
  description: "Profile fields to change; fields left out stay as they are.",
  fields: (t) => ({
    id: t.id({ required: false, description: "The user to change (admins only); the viewer by default." }),
    fullName: t.string({ required: false, description: "The person's name." }),
    email: t.string({
      required: false,
      description:
        "The sign-in e-mail. A new one needs `currentPassword`; the old address is mailed a link that undoes the change, and the user's other sessions end.",
    }),
    currentPassword: t.string({
      required: false,
      description:
        "The caller's current password (an admin's own for another user): required only when `email` changes.",
    }),
    contactPhone: t.string({ required: false, description: "The phone to reach the user." }),
    mcDot: t.string({ required: false, description: "The carrier's MC / DOT numbers." }),
    cargoTypes: t.string({ required: false, description: "What the carrier hauls." }),
    experienceYears: t.int({ required: false, description: "Years of experience, 0 to 80." }),
    areasOfOperation: t.string({ required: false, description: "Where the carrier operates." }),
    companyName: t.string({ required: false, description: "The company the user works for." }),
    offerEmails: t.boolean({ required: false, description: "Whether new load offers are e-mailed." }),
    timeZone: t.string({
      required: false,
      description: "The zone every date is shown and read in: one of the four US zones of My Account.",
    }),
  }),
});

const UpdateProfilePayload = builder.objectRef<{ user: User }>("UpdateProfilePayload").implement({
  description: "The profile after the change.",
  fields: (t) => ({
    user: t.field({ type: UserType, description: "The changed user.", resolve: (payload) => payload.user }),
  }),
});

builder.mutationField("updateProfile", (t) =>
  t.field({
    type: UpdateProfilePayload,
    description: "Changes a profile: the viewer's own, or any user's for an admin.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateProfileInput, required: true, description: "The changes." }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, ...changes } = input;
      const target = id ? decodeGlobalIdOf("User", id) : ctx.viewer!.id;
      const definedChanges = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      return { user: await updateProfile(ctx, target, definedChanges) };
    },
  }),
);

const RevertEmailChangeInput = builder.inputType("RevertEmailChangeInput", {
  description: "The link mailed to the old address after an e-mail change.",
  fields: (t) => ({
    token: t.string({ required: true, description: "The link's `token` (/revert-email?token=...)." }),
  }),
});

const EmailChangeRevertedPayload = builder
  .objectRef<EmailChangeReverted>("EmailChangeRevertedPayload")
  .implement({
    description:
      "The old e-mail is back; every session of the account ended and its password was reset (sign in again through forgot-password).",
    fields: (t) => ({
      email: t.exposeString("email", { description: "The restored sign-in e-mail." }),
      message: t.exposeString("message", { description: "A sentence to show the user." }),
    }),
  });

builder.mutationField("revertEmailChange", (t) =>
  t.field({
    type: EmailChangeRevertedPayload,
    description:
      "Undoes an e-mail change with the single-use link mailed to the old address (valid 7 days): restores that address, ends every session of the account and resets its password. Public: the token is the proof.",
    authScopes: { public: true },
    errors: { types: MUTATION_ERRORS },
    args: {
      input: t.arg({ type: RevertEmailChangeInput, required: true, description: "The link's token." }),
    },
    resolve: (_root, { input }, ctx) => revertEmailChange(ctx, input),
  }),
);

builder.subscriptionField("profileUpdated", (t) =>
  t.prismaField({
    type: "User",
    description: "The viewer's profile after each change (from another tab, device or an admin).",
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe(`profile:${ctx.viewer!.id}`),
    resolve: (query, event: { userId: string }, _args, ctx) =>
      ctx.db.user.findUniqueOrThrow({ ...query, where: { id: event.userId } }),
  }),
);

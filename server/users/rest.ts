import { z } from "zod";
import { publicUser, publicUserSchema } from "../auth/account-json.ts";
import { errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { revertEmailChange } from "./email-change.ts";
import { userRatingSchema } from "./rest-schemas.ts";
import { getOwnProfile, getUser, getUserRating, updateProfile } from "./service.ts";
import { profileInput, revertEmailChangeInput } from "./validation.ts";

const SELF_OR_ADMIN = errors({ 403: "Only the user itself or an operator.", 404: "User not found" });

export const userRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/user/profile",
    access: "signedIn",
    schema: {
      summary: "Get my profile",
      description: "The signed-in user (its `_id` and `role` decide the client's area).",
      response: { 200: publicUserSchema },
    },
    handle: async (ctx) => publicUser(await getOwnProfile(ctx)),
  },
  {
    method: "GET",
    path: "/user/:id",
    access: "signedIn",
    schema: {
      summary: "Get a user",
      description: "A user by database id or userId: the user itself or an operator.",
      response: { 200: publicUserSchema, ...SELF_OR_ADMIN },
    },
    handle: async (ctx, { params }) => publicUser(await getUser(ctx, params.id)),
  },
  {
    method: "POST",
    path: "/user/:id",
    access: "signedIn",
    schema: {
      summary: "Update a profile",
      description:
        "My Account's form: only the fields sent change (null or blank clears a text). The user itself " +
        "or an operator.",
      body: profileInput,
      response: { 200: publicUserSchema, ...errors(400, 409), ...SELF_OR_ADMIN },
    },
    handle: async (ctx, { params, body }) => publicUser(await updateProfile(ctx, params.id, body)),
  },
  {
    // The link mailed to the old address after an e-mail change: {token} -> {email, message}.
    method: "POST",
    path: "/user/revert-email",
    access: "public",
    schema: {
      summary: "Undo an e-mail change",
      description:
        "Restores the sign-in e-mail an account had before a change, from the single-use link mailed " +
        "to the old address; ends every session of the account. Anyone holding the link.",
      body: revertEmailChangeInput,
      response: {
        200: z.object({ email: z.string(), message: z.string() }),
        ...errors({ 400: "The link is not valid or has expired" }),
      },
    },
    handle: (ctx, { body }) => revertEmailChange(ctx, body),
  },
  {
    method: "GET",
    path: "/user/:id/rating",
    access: "signedIn",
    schema: {
      summary: "Get a user's rating",
      description: "A carrier's bids won, lost and in total, and its rating. Any signed-in user.",
      response: { 200: userRatingSchema, ...errors({ 404: "User not found" }) },
    },
    handle: (ctx, { params }) => getUserRating(ctx, params.id),
  },
];

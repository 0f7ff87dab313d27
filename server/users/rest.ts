import type { RestRoute } from "../http/router.ts";
import { revertEmailChange } from "./email-change.ts";
import { publicUser } from "./json.ts";
import { getOwnProfile, getUser, getUserRating, updateProfile } from "./service.ts";

export const userRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/user/profile",
    access: "signedIn",
    handle: async (ctx) => publicUser(await getOwnProfile(ctx)),
  },
  {
    method: "GET",
    path: "/user/:id",
    access: "signedIn",
    handle: async (ctx, { params }) => publicUser(await getUser(ctx, params.id)),
  },
  {
    method: "POST",
    path: "/user/:id",
    access: "signedIn",
    handle: async (ctx, { params, body }) => publicUser(await updateProfile(ctx, params.id, body)),
  },
  {
    // The link mailed to the old address after an e-mail change: {token} -> {email, message}.
    method: "POST",
    path: "/user/revert-email",
    access: "public",
    handle: (ctx, { body }) => revertEmailChange(ctx, body),
  },
  {
    method: "GET",
    path: "/user/:id/rating",
    access: "signedIn",
    handle: (ctx, { params }) => getUserRating(ctx, params.id),
  },
];

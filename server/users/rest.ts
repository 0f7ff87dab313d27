import type { RestRoute } from "../http/router.ts";
import { getOwnProfile, getUser, getUserRating, publicUser, updateProfile } from "./service.ts";

export const userRoutes: RestRoute[] = [
  { method: "GET", path: "/user/profile", handle: async (ctx) => publicUser(await getOwnProfile(ctx)) },
  {
    method: "GET",
    path: "/user/:id",
    handle: async (ctx, { params }) => publicUser(await getUser(ctx, params.id)),
  },
  {
    method: "POST",
    path: "/user/:id",
    handle: async (ctx, { params, body }) => publicUser(await updateProfile(ctx, params.id, body)),
  },
  { method: "GET", path: "/user/:id/rating", handle: (ctx, { params }) => getUserRating(ctx, params.id) },
];

import type { RestRoute } from "../http/router.ts";
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
    method: "GET",
    path: "/user/:id/rating",
    access: "signedIn",
    handle: (ctx, { params }) => getUserRating(ctx, params.id),
  },
];

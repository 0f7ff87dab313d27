import type { RestRoute } from "../http/router.ts";
import { withStatus } from "../http/router.ts";
import { publicUser } from "../users/json.ts";
import { changePassword } from "./change-password.ts";
import {
  checkSession,
  login,
  logout,
  refreshAccessToken,
  register,
  sendTemporaryPassword,
} from "./service.ts";

export const authRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/auth/register",
    access: "public",
    async handle(ctx, { body }) {
      const signedIn = await register(ctx, body);
      return withStatus(201, { token: signedIn.accessToken, user: publicUser(signedIn.user) });
    },
  },
  {
    method: "POST",
    path: "/auth/login",
    access: "public",
    async handle(ctx, { body }) {
      const signedIn = await login(ctx, body);
      return {
        token: signedIn.accessToken,
        usuario: publicUser(signedIn.user),
        sessionReplaced: signedIn.sessionReplaced,
        message: signedIn.message,
      };
    },
  },
  {
    method: "POST",
    path: "/auth/logout",
    access: "public",
    async handle(ctx, { body }) {
      await logout(ctx, body);
      return { message: "Logged out" };
    },
  },
  {
    method: "GET",
    path: "/auth/check-session",
    access: "signedIn",
    async handle(ctx) {
      const { user, platform } = await checkSession(ctx);
      return { valid: true, platform, user: publicUser(user) };
    },
  },
  {
    method: "POST",
    path: "/auth/change-password",
    access: "signedIn",
    async handle(ctx, { body }) {
      return changePassword(ctx, body);
    },
  },
  {
    method: "POST",
    path: "/refresh/refresh-token",
    access: "public",
    async handle(ctx) {
      return { accessToken: await refreshAccessToken(ctx) };
    },
  },
  {
    method: "POST",
    path: "/emails/send-email",
    access: "public",
    async handle(ctx, { body }) {
      return { message: await sendTemporaryPassword(ctx, body) };
    },
  },
];

import {
  ALREADY_LOGGED_IN,
  changePasswordInput,
  EMAIL_TAKEN,
  LOGIN_FAILED,
  loginInput,
  logoutInput,
  registerInput,
  sendEmailInput,
} from "../../common/auth.ts";
import { ACCOUNT_DISABLED_MESSAGE } from "../../common/workspace.ts";
import { publicUser } from "../auth/account-json.ts";
import { errors, messageBody } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { withStatus } from "../http/router.ts";
import { changePassword } from "./change-password.ts";
import {
  passwordChangedSchema,
  refreshedSchema,
  registeredSchema,
  sessionSchema,
  signedInSchema,
} from "./rest-schemas.ts";
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
    schema: {
      summary: "Sign up",
      description:
        "Creates a carrier account and signs it in (the refresh cookie is set). 400 for invalid fields " +
        "or an e-mail domain that is not permitted (the address joins the waitlist), 409 when the e-mail " +
        "is already used, 429 when sign-ups from this network are too many.",
      body: registerInput,
      response: { 201: registeredSchema, ...errors(400, { 409: EMAIL_TAKEN }, 429) },
    },
    async handle(ctx, { body }) {
      const signedIn = await register(ctx, body);
      return withStatus(201, { token: signedIn.accessToken, user: publicUser(signedIn.user) });
    },
  },
  {
    method: "POST",
    path: "/auth/login",
    access: "public",
    schema: {
      summary: "Sign in",
      description:
        "Opens a session on the platform (default desktop) and sets the refresh cookie; a session the " +
        "user had on the same platform is signed out (`sessionReplaced`).",
      body: loginInput,
      response: {
        200: signedInSchema,
        ...errors(400, {
          401: LOGIN_FAILED,
          403: ACCOUNT_DISABLED_MESSAGE,
          409: `${ALREADY_LOGGED_IN} (when the server refuses a second session).`,
          429: "Too many failed attempts for this address or network: try again later.",
        }),
      },
    },
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
    schema: {
      summary: "Sign out",
      description:
        "Ends the session of the access token, or else the refresh cookie's when it belongs to `_id`; " +
        "the cookie is cleared either way. Answers the same when there was no session.",
      body: logoutInput,
      response: { 200: messageBody, ...errors(400) },
    },
    async handle(ctx, { body }) {
      await logout(ctx, body);
      return { message: "Logged out" };
    },
  },
  {
    method: "GET",
    path: "/auth/check-session",
    access: "signedIn",
    schema: {
      summary: "Check the session",
      description: "Whether the access token's session is still open (the client asks every 5 minutes).",
      response: { 200: sessionSchema },
    },
    async handle(ctx) {
      const { user, platform } = await checkSession(ctx);
      return { valid: true, platform, user: publicUser(user) };
    },
  },
  {
    method: "POST",
    path: "/auth/change-password",
    access: "signedIn",
    schema: {
      summary: "Change my password",
      description:
        "The current (or a pending temporary) password and the new one twice; every other session of " +
        "the user is signed out. 400 when the current password is wrong, 429 after too many wrong ones.",
      body: changePasswordInput,
      response: { 200: passwordChangedSchema, ...errors(400, 429) },
    },
    async handle(ctx, { body }) {
      return changePassword(ctx, body);
    },
  },
  {
    method: "POST",
    path: "/refresh/refresh-token",
    access: "public",
    schema: {
      summary: "Refresh the access token",
      description:
        "Swaps the refresh cookie for a new access token (and a rotated cookie). Any body is ignored. " +
        "401 without a valid cookie (it is cleared).",
      response: { 200: refreshedSchema, ...errors({ 401: "No refresh token, or the session ended." }) },
    },
    async handle(ctx) {
      return { accessToken: await refreshAccessToken(ctx) };
    },
  },
  {
    method: "POST",
    path: "/emails/send-email",
    access: "public",
    schema: {
      summary: "Send a temporary password",
      description:
        "Forgot password: e-mails a temporary password valid for an hour when the address has an " +
        "account. The answer is the same for every address.",
      body: sendEmailInput,
      response: { 200: messageBody, ...errors(400, 429) },
    },
    async handle(ctx, { body }) {
      return { message: await sendTemporaryPassword(ctx, body) };
    },
  },
];

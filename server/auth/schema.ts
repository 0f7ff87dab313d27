import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { ForbiddenError, UnauthenticatedError } from "../errors.ts";
import type { User } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { accounts } from "./accounts.ts";
import { changePassword, type PasswordChanged } from "./change-password.ts";
import {
  checkSession,
  login,
  logout,
  refreshAccessToken,
  register,
  sendTemporaryPassword,
} from "./service.ts";

interface SignInResult {
  token: string;
  user: User;
  sessionReplaced: boolean;
  message: string;
}

/**
 * The signed-in user as the selection asks: the row the service read when the selection needs
 * nothing more, else read again with it (relation counts such as unreadNotificationCount).
 */
function userWithSelection(ctx: Context, user: User, query: { include?: object; select?: object }) {
  return query.include || query.select ? accounts.use.forQuery(ctx.db, user.id, query) : user;
}

const SignInPayload = builder.objectRef<SignInResult>("SignInPayload").implement({
  description:
    "A new session: keep `token` as the Bearer token; the refresh token arrives as an httpOnly cookie.",
  fields: (t) => ({
    token: t.exposeString("token", { description: "The access token (Bearer)." }),
    user: t.prismaField({
      type: "User",
      description: "The signed-in user.",
      resolve: (query, payload, _args, ctx) => userWithSelection(ctx, payload.user, query),
    }),
    sessionReplaced: t.exposeBoolean("sessionReplaced", {
      description: "Whether a session of this user in use on this platform was ended by this login.",
    }),
    message: t.exposeString("message", { description: "A sentence to show the user." }),
  }),
});

const LoginInput = builder.inputType("LoginInput", {
  description: "E-mail and password, and how long the session should last.",
  fields: (t) => ({
    email: t.string({ required: true, description: "The account's e-mail." }),
    password: t.string({ required: true, description: "The password, or a temporary one." }),
    rememberMe: t.boolean({ required: false, description: "Keep the session for 30 days (else 12 hours)." }),
    platform: t.string({ required: false, description: "desktop or mobile (default desktop)." }),
  }),
});

const RegisterInput = builder.inputType("RegisterInput", {
  description: "A carrier's sign-up.",
  fields: (t) => ({
    email: t.string({ required: true, description: "The new account's e-mail." }),
    password: t.string({ required: true, description: "At least 8 characters." }),
    confirmPassword: t.string({ required: true, description: "The password again." }),
    phoneNumber: t.string({ required: true, description: "The national number, digits only." }),
    phoneCountry: t.string({ required: false, description: "US (default) or CA" }),
    platform: t.string({ required: false, description: "desktop or mobile (default desktop)." }),
  }),
});

const LogoutInput = builder.inputType("LogoutInput", {
  description: "Whose session to end (the caller's by default).",
  fields: (t) => ({
    _id: t.string({ required: false, description: "The user's id or userId, when given." }),
    platform: t.string({ required: false, description: "desktop or mobile (default desktop)." }),
  }),
});

const SendTemporaryPasswordInput = builder.inputType("SendTemporaryPasswordInput", {
  description: "Where to send a temporary password.",
  fields: (t) => ({ email: t.string({ required: true, description: "The account's e-mail." }) }),
});

const ChangePasswordInput = builder.inputType("ChangePasswordInput", {
  description: "A new password for the signed-in user, proven by the current one.",
  fields: (t) => ({
    currentPassword: t.string({
      required: true,
      description: "The current password, or a temporary one from forgot-password.",
    }),
    newPassword: t.string({ required: true, description: "At least 8 characters." }),
    confirmPassword: t.string({ required: true, description: "The new password again." }),
  }),
});

const PasswordChangedPayload = builder.objectRef<PasswordChanged>("PasswordChangedPayload").implement({
  description: "The password was changed; the other sessions of the user were signed out.",
  fields: (t) => ({
    message: t.exposeString("message", { description: "A sentence to show the user." }),
    endedSessions: t.exposeInt("endedSessions", {
      description: "How many other sessions of the user were signed out.",
    }),
  }),
});

const MessagePayload = builder.objectRef<{ message: string }>("MessagePayload").implement({
  description: "A sentence that says what happened.",
  fields: (t) => ({ message: t.exposeString("message", { description: "A sentence to show the user." }) }),
});

const RefreshPayload = builder.objectRef<{ accessToken: string }>("RefreshPayload").implement({
  description: "A new access token for the same session.",
  fields: (t) => ({
    accessToken: t.exposeString("accessToken", { description: "The access token (Bearer)." }),
  }),
});

const SessionInfo = builder.objectRef<{ user: User; platform: string }>("SessionInfo").implement({
  description: "The viewer's live session.",
  fields: (t) => ({
    valid: t.boolean({ description: "Always true: an ended session fails instead.", resolve: () => true }),
    platform: t.exposeString("platform", { description: "The platform the session was opened on." }),
    user: t.prismaField({
      type: "User",
      description: "The signed-in user.",
      resolve: (query, session, _args, ctx) => userWithSelection(ctx, session.user, query),
    }),
  }),
});

const withoutNulls = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));

builder.mutationFields((t) => ({
  login: t.field({
    authScopes: { public: true },
    type: SignInPayload,
    description:
      "Signs in: opens a session (ending this user's other one on the platform) and sets the refresh cookie.",
    errors: { types: [...MUTATION_ERRORS, UnauthenticatedError, ForbiddenError] },
    args: { input: t.arg({ type: LoginInput, required: true, description: "The credentials." }) },
    resolve: async (_root, { input }, ctx) => {
      const signedIn = await login(ctx, withoutNulls(input));
      return { ...signedIn, token: signedIn.accessToken };
    },
  }),
  register: t.field({
    authScopes: { public: true },
    type: SignInPayload,
    description: "Creates a carrier account and signs it in.",
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RegisterInput, required: true, description: "The sign-up form." }) },
    resolve: async (_root, { input }, ctx) => {
      const signedIn = await register(ctx, withoutNulls(input));
      return { ...signedIn, token: signedIn.accessToken };
    },
  }),
  refreshToken: t.field({
    authScopes: { public: true },
    type: RefreshPayload,
    description: "Exchanges the refreshToken cookie for a new access token and rotates the cookie.",
    resolve: async (_root, _args, ctx) => ({ accessToken: await refreshAccessToken(ctx) }),
  }),
  logout: t.field({
    authScopes: { public: true },
    type: MessagePayload,
    description: "Ends the caller's session and clears the refresh cookie.",
    errors: { types: MUTATION_ERRORS },
    args: {
      input: t.arg({
        type: LogoutInput,
        required: false,
        description: "Whose session, when not the caller's.",
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      await logout(ctx, withoutNulls(input ?? {}));
      return { message: "Logged out" };
    },
  }),
  changePassword: t.field({
    authScopes: { authenticated: true },
    type: PasswordChangedPayload,
    description:
      "Changes the viewer's password, signs out every other session of the user and e-mails a confirmation.",
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ChangePasswordInput, required: true, description: "The passwords." }) },
    resolve: (_root, { input }, ctx) => changePassword(ctx, input),
  }),
  sendTemporaryPassword: t.field({
    authScopes: { public: true },
    type: MessagePayload,
    description: "Forgot password: e-mails a temporary password.",
    errors: { types: MUTATION_ERRORS },
    args: {
      input: t.arg({
        type: SendTemporaryPasswordInput,
        required: true,
        description: "The account's e-mail.",
      }),
    },
    resolve: async (_root, { input }, ctx) => ({ message: await sendTemporaryPassword(ctx, input) }),
  }),
}));

builder.queryField("checkSession", (t) =>
  t.field({
    type: SessionInfo,
    description: "Fails with 401 (and `logout: true` when the session was ended) unless the session is live.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => checkSession(ctx),
  }),
);

const SessionEndedEvent = builder
  .objectRef<{ reason: string; message: string }>("SessionEndedEvent")
  .implement({
    description: "The viewer's session was ended elsewhere: drop the credentials and show the message.",
    fields: (t) => ({
      reason: t.exposeString("reason", {
        description:
          "replaced, logout, reuse, password_reset, password_changed, ended_by_admin, email_changed, email_reverted or role_changed",
      }),
      message: t.exposeString("message", { description: "A sentence to show the user." }),
      logout: t.boolean({ description: "Always true: drop the credentials.", resolve: () => true }),
    }),
  });

builder.subscriptionField("sessionEnded", (t) =>
  t.field({
    type: SessionEndedEvent,
    description:
      "Fires once when the viewer's session is replaced by another login, logged out or revoked, or the account's role changed (sign in again).",
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe(`session:${ctx.viewer!.sessionId}`),
    resolve: (event) => event,
  }),
);

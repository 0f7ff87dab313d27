import { ACCOUNT_STATUSES, APPROVAL_DECISIONS, USER_ROLES, type UserRole } from "../../common/workspace.ts";
import { openSessionWhere } from "../auth/admin-sessions.ts";
import { builder } from "../builder.ts";
import { userRefOf } from "../carriers/schema.ts";
import { NotFoundError } from "../errors.ts";
import type { EmailWaitlist, Invitation } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { accountStatusOf, changeUserRole, endSessionsOf, setUserDisabled } from "../users/admin.ts";
import { findUserPage } from "../users/admin-list.ts";
import { userForQuery } from "../users/records.ts";
import { UserType } from "../users/schema.ts";
import { findUser } from "../users/service.ts";
import { findInvitationPage } from "./invitation-list.ts";
import {
  acceptInvitation,
  type InvitationPreview,
  invitationState,
  inviteUser,
  previewInvitation,
  revokeInvitation,
} from "./invitations.ts";
import type { UserSortField } from "./validation.ts";
import { reviewCarrier } from "./vetting.ts";
import { dismissWaitlistEntry, findWaitlistPage, inviteFromWaitlist } from "./waitlist.ts";

export const AccountStatusEnum = builder.enumType("AccountStatus", {
  description: "active; pending (a carrier waiting for approval); rejected (vetting refused); disabled.",
  values: ACCOUNT_STATUSES,
});
export const UserRoleEnum = builder.enumType("UserRole", { values: USER_ROLES });
const ApprovalDecisionEnum = builder.enumType("ApprovalDecision", { values: APPROVAL_DECISIONS });

builder.prismaObjectFields("User", (t) => ({
  accountStatus: t.field({
    type: AccountStatusEnum,
    select: { disabledAt: true, approvalStatus: true },
    resolve: (user) => accountStatusOf(user),
  }),
  approvalNote: t.exposeString("approvalNote", { nullable: true }),
  approvalDecidedAt: t.expose("approvalDecidedAt", { type: "DateTime", nullable: true }),
  disabledAt: t.expose("disabledAt", { type: "DateTime", nullable: true, authScopes: { admin: true } }),
  lastSignInAt: t.expose("lastSignInAt", { type: "DateTime", nullable: true, authScopes: { admin: true } }),
  openSessionCount: t.int({
    description: "Sessions not ended nor expired.",
    authScopes: { admin: true },
    select: () => ({ _count: { select: { sessions: { where: openSessionWhere() } } } }),
    resolve: (user) => (user as unknown as { _count: { sessions: number } })._count.sessions,
  }),
  carrier: t.relation("carrier", { nullable: true, description: "The carrier this user drives for." }),
}));

const UserFilter = builder.inputType("UserFilter", {
  fields: (t) => ({
    role: t.field({ type: UserRoleEnum }),
    status: t.field({ type: AccountStatusEnum }),
  }),
});

const WaitlistEntryType = builder.objectRef<EmailWaitlist>("WaitlistEntry").implement({
  description: "An address refused at sign-up because of its domain.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    domain: t.exposeString("domain"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    invitedAt: t.expose("invitedAt", { type: "DateTime", nullable: true }),
    dismissedAt: t.expose("dismissedAt", { type: "DateTime", nullable: true }),
  }),
});

const WaitlistViewEnum = builder.enumType("WaitlistView", {
  values: ["open", "invited", "dismissed", "all"] as const,
});

const InvitationType = builder.objectRef<Invitation>("Invitation").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    role: t.field({ type: UserRoleEnum, resolve: (invitation) => invitation.role as UserRole }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    state: t.string({
      description: "pending | accepted | expired | revoked",
      resolve: (invitation) => invitationState(invitation),
    }),
  }),
});

const InvitationPreviewType = builder.objectRef<InvitationPreview>("InvitationPreview").implement({
  description: "What the invitation page shows before the invitee sets a password.",
  fields: (t) => ({
    email: t.exposeString("email"),
    role: t.field({ type: UserRoleEnum, resolve: (preview) => preview.role }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    valid: t.exposeBoolean("valid"),
  }),
});

pagedListField("users", {
  name: "User",
  node: UserType,
  model: "User",
  description: "Workspace Control's users list: 50 a page, newest first unless `orderBy` says otherwise.",
  authScopes: { admin: true },
  searchDescription: "E-mail, name, userId, company or carrier name contains.",
  filter: UserFilter,
  sortFields: {
    EMAIL: "email",
    FULL_NAME: "fullName",
    ROLE: "role",
    CREATED_AT: "createdAt",
    LAST_SIGN_IN_AT: "lastSignInAt",
  } satisfies Record<string, UserSortField>,
  defaultOrder: { field: "createdAt", direction: "desc" },
  load: (ctx, { search, filter, orderBy, paging }, query) =>
    findUserPage(
      ctx,
      {
        search,
        role: filter?.role,
        status: filter?.status,
        sortBy: orderBy.field,
        sortDirection: orderBy.direction,
      },
      paging,
      query,
    ),
});

const WaitlistFilter = builder.inputType("WaitlistFilter", {
  fields: (t) => ({
    view: t.field({ type: WaitlistViewEnum, description: "open (default), invited, dismissed or all." }),
  }),
});

pagedListField("waitlist", {
  name: "WaitlistEntry",
  node: WaitlistEntryType,
  description:
    "Addresses refused at sign-up, newest first; `open` (default) hides invited and dismissed ones.",
  authScopes: { admin: true },
  searchDescription: "Text in the e-mail address (domain included).",
  filter: WaitlistFilter,
  sortFields: { CREATED_AT: "createdAt" },
  defaultOrder: { field: "createdAt", direction: "desc" },
  load: (ctx, { search, filter, paging }) => findWaitlistPage(ctx, { search, view: filter?.view }, paging),
});

const InvitationFilter = builder.inputType("InvitationFilter", {
  fields: (t) => ({
    pendingOnly: t.boolean({ description: "Only links that still work (default true)." }),
  }),
});

pagedListField("invitations", {
  name: "Invitation",
  node: InvitationType,
  description: "Invitations sent, newest first; by default only those whose link still works.",
  authScopes: { admin: true },
  searchDescription: "Not used yet.",
  filter: InvitationFilter,
  sortFields: { CREATED_AT: "createdAt" },
  defaultOrder: { field: "createdAt", direction: "desc" },
  load: (ctx, { filter, paging }) =>
    findInvitationPage(ctx, filter?.pendingOnly === false ? "all" : "pending", paging),
});

builder.queryFields((t) => ({
  invitation: t.field({
    type: InvitationPreviewType,
    nullable: true,
    description: "The invitation behind a link's token (null when there is none).",
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => previewInvitation(ctx, token),
  }),
}));

const UserAdminPayload = builder.objectRef<{ userId: string }>("UserAdminPayload").implement({
  fields: (t) => ({
    user: t.prismaField({
      type: UserType,
      resolve: (query, payload, _args, ctx) => userForQuery(ctx.db, payload.userId, query),
    }),
  }),
});

const ChangeUserRoleInput = builder.inputType("ChangeUserRoleInput", {
  fields: (t) => ({
    userId: t.id({ required: true, description: "The User id (or its userId)." }),
    role: t.field({ type: UserRoleEnum, required: true }),
  }),
});
const SetUserDisabledInput = builder.inputType("SetUserDisabledInput", {
  fields: (t) => ({
    userId: t.id({ required: true }),
    disabled: t.boolean({ required: true }),
  }),
});
const EndUserSessionsInput = builder.inputType("EndUserSessionsInput", {
  fields: (t) => ({ userId: t.id({ required: true }) }),
});
const ReviewCarrierInput = builder.inputType("ReviewCarrierInput", {
  fields: (t) => ({
    userId: t.id({ required: true }),
    decision: t.field({ type: ApprovalDecisionEnum, required: true }),
    note: t.string({ description: "Required to reject; shown to the carrier." }),
  }),
});
const InviteUserInput = builder.inputType("InviteUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    role: t.field({ type: UserRoleEnum, required: true }),
    fullName: t.string(),
    carrierId: t.string({ description: "For a carrier user: the carrier to drive for (CAR-000123 or id)." }),
  }),
});
const AcceptInvitationInput = builder.inputType("AcceptInvitationInput", {
  fields: (t) => ({
    token: t.string({ required: true }),
    fullName: t.string(),
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});
const WaitlistEntryInput = builder.inputType("WaitlistEntryInput", {
  fields: (t) => ({ id: t.id({ required: true }) }),
});
const RevokeInvitationInput = builder.inputType("RevokeInvitationInput", {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

const EndUserSessionsPayload = builder
  .objectRef<{ userId: string; ended: number }>("EndUserSessionsPayload")
  .implement({
    fields: (t) => ({
      ended: t.exposeInt("ended"),
      user: t.prismaField({
        type: UserType,
        resolve: (query, payload, _args, ctx) => userForQuery(ctx.db, payload.userId, query),
      }),
    }),
  });

const InvitationPayload = builder.objectRef<{ invitation: Invitation }>("InvitationPayload").implement({
  fields: (t) => ({
    invitation: t.field({ type: InvitationType, resolve: (payload) => payload.invitation }),
  }),
});
const AcceptInvitationPayload = builder.objectRef<{ email: string }>("AcceptInvitationPayload").implement({
  fields: (t) => ({
    email: t.exposeString("email", { description: "Sign in with it and the new password." }),
  }),
});
const WaitlistEntryPayload = builder.objectRef<{ entry: EmailWaitlist }>("WaitlistEntryPayload").implement({
  fields: (t) => ({ entry: t.field({ type: WaitlistEntryType, resolve: (payload) => payload.entry }) }),
});

builder.mutationFields((t) => ({
  changeUserRole: t.field({
    type: UserAdminPayload,
    description: "The last active ADMIN can never be demoted (ConflictError).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ChangeUserRoleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      userId: (await changeUserRole(ctx, userRefOf(input.userId), input.role)).id,
    }),
  }),
  setUserDisabled: t.field({
    type: UserAdminPayload,
    description: "Disabling ends the account's sessions and live sockets at once and refuses its sign-in.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SetUserDisabledInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      userId: (await setUserDisabled(ctx, userRefOf(input.userId), input.disabled)).id,
    }),
  }),
  endUserSessions: t.field({
    type: EndUserSessionsPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: EndUserSessionsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const userId = userRefOf(input.userId);
      const ended = await endSessionsOf(ctx, userId);
      const user = await findUser(ctx.db, userId);
      if (!user) throw new NotFoundError("User not found");
      return { userId: user.id, ended };
    },
  }),
  reviewCarrier: t.field({
    type: UserAdminPayload,
    description: "Carrier vetting: approve or reject (with a note) a carrier account.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ReviewCarrierInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      userId: (
        await reviewCarrier(ctx, userRefOf(input.userId), { decision: input.decision, note: input.note })
      ).id,
    }),
  }),
  inviteUser: t.field({
    type: InvitationPayload,
    description: "E-mails a single-use link valid 72 hours; the invitee sets a password.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: InviteUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invitation: await inviteUser(ctx, input) }),
  }),
  revokeInvitation: t.field({
    type: InvitationPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RevokeInvitationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invitation: await revokeInvitation(ctx, String(input.id)) }),
  }),
  acceptInvitation: t.field({
    type: AcceptInvitationPayload,
    authScopes: { public: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AcceptInvitationInput, required: true }) },
    resolve: (_root, { input }, ctx) => acceptInvitation(ctx, input),
  }),
  inviteFromWaitlist: t.field({
    type: WaitlistEntryPayload,
    description: "Lets the address register despite its domain and e-mails it an invitation.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: WaitlistEntryInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ entry: await inviteFromWaitlist(ctx, String(input.id)) }),
  }),
  dismissWaitlistEntry: t.field({
    type: WaitlistEntryPayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: WaitlistEntryInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ entry: await dismissWaitlistEntry(ctx, String(input.id)) }),
  }),
}));

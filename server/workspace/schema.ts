import { ACCOUNT_STATUSES, APPROVAL_DECISIONS, USER_ROLES, type UserRole } from "../../common/workspace.ts";
import { openSessionWhere } from "../auth/admin-sessions.ts";
import { builder } from "../builder.ts";
import { userRefOf } from "../carriers/schema.ts";
import { NotFoundError } from "../errors.ts";
import type { EmailWaitlist, Invitation } from "../generated/sqlite/client.ts";
import { describedValues } from "../graphql/described-values.ts";
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
  values: describedValues(ACCOUNT_STATUSES, {
    active: "May sign in and work.",
    pending: "A carrier waiting for an admin's approval.",
    rejected: "A carrier whose vetting was refused.",
    disabled: "Disabled by an admin: cannot sign in.",
  }),
});
export const UserRoleEnum = builder.enumType("UserRole", {
  description: "What a user is.",
  values: describedValues(USER_ROLES, {
    ADMIN: "An operator of the brokerage: every screen.",
    CARRIER: "A carrier's user: the marketplace (offers, bids, wins).",
  }),
});
const ApprovalDecisionEnum = builder.enumType("ApprovalDecision", {
  description: "An admin's vetting decision on a carrier account.",
  values: describedValues(APPROVAL_DECISIONS, {
    approved: "The carrier may use the marketplace.",
    rejected: "The carrier is refused (with a note).",
  }),
});

builder.prismaObjectFields("User", (t) => ({
  accountStatus: t.field({
    type: AccountStatusEnum,
    description: "Whether the account may work: disabled wins over the vetting state.",
    select: { disabledAt: true, approvalStatus: true },
    resolve: (user) => accountStatusOf(user),
  }),
  approvalNote: t.exposeString("approvalNote", {
    nullable: true,
    description: "The admin's note with the vetting decision (shown to the carrier).",
  }),
  approvalDecidedAt: t.expose("approvalDecidedAt", {
    type: "DateTime",
    nullable: true,
    description: "When the vetting decision was made.",
  }),
  disabledAt: t.expose("disabledAt", {
    type: "DateTime",
    nullable: true,
    authScopes: { admin: true },
    description: "When an admin disabled the account; null while enabled.",
  }),
  lastSignInAt: t.expose("lastSignInAt", {
    type: "DateTime",
    nullable: true,
    authScopes: { admin: true },
    description: "The last successful sign-in.",
  }),
  openSessionCount: t.int({
    description: "Sessions not ended nor expired.",
    authScopes: { admin: true },
    select: () => ({ _count: { select: { sessions: { where: openSessionWhere() } } } }),
    resolve: (user) => (user as unknown as { _count: { sessions: number } })._count.sessions,
  }),
  carrier: t.relation("carrier", { nullable: true, description: "The carrier this user drives for." }),
}));

const UserFilter = builder.inputType("UserFilter", {
  description: "Criteria of the users list; all given ones must hold.",
  fields: (t) => ({
    role: t.field({ type: UserRoleEnum, description: "Only users of this role." }),
    status: t.field({ type: AccountStatusEnum, description: "Only users in this account status." }),
  }),
});

const WaitlistEntryType = builder.objectRef<EmailWaitlist>("WaitlistEntry").implement({
  description: "An address refused at sign-up because of its domain.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The entry's database id." }),
    email: t.exposeString("email", { description: "The refused address." }),
    domain: t.exposeString("domain", { description: "Its domain, the reason it was refused." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the sign-up was refused." }),
    invitedAt: t.expose("invitedAt", {
      type: "DateTime",
      nullable: true,
      description: "When an admin invited it.",
    }),
    dismissedAt: t.expose("dismissedAt", {
      type: "DateTime",
      nullable: true,
      description: "When an admin dismissed it.",
    }),
  }),
});

const WaitlistViewEnum = builder.enumType("WaitlistView", {
  description: "Which waitlist entries to show.",
  values: {
    open: { value: "open", description: "Neither invited nor dismissed." },
    invited: { value: "invited", description: "Invited by an admin." },
    dismissed: { value: "dismissed", description: "Dismissed by an admin." },
    all: { value: "all", description: "Every entry." },
  } as const,
});

const InvitationType = builder.objectRef<Invitation>("Invitation").implement({
  description: "An e-mailed, single-use link to join the workspace.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The invitation's database id." }),
    email: t.exposeString("email", { description: "Who is invited." }),
    role: t.field({
      type: UserRoleEnum,
      description: "The role the invitee gets.",
      resolve: (invitation) => invitation.role as UserRole,
    }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When the link stops working." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was sent." }),
    state: t.string({
      description: "pending | accepted | expired | revoked",
      resolve: (invitation) => invitationState(invitation),
    }),
  }),
});

const InvitationPreviewType = builder.objectRef<InvitationPreview>("InvitationPreview").implement({
  description: "What the invitation page shows before the invitee sets a password.",
  fields: (t) => ({
    email: t.exposeString("email", { description: "Who is invited." }),
    role: t.field({
      type: UserRoleEnum,
      description: "The role the invitee gets.",
      resolve: (preview) => preview.role,
    }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When the link stops working." }),
    valid: t.exposeBoolean("valid", { description: "Whether the link still works (pending)." }),
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
  sortFieldDescriptions: {
    EMAIL: "By e-mail.",
    FULL_NAME: "By full name.",
    ROLE: "By role.",
    CREATED_AT: "By when the account was created.",
    LAST_SIGN_IN_AT: "By the last sign-in.",
  },
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
  description: "Which waitlist entries to list.",
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
  sortFieldDescriptions: { CREATED_AT: "By when the sign-up was refused." },
  defaultOrder: { field: "createdAt", direction: "desc" },
  load: (ctx, { search, filter, paging }) => findWaitlistPage(ctx, { search, view: filter?.view }, paging),
});

const InvitationFilter = builder.inputType("InvitationFilter", {
  description: "Which invitations to list.",
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
  sortFieldDescriptions: { CREATED_AT: "By when it was sent." },
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
    args: { token: t.arg.string({ required: true, description: "The token from the invitation link." }) },
    resolve: (_root, { token }, ctx) => previewInvitation(ctx, token),
  }),
}));

const UserAdminPayload = builder.objectRef<{ userId: string }>("UserAdminPayload").implement({
  description: "The user after an admin's change.",
  fields: (t) => ({
    user: t.prismaField({
      type: UserType,
      description: "The changed user.",
      resolve: (query, payload, _args, ctx) => userForQuery(ctx.db, payload.userId, query),
    }),
  }),
});

const ChangeUserRoleInput = builder.inputType("ChangeUserRoleInput", {
  description: "The user and the new role.",
  fields: (t) => ({
    userId: t.id({ required: true, description: "The User id (or its userId)." }),
    role: t.field({ type: UserRoleEnum, required: true, description: "The new role." }),
  }),
});
const SetUserDisabledInput = builder.inputType("SetUserDisabledInput", {
  description: "The user to disable or enable.",
  fields: (t) => ({
    userId: t.id({ required: true, description: "The User id (or its userId)." }),
    disabled: t.boolean({ required: true, description: "True disables, false enables again." }),
  }),
});
const EndUserSessionsInput = builder.inputType("EndUserSessionsInput", {
  description: "The user whose sessions to end.",
  fields: (t) => ({ userId: t.id({ required: true, description: "The User id (or its userId)." }) }),
});
const ReviewCarrierInput = builder.inputType("ReviewCarrierInput", {
  description: "The carrier account and the vetting decision.",
  fields: (t) => ({
    userId: t.id({ required: true, description: "The carrier's User id (or its userId)." }),
    decision: t.field({ type: ApprovalDecisionEnum, required: true, description: "Approve or reject." }),
    note: t.string({ description: "Required to reject; shown to the carrier." }),
  }),
});
const InviteUserInput = builder.inputType("InviteUserInput", {
  description: "Who to invite, as what.",
  fields: (t) => ({
    email: t.string({ required: true, description: "The invitee's e-mail; the link goes there." }),
    role: t.field({ type: UserRoleEnum, required: true, description: "The role the invitee gets." }),
    fullName: t.string({ description: "The invitee's name, for the greeting and the account." }),
    carrierId: t.string({ description: "For a carrier user: the carrier to drive for (CAR-000123 or id)." }),
  }),
});
const AcceptInvitationInput = builder.inputType("AcceptInvitationInput", {
  description: "The invitation link's token and the new account's password.",
  fields: (t) => ({
    token: t.string({ required: true, description: "The token from the invitation link." }),
    fullName: t.string({ description: "The invitee's name." }),
    password: t.string({ required: true, description: "The new password (the password rules apply)." }),
    confirmPassword: t.string({ required: true, description: "The same password again." }),
  }),
});
const WaitlistEntryInput = builder.inputType("WaitlistEntryInput", {
  description: "A waitlist entry.",
  fields: (t) => ({ id: t.id({ required: true, description: "The entry's database id." }) }),
});
const RevokeInvitationInput = builder.inputType("RevokeInvitationInput", {
  description: "The invitation to revoke.",
  fields: (t) => ({ id: t.id({ required: true, description: "The invitation's database id." }) }),
});

const EndUserSessionsPayload = builder
  .objectRef<{ userId: string; ended: number }>("EndUserSessionsPayload")
  .implement({
    description: "How many sessions were ended, and the user.",
    fields: (t) => ({
      ended: t.exposeInt("ended", { description: "How many open sessions were ended." }),
      user: t.prismaField({
        type: UserType,
        description: "The user whose sessions ended.",
        resolve: (query, payload, _args, ctx) => userForQuery(ctx.db, payload.userId, query),
      }),
    }),
  });

const InvitationPayload = builder.objectRef<{ invitation: Invitation }>("InvitationPayload").implement({
  description: "The invitation after the change.",
  fields: (t) => ({
    invitation: t.field({
      type: InvitationType,
      description: "The invitation.",
      resolve: (payload) => payload.invitation,
    }),
  }),
});
const AcceptInvitationPayload = builder.objectRef<{ email: string }>("AcceptInvitationPayload").implement({
  description: "The account was created; sign in next.",
  fields: (t) => ({
    email: t.exposeString("email", { description: "Sign in with it and the new password." }),
  }),
});
const WaitlistEntryPayload = builder.objectRef<{ entry: EmailWaitlist }>("WaitlistEntryPayload").implement({
  description: "The waitlist entry after the change.",
  fields: (t) => ({
    entry: t.field({
      type: WaitlistEntryType,
      description: "The entry.",
      resolve: (payload) => payload.entry,
    }),
  }),
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
    description: "Signs a user out everywhere: ends every open session and its live sockets.",
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
    description: "Makes a pending invitation's link stop working.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RevokeInvitationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invitation: await revokeInvitation(ctx, String(input.id)) }),
  }),
  acceptInvitation: t.field({
    type: AcceptInvitationPayload,
    description: "Creates the invited account with its password; the link is then used up.",
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
    description: "Hides a waitlist entry from the open view without inviting it.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: WaitlistEntryInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ entry: await dismissWaitlistEntry(ctx, String(input.id)) }),
  }),
}));

import { z } from "zod";
import {
  ACCOUNT_STATUSES,
  INVITATION_INVALID_MESSAGE,
  LAST_ADMIN_MESSAGE,
  USER_ROLES,
} from "../../common/workspace.ts";
import { auditCsv } from "../audit/csv.ts";
import { auditJson } from "../audit/json.ts";
import { AUDIT_EXPORT_LIMIT, auditRowsForExport, findAuditPage } from "../audit/query.ts";
import { auditEntrySchema } from "../audit/rest-schemas.ts";
import type { Context } from "../context.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errorBody, errors, fileResponse, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { changeUserRole, endSessionsOf, setUserDisabled } from "../users/admin.ts";
import { ADMIN_USER_REST_INCLUDE, findUserPage } from "../users/admin-list.ts";
import { type AdminUserRow, adminUserJson } from "../users/json.ts";
import { adminUserSchema } from "../users/rest-schemas.ts";
import { findInvitationPage } from "./invitation-list.ts";
import {
  acceptInvitation,
  invitationState,
  inviteUser,
  previewInvitation,
  revokeInvitation,
} from "./invitations.ts";
import {
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationRevokedSchema,
  invitationSchema,
  invitationSentSchema,
  sessionsEndedSchema,
  waitlistEntrySchema,
  waitlistListEntrySchema,
} from "./rest-schemas.ts";
import {
  acceptInvitationBody,
  approvalInput,
  disabledInput,
  inviteInput,
  roleInput,
  USER_SORT_FIELDS,
} from "./validation.ts";
import { reviewCarrier } from "./vetting.ts";
import { dismissWaitlistEntry, findWaitlistPage, inviteFromWaitlist } from "./waitlist.ts";

function auditFilter(query: URLSearchParams) {
  const value = (name: string) => query.get(name) || undefined;
  return {
    search: value("search"),
    actor: value("actor"),
    entityType: value("entityType"),
    entityId: value("entityId"),
    action: value("action"),
    from: value("from"),
    to: value("to"),
  };
}

const body = (value: unknown) => (value ?? {}) as Record<string, unknown>;

const auditParams = {
  search: queryParam("Text in the action, details or an IP prefix; an entity id exactly."),
  actor: queryParam("Text in the actor's e-mail or name."),
  entityType: queryParam("Only this entity type (e.g. Load, Carrier, User)."),
  entityId: queryParam("Only this entity's entries."),
  action: queryParam("Only actions starting with this (e.g. load. or auth.login)."),
  from: queryParam("From this instant (ISO 8601 date or date-time)."),
  to: queryParam("Up to this instant (ISO 8601 date or date-time)."),
};

const USER_NOT_FOUND = { 404: "User not found" };
const accountChange = (refusals: Parameters<typeof errors>[0] = {}) => ({
  200: adminUserSchema,
  ...errors(400, USER_NOT_FOUND, refusals),
});

async function setDisabled(ctx: Context, id: string, disabled: boolean) {
  return adminUserJson(await setUserDisabled(ctx, id, disabled));
}

/** Workspace Control's REST paths, all under /api/admin/ (operators only) except the invitation link. */
export const workspaceRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/admin/users",
    access: "admin",
    schema: {
      summary: "List users",
      description:
        "Workspace Control's users with their account state, searched, filtered and sorted, paged. Operators only.",
      querystring: pagedQuery({
        search: queryParam("Text in the e-mail, name, userId, company or carrier name."),
        role: queryParam("Only this role.", USER_ROLES),
        status: queryParam("Only accounts in this state.", ACCOUNT_STATUSES),
        sortBy: queryParam("The column to sort by.", USER_SORT_FIELDS),
        sortDirection: queryParam("asc or desc.", ["asc", "desc"]),
      }),
      response: { 200: pagedList(adminUserSchema, "A page of users."), ...errors(400) },
    },
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const connection = await findUserPage(
        ctx,
        {
          search: query.get("search") || undefined,
          role: query.get("role") || undefined,
          status: query.get("status") || undefined,
          sortBy: query.get("sortBy") || undefined,
          sortDirection: query.get("sortDirection") || undefined,
        },
        restPaging(page),
        ADMIN_USER_REST_INCLUDE,
      );
      const users = connection.edges.map(({ node }) => adminUserJson(node as AdminUserRow));
      return pagedReply(users, page, await connection.totalCount(), request);
    },
  },
  {
    method: "PATCH",
    path: "/admin/users/:id/role",
    access: "admin",
    schema: {
      summary: "Change a user's role",
      description: "ADMIN or CARRIER; the last active operator cannot be demoted (409). Operators only.",
      body: roleInput,
      response: accountChange({ 409: LAST_ADMIN_MESSAGE }),
    },
    handle: async (ctx, { params, body: raw }) =>
      adminUserJson(await changeUserRole(ctx, params.id, parseInput(roleInput, raw).role)),
  },
  {
    method: "PATCH",
    path: "/admin/users/:id/status",
    access: "admin",
    schema: {
      summary: "Disable or enable a user",
      description:
        "`disabled: true` signs the user out everywhere and refuses its sign-ins; false restores it. Not " +
        "your own account, nor the last active operator (409). Operators only.",
      body: disabledInput,
      response: accountChange({ 409: LAST_ADMIN_MESSAGE }),
    },
    handle: (ctx, { params, body: raw }) =>
      setDisabled(ctx, params.id, parseInput(disabledInput, raw).disabled),
  },
  {
    method: "POST",
    path: "/admin/users/:id/disable",
    access: "admin",
    schema: {
      summary: "Disable a user",
      description: "As PATCH /admin/users/{id}/status with `disabled: true`. Operators only.",
      response: accountChange({ 409: LAST_ADMIN_MESSAGE }),
    },
    handle: (ctx, { params }) => setDisabled(ctx, params.id, true),
  },
  {
    method: "POST",
    path: "/admin/users/:id/enable",
    access: "admin",
    schema: {
      summary: "Enable a user",
      description: "As PATCH /admin/users/{id}/status with `disabled: false`. Operators only.",
      response: accountChange(),
    },
    handle: (ctx, { params }) => setDisabled(ctx, params.id, false),
  },
  {
    method: "DELETE",
    path: "/admin/users/:id/sessions",
    access: "admin",
    schema: {
      summary: "Sign a user out everywhere",
      description: "Ends every open session of the user (its sockets close). Operators only.",
      response: { 200: sessionsEndedSchema, ...errors(USER_NOT_FOUND) },
    },
    handle: async (ctx, { params }) => ({ ended: await endSessionsOf(ctx, params.id) }),
  },
  {
    method: "POST",
    path: "/admin/users/:id/approval",
    access: "admin",
    schema: {
      summary: "Approve or reject a carrier",
      description:
        "The vetting decision on a carrier account (a rejection says why in `note`); the carrier is told " +
        "by notification and e-mail. Operators only.",
      body: approvalInput,
      response: accountChange(),
    },
    handle: async (ctx, { params, body: raw }) => adminUserJson(await reviewCarrier(ctx, params.id, raw)),
  },
  {
    method: "POST",
    path: "/admin/invitations",
    access: "admin",
    schema: {
      summary: "Invite a user",
      description:
        "E-mails a single-use link valid 72 hours to an operator or carrier user (optionally for a " +
        "carrier); a new invitation to the same address revokes the earlier ones. Operators only.",
      body: inviteInput,
      response: {
        201: invitationSentSchema,
        ...errors(400, { 409: "An account with this email already exists." }),
      },
    },
    handle: async (ctx, { body: raw }) => {
      const invitation = await inviteUser(ctx, raw);
      return withStatus(201, {
        _id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        state: invitationState(invitation),
      });
    },
  },
  {
    method: "GET",
    path: "/admin/invitations",
    access: "admin",
    schema: {
      summary: "List invitations",
      description:
        "Invitations, newest first, paged: the pending ones, or all with `view=all`. Operators only.",
      querystring: pagedQuery({ view: queryParam("pending (default) or all.", ["pending", "all"]) }),
      response: { 200: pagedList(invitationSchema, "A page of invitations."), ...errors(400) },
    },
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const view = query.get("view") === "all" ? "all" : "pending";
      const connection = await findInvitationPage(ctx, view, restPaging(page));
      return pagedReply(
        connection.edges.map(({ node }) => ({
          _id: node.id,
          email: node.email,
          role: node.role,
          expiresAt: node.expiresAt.toISOString(),
          createdAt: node.createdAt.toISOString(),
          state: invitationState(node),
        })),
        page,
        await connection.totalCount(),
        request,
      );
    },
  },
  {
    method: "DELETE",
    path: "/admin/invitations/:id",
    access: "admin",
    schema: {
      summary: "Revoke an invitation",
      description: "Its link stops working (a used or expired one stays as it is). Operators only.",
      response: { 200: invitationRevokedSchema, ...errors({ 404: "Invitation not found" }) },
    },
    handle: async (ctx, { params }) => {
      const invitation = await revokeInvitation(ctx, params.id);
      return { _id: invitation.id, state: invitationState(invitation) };
    },
  },
  {
    method: "GET",
    path: "/invitations/:token",
    access: "public",
    schema: {
      summary: "Preview an invitation",
      description: "What the invitation link is for, and whether it can still be used.",
      response: {
        200: invitationPreviewSchema,
        404: errorBody.pick({ message: true, error: true }).describe("Invitation not found"),
      },
    },
    handle: async (ctx, { params }) => {
      const preview = await previewInvitation(ctx, params.token);
      return preview
        ? { ...preview, expiresAt: preview.expiresAt.toISOString() }
        : withStatus(404, { message: "Invitation not found", error: "Invitation not found" });
    },
  },
  {
    method: "POST",
    path: "/invitations/:token/accept",
    access: "public",
    schema: {
      summary: "Accept an invitation",
      description:
        "The invitee chooses a password (twice) and optionally a name; the account is created and the " +
        "link spent. Then sign in as usual. 409 when the e-mail already has an account.",
      body: acceptInvitationBody,
      response: {
        200: invitationAcceptedSchema,
        ...errors({ 400: `Invalid fields, or: ${INVITATION_INVALID_MESSAGE}` }, 409),
      },
    },
    handle: (ctx, { params, body: raw }) => acceptInvitation(ctx, { ...body(raw), token: params.token }),
  },
  {
    method: "GET",
    path: "/admin/waitlist",
    access: "admin",
    schema: {
      summary: "List the sign-up waitlist",
      description: "Addresses refused at sign-up for their domain, newest first, paged. Operators only.",
      querystring: pagedQuery({
        search: queryParam("Text in the e-mail."),
        view: queryParam("open (default), invited, dismissed or all.", [
          "open",
          "invited",
          "dismissed",
          "all",
        ]),
      }),
      response: { 200: pagedList(waitlistListEntrySchema, "A page of waitlist entries."), ...errors(400) },
    },
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const connection = await findWaitlistPage(
        ctx,
        { search: query.get("search") || undefined, view: query.get("view") || undefined },
        restPaging(page),
      );
      return pagedReply(
        connection.edges.map(({ node }) => ({ _id: node.id, ...node })),
        page,
        await connection.totalCount(),
        request,
      );
    },
  },
  {
    method: "POST",
    path: "/admin/waitlist/:id/invite",
    access: "admin",
    schema: {
      summary: "Invite a waitlisted address",
      description:
        "Lets the address register despite its domain and e-mails it an invitation. Operators only.",
      response: {
        200: waitlistEntrySchema,
        ...errors({ 404: "Waitlist entry not found", 409: "An account with this email already exists." }),
      },
    },
    handle: async (ctx, { params }) => inviteFromWaitlist(ctx, params.id),
  },
  {
    method: "POST",
    path: "/admin/waitlist/:id/dismiss",
    access: "admin",
    schema: {
      summary: "Dismiss a waitlisted address",
      description: "Takes the entry off the open list. Operators only.",
      response: { 200: waitlistEntrySchema, ...errors({ 404: "Waitlist entry not found" }) },
    },
    handle: async (ctx, { params }) => dismissWaitlistEntry(ctx, params.id),
  },
  {
    method: "GET",
    path: "/admin/audit",
    access: "admin",
    schema: {
      summary: "List the audit trail",
      description: "Who changed what and when, newest first, filtered, paged. Operators only.",
      querystring: pagedQuery(auditParams),
      response: { 200: pagedList(auditEntrySchema, "A page of audit entries."), ...errors(400) },
    },
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const connection = await findAuditPage(ctx, auditFilter(query), restPaging(page));
      return pagedReply(
        connection.edges.map(({ node }) => auditJson(node)),
        page,
        await connection.totalCount(),
        request,
      );
    },
  },
  {
    method: "GET",
    path: "/admin/audit.csv",
    access: "admin",
    schema: {
      summary: "Export the audit trail as CSV",
      description: `The newest ${AUDIT_EXPORT_LIMIT.toLocaleString("en-US")} entries the filters match (X-Row-Count says how many), as a CSV download. Operators only.`,
      querystring: z.looseObject(auditParams),
      response: {
        200: fileResponse("text/csv", "The audit entries as CSV (UTF-8 with a byte order mark)."),
        ...errors(400),
      },
    },
    handle: async (ctx, { query }) => {
      const rows = await auditRowsForExport(ctx, auditFilter(query));
      const stamp = new Date().toISOString().slice(0, 10);
      return new Response(`\uFEFF${auditCsv(rows)}`, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="freightway-audit-${stamp}.csv"`,
          "cache-control": "no-store",
          "x-row-count": String(rows.length),
        },
      });
    },
  },
];

import { auditCsv } from "../audit/csv.ts";
import { auditJson } from "../audit/json.ts";
import { auditRowsForExport, findAuditPage } from "../audit/query.ts";
import type { Context } from "../context.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { changeUserRole, endSessionsOf, setUserDisabled } from "../users/admin.ts";
import { listUsersForRest } from "../users/admin-list.ts";
import { adminUserJson } from "../users/json.ts";
import { findInvitationPage } from "./invitation-list.ts";
import {
  acceptInvitation,
  invitationState,
  inviteUser,
  previewInvitation,
  revokeInvitation,
} from "./invitations.ts";
import { disabledInput, roleInput } from "./validation.ts";
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

async function setDisabled(ctx: Context, id: string, disabled: boolean) {
  return adminUserJson(await setUserDisabled(ctx, id, disabled));
}

/** Workspace Control's REST paths, all under /api/admin/ (operators only) except the invitation link. */
export const workspaceRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/admin/users",
    access: "admin",
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const { rows, total } = await listUsersForRest(
        ctx,
        {
          search: query.get("search") || undefined,
          role: query.get("role") || undefined,
          status: query.get("status") || undefined,
          sortBy: query.get("sortBy") || undefined,
          sortDirection: query.get("sortDirection") || undefined,
        },
        page.offset,
        page.limit,
      );
      return pagedReply(rows.map(adminUserJson), page, total, request);
    },
  },
  {
    method: "PATCH",
    path: "/admin/users/:id/role",
    access: "admin",
    handle: async (ctx, { params, body: raw }) =>
      adminUserJson(await changeUserRole(ctx, params.id, parseInput(roleInput, raw).role)),
  },
  {
    method: "PATCH",
    path: "/admin/users/:id/status",
    access: "admin",
    handle: (ctx, { params, body: raw }) =>
      setDisabled(ctx, params.id, parseInput(disabledInput, raw).disabled),
  },
  {
    method: "POST",
    path: "/admin/users/:id/disable",
    access: "admin",
    handle: (ctx, { params }) => setDisabled(ctx, params.id, true),
  },
  {
    method: "POST",
    path: "/admin/users/:id/enable",
    access: "admin",
    handle: (ctx, { params }) => setDisabled(ctx, params.id, false),
  },
  {
    method: "DELETE",
    path: "/admin/users/:id/sessions",
    access: "admin",
    handle: async (ctx, { params }) => ({ ended: await endSessionsOf(ctx, params.id) }),
  },
  {
    method: "POST",
    path: "/admin/users/:id/approval",
    access: "admin",
    handle: async (ctx, { params, body: raw }) => adminUserJson(await reviewCarrier(ctx, params.id, raw)),
  },
  {
    method: "POST",
    path: "/admin/invitations",
    access: "admin",
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
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const connection = await findInvitationPage(ctx, query.get("view") === "all" ? "all" : "pending", {
        page: page.page,
        pageSize: page.limit,
      });
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
    handle: async (ctx, { params }) => {
      const invitation = await revokeInvitation(ctx, params.id);
      return { _id: invitation.id, state: invitationState(invitation) };
    },
  },
  {
    method: "GET",
    path: "/invitations/:token",
    access: "public",
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
    handle: (ctx, { params, body: raw }) => acceptInvitation(ctx, { ...body(raw), token: params.token }),
  },
  {
    method: "GET",
    path: "/admin/waitlist",
    access: "admin",
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const connection = await findWaitlistPage(
        ctx,
        { search: query.get("search") || undefined, view: query.get("view") || undefined },
        { page: page.page, pageSize: page.limit },
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
    handle: async (ctx, { params }) => inviteFromWaitlist(ctx, params.id),
  },
  {
    method: "POST",
    path: "/admin/waitlist/:id/dismiss",
    access: "admin",
    handle: async (ctx, { params }) => dismissWaitlistEntry(ctx, params.id),
  },
  {
    method: "GET",
    path: "/admin/audit",
    access: "admin",
    handle: async (ctx, { query, request }) => {
      const page = readRestPage(query);
      const connection = await findAuditPage(ctx, auditFilter(query), {
        page: page.page,
        pageSize: page.limit,
      });
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

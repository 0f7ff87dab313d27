import { USERS_PAGE_SIZE } from "../../common/workspace.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Invitation } from "../generated/sqlite/client.ts";
import {
  memoize,
  type OffsetConnection,
  type OffsetPageArgs,
  offsetConnection,
  offsetWindow,
} from "../graphql/offset-paging.ts";
import { type InvitationView, invitationListWhere } from "./invitations.ts";

const INVITATION_PAGING = { defaultSize: USERS_PAGE_SIZE, maxSize: 200 };

export async function findInvitationPage(
  ctx: Context,
  view: InvitationView,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<Invitation>> {
  requireAdmin(ctx);
  const where = invitationListWhere(view);
  const totalCount = memoize(() => ctx.db.invitation.count({ where }));
  const window = await offsetWindow(paging, INVITATION_PAGING, totalCount);
  if (window.limit === 0) return offsetConnection([], window, totalCount);
  const rows = await ctx.db.invitation.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: window.offset,
    take: window.limit + 1,
  });
  return offsetConnection(rows, window, totalCount);
}

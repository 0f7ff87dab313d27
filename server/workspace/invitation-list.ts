import { USERS_PAGE_SIZE } from "../../common/workspace.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Invitation } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { type InvitationView, invitationListWhere } from "./invitations.ts";

const INVITATION_PAGING = { defaultSize: USERS_PAGE_SIZE, maxSize: 200 };

export async function findInvitationPage(
  ctx: Context,
  view: InvitationView,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<Invitation>> {
  requireAdmin(ctx);
  const where = invitationListWhere(view);
  return numberedPage(
    paging,
    INVITATION_PAGING,
    () => ctx.db.invitation.count({ where }),
    ({ skip, take }) =>
      ctx.db.invitation.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take }),
  );
}

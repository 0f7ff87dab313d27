import { WAITLIST_PAGE_SIZE } from "../../common/workspace.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { markWaitlistDismissed, markWaitlistInvited, waitlistWhere } from "../auth/waitlist-admin.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import type { EmailWaitlist } from "../generated/sqlite/client.ts";
import {
  memoize,
  type OffsetConnection,
  type OffsetPageArgs,
  offsetConnection,
  offsetWindow,
} from "../graphql/offset-paging.ts";
import { parseInput } from "../lib/validate.ts";
import { inviteUser } from "./invitations.ts";
import { waitlistListInput } from "./validation.ts";

export const WAITLIST_PAGING = { defaultSize: WAITLIST_PAGE_SIZE, maxSize: 200 };

export function waitlistQuery(rawFilter: unknown) {
  const filter = parseInput(waitlistListInput, rawFilter);
  return {
    where: waitlistWhere(filter.view ?? "open", filter.search),
    orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
  };
}

export async function findWaitlistPage(
  ctx: Context,
  rawFilter: unknown,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<EmailWaitlist>> {
  requireAdmin(ctx);
  const { where, orderBy } = waitlistQuery(rawFilter);
  const totalCount = memoize(() => ctx.db.emailWaitlist.count({ where }));
  const window = await offsetWindow(paging, WAITLIST_PAGING, totalCount);
  if (window.limit === 0) return offsetConnection([], window, totalCount);
  const rows = await ctx.db.emailWaitlist.findMany({
    where,
    orderBy,
    skip: window.offset,
    take: window.limit + 1,
  });
  return offsetConnection(rows, window, totalCount);
}

async function entryOrThrow(ctx: Context, id: string): Promise<EmailWaitlist> {
  const entry = await ctx.db.emailWaitlist.findUnique({ where: { id } });
  if (!entry) throw new NotFoundError("Waitlist entry not found");
  return entry;
}

/** Lets the address register despite its domain and e-mails it an invitation link. */
export async function inviteFromWaitlist(ctx: Context, id: string): Promise<EmailWaitlist> {
  requireAdmin(ctx);
  const entry = await entryOrThrow(ctx, id);
  await inviteUser(ctx, { email: entry.email, role: "CARRIER" }, { source: "waitlist" });
  return markWaitlistInvited(ctx.db, entry.id);
}

export async function dismissWaitlistEntry(ctx: Context, id: string): Promise<EmailWaitlist> {
  const admin = requireAdmin(ctx);
  const entry = await entryOrThrow(ctx, id);
  return ctx.db.$transaction(async (tx) => {
    const row = await markWaitlistDismissed(tx, entry.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: "waitlist.dismiss",
      entityType: "EmailWaitlist",
      entityId: entry.id,
      details: { email: entry.email },
    });
    return row;
  });
}

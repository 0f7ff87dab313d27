import { WAITLIST_PAGE_SIZE } from "../../common/workspace.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import {
  findWaitlistRows,
  markWaitlistDismissed,
  markWaitlistInvited,
  waitlistEntryOrThrow,
  waitlistWhere,
} from "../auth/waitlist-admin.ts";
import type { Context } from "../context.ts";
import type { EmailWaitlist } from "../generated/sqlite/client.ts";
import type { OffsetConnection, OffsetPageArgs } from "../lib/paging.ts";
import { parseInput } from "../lib/validate.ts";
import { inviteUser } from "./invitations.ts";
import { waitlistListInput } from "./validation.ts";

export const WAITLIST_PAGING = { defaultSize: WAITLIST_PAGE_SIZE, maxSize: 200 };

export function findWaitlistPage(
  ctx: Context,
  rawFilter: unknown,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<EmailWaitlist>> {
  requireAdmin(ctx);
  const filter = parseInput(waitlistListInput, rawFilter);
  return findWaitlistRows(
    ctx.db,
    waitlistWhere(filter.view ?? "open", filter.search),
    paging,
    WAITLIST_PAGING,
  );
}

const entryOrThrow = (ctx: Context, id: string) => waitlistEntryOrThrow(ctx.db, id);

/** Lets the address register despite its domain and e-mails it an invitation link. */
export async function inviteFromWaitlist(ctx: Context, id: string): Promise<EmailWaitlist> {
  requireAdmin(ctx);
  const entry = await entryOrThrow(ctx, id);
  await inviteUser(ctx, { email: entry.email, role: "CARRIER" }, { source: "waitlist" });
  return markWaitlistInvited(ctx.db, entry.id);
}

export async function dismissWaitlistEntry(ctx: Context, id: string): Promise<EmailWaitlist> {
  requireAdmin(ctx);
  const entry = await entryOrThrow(ctx, id);
  return ctx.db.$transaction(async (tx) => {
    const row = await markWaitlistDismissed(tx, entry.id);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "waitlist.dismiss",
      entityType: "EmailWaitlist",
      entityId: entry.id,
      details: { email: entry.email },
    });
    return row;
  });
}

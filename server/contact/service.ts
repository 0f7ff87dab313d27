import {
  CONTACT_RECEIVED,
  CONTACT_TEXT_LIMITS,
  type ContactStatus,
  contactListQuery,
  contactMessageInput,
  markHandledInput,
} from "../../common/contact.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import type { ContactMessage, Prisma } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { assertContactAllowed } from "./rate-limit.ts";

/** A visitor's message from the landing page: anyone may send one, within the rate limits. */
export async function sendContactMessage(
  ctx: Context,
  rawInput: unknown,
): Promise<{ contactMessage: ContactMessage; message: string }> {
  const input = parseInput(contactMessageInput, rawInput, CONTACT_TEXT_LIMITS);
  await assertContactAllowed(ctx, input.email);
  const contactMessage = await ctx.db.$transaction(async (tx) => {
    const created = await tx.contactMessage.create({ data: input });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "contact.send",
      entityType: "ContactMessage",
      entityId: created.id,
      details: { ip: ctx.meta.ip },
    });
    return created;
  });
  return { contactMessage, message: CONTACT_RECEIVED };
}

export function contactStatusWhere(status: ContactStatus): Prisma.ContactMessageWhereInput {
  if (status === "open") return { handledAt: null };
  if (status === "handled") return { handledAt: { not: null } };
  return {};
}

const NEWEST_FIRST: Prisma.ContactMessageOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** Pagination and selection chosen by the caller (the GraphQL connection); filter and order are ours. */
type ListShape = Omit<Prisma.ContactMessageFindManyArgs, "where" | "orderBy">;

/** Operators read the inbox newest first, optionally only open or only handled messages. */
export async function listContactMessages(
  ctx: Context,
  rawFilter: unknown,
  shape: ListShape = { take: 500 },
): Promise<ContactMessage[]> {
  requireAdmin(ctx);
  const { status } = parseInput(contactListQuery, rawFilter ?? {});
  return ctx.db.contactMessage.findMany({
    ...shape,
    where: contactStatusWhere(status),
    orderBy: NEWEST_FIRST,
  });
}

export async function countContactMessages(ctx: Context, status: ContactStatus): Promise<number> {
  requireAdmin(ctx);
  return ctx.db.contactMessage.count({ where: contactStatusWhere(status) });
}

/** Marks a message handled (or open again). */
export async function markContactMessageHandled(ctx: Context, rawInput: unknown): Promise<ContactMessage> {
  requireAdmin(ctx);
  const input = parseInput(markHandledInput, rawInput);
  return ctx.db.$transaction(async (tx) => {
    const existing = await tx.contactMessage.findUnique({ where: { id: input.id } });
    if (!existing) throw new NotFoundError("Contact message not found");
    const updated = await tx.contactMessage.update({
      where: { id: input.id },
      data: { handledAt: input.handled ? (existing.handledAt ?? new Date()) : null },
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: input.handled ? "contact.handled" : "contact.reopened",
      entityType: "ContactMessage",
      entityId: updated.id,
    });
    return updated;
  });
}

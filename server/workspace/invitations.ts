import { createHash, randomBytes } from "node:crypto";
import { INVITATION_HOURS, INVITATION_INVALID_MESSAGE, type UserRole } from "../../common/workspace.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { hashPassword } from "../auth/passwords.ts";
import { requireAdmin } from "../auth/policy.ts";
import { findCarrier } from "../carriers/lookup.ts";
import type { Context } from "../context.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Invitation, Prisma } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { enqueueEmail } from "../mail/service.ts";
import { createInvitedUser } from "../users/admin.ts";
import { emailInUse } from "../users/records.ts";
import { acceptInvitationInput, inviteInput } from "./validation.ts";

export const ACCOUNT_EXISTS_MESSAGE = "An account with this email already exists.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export function invitationState(invitation: Invitation, now = Date.now()): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now) return "expired";
  return "pending";
}

function invitationLink(ctx: Context, token: string): string {
  return `${ctx.config.appUrl}/invitation/${token}`;
}

interface InviteOptions {
  /** Where the invitation came from, for the audit trail (e.g. the waitlist). */
  source?: string;
}

/**
 * Invites an operator or a carrier user by e-mail: a single-use link valid 72 hours. A new
 * invitation to the same address revokes the earlier ones, so only the latest link works.
 */
export async function inviteUser(
  ctx: Context,
  rawInput: unknown,
  options: InviteOptions = {},
): Promise<Invitation> {
  const admin = requireAdmin(ctx);
  const input = parseInput(inviteInput, rawInput);
  if (await emailInUse(ctx.db, input.email)) {
    throw new ConflictError(ACCOUNT_EXISTS_MESSAGE, "email");
  }
  let carrierId: string | null = null;
  if (input.carrierId && input.role === "CARRIER") {
    const carrier = await findCarrier(ctx.db, input.carrierId);
    if (!carrier)
      throw new ValidationError("Unknown carrier", [{ field: "carrierId", message: "Unknown carrier" }]);
    carrierId = carrier.id;
  }
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const invitation = await ctx.db.$transaction(async (tx) => {
    await tx.invitation.updateMany({
      where: { email: input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const created = await tx.invitation.create({
      data: {
        email: input.email,
        role: input.role,
        carrierId,
        tokenHash: hashToken(token),
        invitedById: admin.id,
        expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
      },
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "invitation.create",
      entityType: "Invitation",
      entityId: created.id,
      details: {
        email: input.email,
        role: input.role,
        ...(options.source ? { source: options.source } : {}),
      },
    });
    await enqueueEmail(tx, {
      kind: "invitation",
      to: input.email,
      subject: "You are invited to Freightway",
      text: [
        input.fullName ? `Hello ${input.fullName},` : "Hello,",
        "",
        `${admin.email} invited you to join Freightway as ${input.role === "ADMIN" ? "an operator" : "a carrier user"}.`,
        "Open this link to choose your password and sign in:",
        "",
        invitationLink(ctx, token),
        "",
        `The link works once and expires in ${INVITATION_HOURS} hours.`,
      ].join("\n"),
    });
    return created;
  });
  ctx.mailOutbox.wake();
  return invitation;
}

export async function revokeInvitation(ctx: Context, id: string): Promise<Invitation> {
  requireAdmin(ctx);
  return ctx.db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findUnique({ where: { id } });
    if (!invitation) throw new NotFoundError("Invitation not found");
    if (invitationState(invitation) !== "pending") return invitation;
    const row = await tx.invitation.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "invitation.revoke",
      entityType: "Invitation",
      entityId: id,
      details: { email: invitation.email },
    });
    return row;
  });
}

export interface InvitationPreview {
  email: string;
  role: UserRole;
  expiresAt: Date;
  valid: boolean;
}

/** What the accept page shows. Public and cheap: one indexed lookup by the token's hash. */
export async function previewInvitation(ctx: Context, token: string): Promise<InvitationPreview | null> {
  if (token.length < 20 || token.length > 200) return null;
  const invitation = await ctx.db.invitation.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!invitation) return null;
  return {
    email: invitation.email,
    role: invitation.role as UserRole,
    expiresAt: invitation.expiresAt,
    valid: invitationState(invitation) === "pending",
  };
}

function invalidInvitation(): ValidationError {
  return new ValidationError(INVITATION_INVALID_MESSAGE, [
    { field: "token", message: INVITATION_INVALID_MESSAGE },
  ]);
}

/**
 * The invitee sets a password; the account is created and the invitation spent in one transaction
 * (a second use, even at the same moment, finds it claimed). The client then signs in as usual.
 */
export async function acceptInvitation(ctx: Context, rawInput: unknown): Promise<{ email: string }> {
  const input = parseInput(acceptInvitationInput, rawInput);
  const tokenHash = hashToken(input.token);
  const invitation = await ctx.db.invitation.findUnique({ where: { tokenHash } });
  // The password is hashed only for a live invitation: anonymous callers cannot make us burn CPU.
  if (!invitation || invitationState(invitation) !== "pending") throw invalidInvitation();
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.$transaction(async (tx: Prisma.TransactionClient) => {
      const now = new Date();
      const claimed = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now },
      });
      if (claimed.count !== 1) throw invalidInvitation();
      const user = await createInvitedUser(tx, {
        email: invitation.email,
        role: invitation.role as UserRole,
        passwordHash,
        fullName: input.fullName,
        carrierId: invitation.carrierId,
      });
      await tx.invitation.update({ where: { id: invitation.id }, data: { userId: user.id } });
      await recordAudit(tx, {
        actor: auditActor(ctx, user.id),
        action: "invitation.accept",
        entityType: "User",
        entityId: user.id,
        details: { invitationId: invitation.id, role: invitation.role },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ACCOUNT_EXISTS_MESSAGE, "email");
    throw error;
  }
  return { email: invitation.email };
}

export const INVITATION_VIEWS = ["pending", "all"] as const;
export type InvitationView = (typeof INVITATION_VIEWS)[number];

/** Invitations newest first; `pending` keeps the ones whose link still works. */
export function invitationListWhere(view: InvitationView): Prisma.InvitationWhereInput {
  return view === "pending" ? { acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } } : {};
}

import {
  type AccountStatus,
  type ApprovalDecision,
  LAST_ADMIN_MESSAGE,
  type UserRole,
} from "../../common/workspace.ts";
import { auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { endUserSessions } from "../auth/admin-sessions.ts";
import { requireAdmin } from "../auth/policy.ts";
import { announceRoleChange } from "../auth/sessions.ts";
import { forgetUser } from "../auth/viewer-cache.ts";
import type { AppConfig } from "../config.ts";
import type { Context } from "../context.ts";
import { type Db, providerOf } from "../db/client.ts";
import { holdTransactionLock } from "../db/prisma-work.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Prisma, User } from "../generated/sqlite/client.ts";
import { generateUserId } from "./service.ts";

/**
 * Operators' writes on accounts: role, disable / re-enable, carrier vetting, and the account an
 * accepted invitation creates. The users domain owns User; these are its admin-only entry points.
 */
type Tx = Prisma.TransactionClient;

export function initialApprovalStatus(config: Pick<AppConfig, "carrierApproval">): "approved" | "pending" {
  return config.carrierApproval === "required" ? "pending" : "approved";
}

export function accountStatusOf(user: Pick<User, "disabledAt" | "approvalStatus">): AccountStatus {
  if (user.disabledAt) return "disabled";
  if (user.approvalStatus === "pending") return "pending";
  if (user.approvalStatus === "rejected") return "rejected";
  return "active";
}

export function accountStatusWhere(status: AccountStatus): Prisma.UserWhereInput {
  switch (status) {
    case "disabled":
      return { disabledAt: { not: null } };
    case "pending":
      return { disabledAt: null, approvalStatus: "pending" };
    case "rejected":
      return { disabledAt: null, approvalStatus: "rejected" };
    default:
      return { disabledAt: null, approvalStatus: "approved" };
  }
}

const ACTIVE_ADMIN: Prisma.UserWhereInput = { role: "ADMIN", disabledAt: null };

/**
 * Serializes changes to the set of active admins, so two operators demoting each other at the same
 * moment cannot leave none. SQLite already runs one write transaction at a time; PostgreSQL takes a
 * transaction-scoped advisory lock.
 */
const ADMIN_ROSTER_LOCK = 160016;

function lockAdminRoster(tx: Tx, databaseUrl: string): Promise<void> {
  return holdTransactionLock(tx, providerOf(databaseUrl), ADMIN_ROSTER_LOCK);
}

async function assertAnotherActiveAdmin(tx: Tx, userId: string): Promise<void> {
  const others = await tx.user.count({ where: { ...ACTIVE_ADMIN, id: { not: userId } } });
  if (others === 0) throw new ConflictError(LAST_ADMIN_MESSAGE, "role");
}

async function targetOrThrow(db: Pick<Db, "user">, ref: string): Promise<User> {
  const user = await db.user.findFirst({ where: { OR: [{ id: ref }, { userId: ref }] } });
  if (!user) throw new NotFoundError("User not found");
  return user;
}

function publishUser(ctx: Context, userId: string) {
  ctx.pubsub.publish(`profile:${userId}`, { userId });
}

export async function changeUserRole(ctx: Context, ref: string, role: UserRole): Promise<User> {
  requireAdmin(ctx);
  const { row: updated, changed } = await ctx.db.$transaction(async (tx) => {
    await lockAdminRoster(tx, ctx.config.databaseUrl);
    const user = await targetOrThrow(tx, ref);
    if (user.role === role) return { row: user, changed: false };
    if (user.role === "ADMIN" && !user.disabledAt) await assertAnotherActiveAdmin(tx, user.id);
    // An operator is never a driver: leaving CARRIER detaches the user from its carrier.
    const data = role === "ADMIN" ? { role, carrierId: null, approvalStatus: "approved" } : { role };
    const row = await tx.user.update({ where: { id: user.id }, data });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "user.role.change",
      entityType: "User",
      entityId: user.id,
      details: { changes: changedFields(user, row, ["role", "carrierId", "approvalStatus"]) },
    });
    return { row, changed: true };
  });
  // Cached viewers carry the role: every instance re-reads this user's sessions now.
  forgetUser(ctx, updated.id);
  publishUser(ctx, updated.id);
  if (changed) await announceRoleChange(ctx, updated.id);
  return updated;
}

/** Disabling ends the account's sessions (and live sockets) at once; sign-in is refused until re-enabled. */
export async function setUserDisabled(ctx: Context, ref: string, disabled: boolean): Promise<User> {
  const admin = requireAdmin(ctx);
  const { row, changed } = await ctx.db.$transaction(async (tx) => {
    await lockAdminRoster(tx, ctx.config.databaseUrl);
    const user = await targetOrThrow(tx, ref);
    if (Boolean(user.disabledAt) === disabled) return { row: user, changed: false };
    if (disabled && user.id === admin.id) {
      throw new ValidationError("You cannot disable your own account.", [
        { field: "disabled", message: "You cannot disable your own account." },
      ]);
    }
    if (disabled && user.role === "ADMIN") await assertAnotherActiveAdmin(tx, user.id);
    const next = await tx.user.update({
      where: { id: user.id },
      data: { disabledAt: disabled ? new Date() : null },
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: disabled ? "user.disable" : "user.enable",
      entityType: "User",
      entityId: user.id,
      details: { changes: changedFields(user, next, ["disabledAt"]) },
    });
    return { row: next, changed: true };
  });
  if (changed && disabled) await endUserSessions(ctx, row.id);
  if (changed) publishUser(ctx, row.id);
  return row;
}

export async function endSessionsOf(ctx: Context, ref: string): Promise<number> {
  requireAdmin(ctx);
  const user = await targetOrThrow(ctx.db, ref);
  const ended = await endUserSessions(ctx, user.id);
  await recordAudit(ctx.db, {
    actor: auditActor(ctx),
    action: "user.sessions.end",
    entityType: "User",
    entityId: user.id,
    details: { ended },
  });
  return ended;
}

/** Carrier vetting: records the operator's decision and note on a carrier account. */
export async function decideApproval(
  ctx: Context,
  ref: string,
  decision: ApprovalDecision,
  note: string | null,
  /** What else a decision does, in its transaction (the carrier's e-mail). */
  alongside?: (tx: Tx, user: User) => Promise<void>,
): Promise<{ user: User; changed: boolean }> {
  requireAdmin(ctx);
  return ctx.db.$transaction(async (tx) => {
    const user = await targetOrThrow(tx, ref);
    if (user.role === "ADMIN") {
      throw new ValidationError("Operators are not vetted.", [
        { field: "user", message: "Operators are not vetted." },
      ]);
    }
    if (user.approvalStatus === decision && user.approvalNote === note) return { user, changed: false };
    const row = await tx.user.update({
      where: { id: user.id },
      data: { approvalStatus: decision, approvalNote: note, approvalDecidedAt: new Date() },
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: decision === "approved" ? "user.approval.approve" : "user.approval.reject",
      entityType: "User",
      entityId: user.id,
      details: { changes: changedFields(user, row, ["approvalStatus", "approvalNote"]) },
    });
    await alongside?.(tx, row);
    return { user: row, changed: true };
  });
}

export interface InvitedAccount {
  email: string;
  role: UserRole;
  passwordHash: string;
  fullName: string | null;
  carrierId: string | null;
}

/** The account an accepted invitation creates: already vetted, since an operator invited it. */
export function createInvitedUser(tx: Tx, account: InvitedAccount): Promise<User> {
  return tx.user.create({
    data: {
      email: account.email,
      role: account.role,
      passwordHash: account.passwordHash,
      fullName: account.fullName,
      carrierId: account.role === "CARRIER" ? account.carrierId : null,
      userId: generateUserId(),
      approvalStatus: "approved",
    },
  });
}

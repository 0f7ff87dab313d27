import { attachDriverInput } from "../../common/carriers.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Carrier, Prisma, User } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import {
  claimDrivers,
  releaseDriver,
  releaseDriversExcept,
  type UserWithCarrier,
  userByEmail,
  userById,
  usersWithCarrier,
  userWithCarrier,
} from "../users/records.ts";
import { findUser } from "../users/service.ts";
import { announceCarrierChange } from "./events.ts";
import { carrierOrThrow } from "./lookup.ts";

/**
 * Drivers are CARRIER users whose User.carrierId points at the carrier: a user drives for at most
 * one carrier, and operators (ADMIN) never drive.
 */
type Tx = Prisma.TransactionClient;

export interface DriverChange {
  added: string[];
  removed: string[];
}

function label(user: User): string {
  return user.fullName ? `${user.fullName} (${user.email})` : user.email;
}

function assertCanDrive(user: UserWithCarrier, carrier: Carrier): void {
  if (user.role === "ADMIN") {
    const message = `${label(user)} is an administrator and cannot be a driver.`;
    throw new ValidationError(message, [{ field: "drivers", message }]);
  }
  if (user.carrierId && user.carrierId !== carrier.id) {
    const other = user.carrier
      ? `${user.carrier.carrierName} (${user.carrier.carrierId})`
      : "another carrier";
    throw new ConflictError(`${label(user)} already drives for ${other}.`, "drivers");
  }
}

const RACE_MESSAGE = "A driver was attached to another carrier meanwhile. Please try again.";

/**
 * Makes `refs` (database ids or userIds) the carrier's exact driver set, inside the caller's
 * transaction. The conditional update catches a user claimed by another carrier after the checks.
 */
export async function replaceDrivers(tx: Tx, carrier: Carrier, refs: string[]): Promise<DriverChange> {
  const wanted = [...new Set(refs)];
  const found = await usersWithCarrier(tx, wanted);
  for (const ref of wanted) {
    if (!found.some((user) => user.id === ref || user.userId === ref)) {
      throw new NotFoundError(`User not found: ${ref}`);
    }
  }
  for (const user of found) assertCanDrive(user, carrier);
  const ids = found.map((user) => user.id);

  const removed = await releaseDriversExcept(tx, carrier.id, ids);
  if ((await claimDrivers(tx, carrier.id, ids)) !== ids.length) {
    throw new ConflictError(RACE_MESSAGE, "drivers");
  }
  return {
    added: found.filter((user) => user.carrierId !== carrier.id).map((user) => user.userId),
    removed,
  };
}

export interface DriverResult {
  carrier: Carrier;
  driver: User;
}

/** Attaches a signed-up carrier user, found by e-mail, to the carrier. Attaching twice is harmless. */
export async function attachDriverByEmail(
  ctx: Context,
  carrierRef: string,
  input: unknown,
): Promise<DriverResult> {
  requireAdmin(ctx);
  const carrier = await carrierOrThrow(ctx.db, carrierRef);
  const { email } = parseInput(attachDriverInput, input);
  const user = await userByEmail(ctx.db, email);
  if (!user) throw new NotFoundError(`No user with the e-mail ${email}.`);
  return attachDriver(ctx, carrier.id, user.id);
}

/** Attaches a user (database id or userId) to the carrier. */
export async function attachDriver(ctx: Context, carrierRef: string, userRef: string): Promise<DriverResult> {
  requireAdmin(ctx);
  const carrier = await carrierOrThrow(ctx.db, carrierRef);
  const found = await findUser(ctx.db, userRef);
  if (!found) throw new NotFoundError(`User not found: ${userRef}`);
  const user = await userWithCarrier(ctx.db, found.id);
  assertCanDrive(user, carrier);
  if (user.carrierId === carrier.id) return { carrier, driver: user };
  const result = await ctx.db.$transaction(async (tx) => {
    if ((await claimDrivers(tx, carrier.id, [user.id])) !== 1)
      throw new ConflictError(RACE_MESSAGE, "drivers");
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "carrier.driver.attach",
      entityType: "Carrier",
      entityId: carrier.id,
      details: { userId: user.userId },
    });
    return { carrier, driver: await userById(tx, user.id) };
  });
  announceCarrierChange(ctx, carrier.id);
  return result;
}

export async function detachDriver(ctx: Context, carrierRef: string, userRef: string): Promise<DriverResult> {
  requireAdmin(ctx);
  const carrier = await carrierOrThrow(ctx.db, carrierRef);
  const user = await findUser(ctx.db, userRef);
  if (!user) throw new NotFoundError(`User not found: ${userRef}`);
  if (user.carrierId !== carrier.id) {
    throw new NotFoundError(`${label(user)} is not a driver of ${carrier.carrierName}.`);
  }
  const result = await ctx.db.$transaction(async (tx) => {
    const driver = await releaseDriver(tx, user.id);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "carrier.driver.detach",
      entityType: "Carrier",
      entityId: carrier.id,
      details: { userId: user.userId },
    });
    return { carrier, driver };
  });
  announceCarrierChange(ctx, carrier.id);
  return result;
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { SETUP_LINK_INVALID_MESSAGE } from "../../common/workspace.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { holdTransactionLock } from "../db/prisma-work.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, ForbiddenError } from "../errors.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { logger } from "../ops/logger.ts";
import { createInvitedUser } from "../users/admin.ts";
import { operatorExists } from "../users/records.ts";
import { ACCOUNT_EXISTS_MESSAGE } from "./invitations.ts";
import { firstOperatorInput } from "./validation.ts";

/**
 * The setup token is derived from the server's secret rather than stored: every instance of a
 * cluster prints and accepts the same link, and nothing needs cleaning up once it is used. What
 * makes it one-time is the rule that it only works while no operator (ADMIN) exists.
 */
export function setupToken(jwtSecret: Uint8Array): string {
  return createHmac("sha256", jwtSecret).update("freightway:first-operator-setup").digest("base64url");
}

function sameToken(given: string, jwtSecret: Uint8Array): boolean {
  const expected = Buffer.from(setupToken(jwtSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether the /setup link with this token may still create the first operator. */
export async function setupLinkValid(ctx: Context, token: string): Promise<boolean> {
  return sameToken(token, ctx.config.jwtSecret) && !(await operatorExists(ctx.db));
}

/** A fresh start with no operator and no ADMIN_EMAIL: the log says where to create one. */
export async function announceFirstRun(deps: Deps): Promise<void> {
  if (deps.config.adminEmail || (await operatorExists(deps.db))) return;
  const setupUrl = `${deps.config.appUrl}/setup?token=${setupToken(deps.config.jwtSecret)}`;
  logger.warn({ setupUrl }, `No operator account yet. Create the first one at ${setupUrl}`);
}

/** The advisory lock key of the first operator's creation (any number no other lock uses). */
const FIRST_OPERATOR_LOCK = 7_260_001;

/** The /setup screen's account: an operator, created only while none exists. */
export async function createFirstOperator(ctx: Context, rawInput: unknown): Promise<{ email: string }> {
  const input = parseInput(firstOperatorInput, rawInput);
  // The password is hashed only for a live link: anonymous callers cannot make us burn CPU.
  if (!(await setupLinkValid(ctx, input.token))) throw new ForbiddenError(SETUP_LINK_INVALID_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.$transaction(async (tx: Prisma.TransactionClient) => {
      // One setup at a time (PostgreSQL; SQLite's writer is one already): two forms submitted
      // together would otherwise both see no operator and both create one.
      await holdTransactionLock(tx, providerOf(ctx.config.databaseUrl), FIRST_OPERATOR_LOCK);
      if (await operatorExists(tx)) throw new ForbiddenError(SETUP_LINK_INVALID_MESSAGE);
      const user = await createInvitedUser(tx, {
        email: input.email,
        role: "ADMIN",
        passwordHash,
        fullName: input.fullName,
        carrierId: null,
      });
      await recordAudit(tx, {
        actor: auditActor(ctx, user.id),
        action: "setup.first_operator",
        entityType: "User",
        entityId: user.id,
        details: {},
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ACCOUNT_EXISTS_MESSAGE, "email");
    throw error;
  }
  return { email: input.email };
}

import { hashPassword } from "../auth/passwords.ts";
import { emptyDatabase } from "../db/empty-database.ts";
import { withDatabaseLock } from "../db/session-lock.ts";
import type { Deps } from "../deps.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { logger } from "../ops/logger.ts";
import { generateUserId } from "../users/service.ts";
import { announceFirstRun } from "../workspace/first-operator.ts";
import { seedDemo } from "./demo.ts";

/** Distinct from the migrations' lock: start-up data waits for migrations, then for each other. */
const BOOTSTRAP_LOCK_KEY = 7_261_124_010;

/**
 * Start-up data: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and the demo set with SEED_DEMO=1
 * (SEED_DEMO=reset empties the database first);
 * with neither an operator nor ADMIN_EMAIL, the log's one-time /setup link.
 * Safe from several instances at once: on PostgreSQL they take turns under an advisory lock (the
 * second then finds the data there), and the admin insert tolerates a concurrent twin anyway.
 */
export async function bootstrap(deps: Deps): Promise<void> {
  const { adminEmail, adminPassword, seedDemo: wantsDemo } = deps.config;
  if ((adminEmail && adminPassword) || wantsDemo) {
    await withDatabaseLock(deps.config.databaseUrl, BOOTSTRAP_LOCK_KEY, async () => {
      if (wantsDemo && deps.config.demoReset) await emptyDatabase(deps.config.databaseUrl);
      if (adminEmail && adminPassword) await ensureFirstAdmin(deps, adminEmail, adminPassword);
      if (wantsDemo) await seedDemo(deps);
    });
  }
  await announceFirstRun(deps);
}

async function ensureFirstAdmin(deps: Deps, adminEmail: string, adminPassword: string): Promise<void> {
  const email = adminEmail.trim().toLowerCase();
  const existing = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return;
  try {
    await deps.db.user.create({
      data: {
        email,
        passwordHash: await hashPassword(adminPassword),
        role: "ADMIN",
        userId: generateUserId(),
        fullName: "Administrator",
      },
    });
    logger.info({ email }, "created the first admin");
  } catch (error) {
    // Another instance created it between our read and our insert: that is the goal reached.
    if (!isUniqueViolation(error)) throw error;
  }
}

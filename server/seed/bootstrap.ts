import { hashPassword } from "../auth/passwords.ts";
import type { Deps } from "../deps.ts";
import { generateUserId } from "../users/service.ts";
import { seedDemo } from "./demo.ts";

/** Start-up data: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and the demo set with SEED_DEMO=1. */
export async function bootstrap(deps: Deps): Promise<void> {
  const { adminEmail, adminPassword } = deps.config;
  if (adminEmail && adminPassword) {
    const email = adminEmail.trim().toLowerCase();
    const existing = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
    if (!existing) {
      await deps.db.user.create({
        data: {
          email,
          passwordHash: await hashPassword(adminPassword),
          role: "ADMIN",
          userId: generateUserId(),
          fullName: "Administrator",
        },
      });
      console.log(`Created the first admin ${email}`);
    }
  }
  if (deps.config.seedDemo) await seedDemo(deps);
}

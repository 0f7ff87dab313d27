import { MARKETPLACE_PENDING_MESSAGE, MARKETPLACE_REJECTED_MESSAGE } from "../../common/workspace.ts";
import { type Auth, requireViewer, type Viewer } from "../auth/policy.ts";
import type { Db } from "../db/client.ts";
import { ForbiddenError } from "../errors.ts";

export type MarketplaceAccess =
  | { allowed: true }
  | { allowed: false; reason: "pending" | "rejected" | "disabled"; message: string };

/**
 * The one rule for the bidding marketplace (#11 calls it on every offer and bid path): operators
 * always; a carrier only once its account is approved (with CARRIER_APPROVAL=required sign-ups wait
 * as "pending"; a rejected carrier stays out) and not disabled.
 */
export async function marketplaceAccess(db: Pick<Db, "user">, viewer: Viewer): Promise<MarketplaceAccess> {
  if (viewer.role === "ADMIN") return { allowed: true };
  const user = await db.user.findUnique({
    where: { id: viewer.id },
    select: { approvalStatus: true, disabledAt: true },
  });
  if (!user || user.disabledAt) {
    return { allowed: false, reason: "disabled", message: "This account has been disabled." };
  }
  if (user.approvalStatus === "pending") {
    return { allowed: false, reason: "pending", message: MARKETPLACE_PENDING_MESSAGE };
  }
  if (user.approvalStatus === "rejected") {
    return { allowed: false, reason: "rejected", message: MARKETPLACE_REJECTED_MESSAGE };
  }
  return { allowed: true };
}

export async function canUseMarketplace(db: Pick<Db, "user">, viewer: Viewer | null): Promise<boolean> {
  return viewer !== null && (await marketplaceAccess(db, viewer)).allowed;
}

/** For services: 401 without a viewer, 403 with the reason when the marketplace is closed to it. */
export async function requireMarketplaceAccess(ctx: Auth & { db: Pick<Db, "user"> }): Promise<Viewer> {
  const viewer = requireViewer(ctx);
  const access = await marketplaceAccess(ctx.db, viewer);
  if (!access.allowed) throw new ForbiddenError(access.message);
  return viewer;
}

import { MARKETPLACE_PENDING_MESSAGE, MARKETPLACE_REJECTED_MESSAGE } from "../../common/workspace.ts";
import { type Auth, requireViewer, type Viewer } from "../auth/policy.ts";
import type { Db } from "../db/client.ts";
import { readStore } from "../db/kysely.ts";
import type { Deps } from "../deps.ts";
import { ForbiddenError } from "../errors.ts";
import { marketplaceRow } from "./store.ts";

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
  return carrierAccess(user);
}

/** The rule for a carrier's user row (null: no such user). */
function carrierAccess(user: { approvalStatus: string; disabledAt: unknown } | null): MarketplaceAccess {
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

/** The viewer's place in the marketplace: whether it may use it, and the areas it named. */
export interface MarketplaceStanding {
  access: MarketplaceAccess;
  /** The carrier's areas of operation as typed; null for admins and carriers that named none. */
  areasOfOperation: string | null;
}

type StandingContext = Auth & { db: Pick<Db, "user"> };

/** One read per request (or subscription) and viewer, whoever asks: the list, its rows' checks. */
const standings = new WeakMap<
  StandingContext,
  { viewerId: string; standing: Promise<MarketplaceStanding> }
>();

/**
 * The viewer's standing, read once per context: the offer list, the read policy of each offer it
 * answers and the subscription filters all ask within one request. A subscription's context lives
 * as long as the subscription, as its watch rule always did (see offers/watchers.ts).
 */
export function marketplaceStanding(ctx: StandingContext, viewer: Viewer): Promise<MarketplaceStanding> {
  if (viewer.role === "ADMIN") return Promise.resolve({ access: { allowed: true }, areasOfOperation: null });
  const known = standings.get(ctx);
  if (known?.viewerId === viewer.id) return known.standing;
  const standing = ctx.db.user
    .findUnique({
      where: { id: viewer.id },
      select: { approvalStatus: true, disabledAt: true, areasOfOperation: true },
    })
    .then((user) => ({ access: carrierAccess(user), areasOfOperation: user?.areasOfOperation ?? null }));
  standings.set(ctx, { viewerId: viewer.id, standing });
  return standing;
}

/** For services: 401 without a viewer, 403 with the reason when the marketplace is closed to it. */
export async function requireMarketplaceAccess(ctx: StandingContext): Promise<Viewer> {
  const viewer = requireViewer(ctx);
  const { access } = await marketplaceStanding(ctx, viewer);
  if (!access.allowed) throw new ForbiddenError(access.message);
  return viewer;
}

/** What a bid needs to know about its carrier, read with the access rule in one statement. */
export interface MarketplaceBidder {
  fullName: string | null;
  email: string;
  companyName: string | null;
  areasOfOperation: string | null;
}

/**
 * requireMarketplaceAccess for the bid path (a hot path): one prepared statement through the
 * reader instead of Prisma, answering the carrier's names and areas too. 403 with the reason when
 * closed to it.
 */
export async function requireMarketplaceBidder(
  deps: Pick<Deps, "sql">,
  viewer: Viewer,
): Promise<MarketplaceBidder> {
  const row = await marketplaceRow(readStore(deps.sql), viewer.id);
  const access = carrierAccess(row);
  if (!row || !access.allowed)
    throw new ForbiddenError(access.allowed ? "This account has been disabled." : access.message);
  return {
    fullName: row.fullName,
    email: row.email,
    companyName: row.companyName,
    areasOfOperation: row.areasOfOperation,
  };
}

import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { placeBid } from "../offers/bids/service.ts";
import { counterBid } from "../offers/counters.ts";
import { actingAs } from "./acting-as.ts";

const DAY_MS = 24 * 3_600_000;

/**
 * Book Now and counter-offers for SEED_DEMO=1 (issue #29), on the open offers demo-offers.ts made
 * that Ramirez Trucking (carrier@freightway.test) can see: Ramirez's bid on one carries the
 * operator's open counter-offer (open for a few days, so a demo explored later can still accept
 * it), and another (the same one when it sees only one) gets a Book Now price under its best bid.
 */
export async function seedDemoBooking(deps: Deps, admin: User): Promise<void> {
  const { db } = deps;
  const seeded =
    (await db.bidCounter.count()) + (await db.offer.count({ where: { bookNowPriceCents: { not: null } } }));
  if (seeded > 0) return;
  const ramirez = await db.user.findUnique({ where: { email: "carrier@freightway.test" } });
  if (!ramirez) return;
  const states = (ramirez.areasOfOperation ?? "")
    .split(",")
    .map((state) => state.trim().toUpperCase())
    .filter(Boolean);
  const offers = await db.offer.findMany({
    where: {
      status: "active",
      ...(states.length > 0
        ? { OR: [{ originState: { in: states } }, { destinationState: { in: states } }] }
        : {}),
    },
    orderBy: [{ roundEndsAt: "asc" }, { id: "asc" }],
    take: 2,
  });
  const [countered, bookable = countered] = offers;
  if (!countered) return;

  const existing = await db.bid.findUnique({
    where: { offerId_userId: { offerId: countered.id, userId: ramirez.id } },
  });
  const bid =
    existing?.status === "active"
      ? existing
      : (
          await placeBid(actingAs(deps, ramirez), {
            offerId: countered.id,
            amount: Math.round((countered.bestBidCents ?? 200_000) / 100) + 60,
          })
        ).bid;
  const counter = await counterBid(actingAs(deps, admin), bid.id, {
    amount: Math.round((bid.amountCents * 0.95) / 100),
    note: "We can cover this lane today at this rate. Can you meet it?",
  });
  await db.bidCounter.update({
    where: { id: counter.id },
    data: { expiresAt: new Date(Date.now() + 3 * DAY_MS) },
  });

  const best = bookable.bestBidCents ?? 200_000;
  await db.offer.update({
    where: { id: bookable.id },
    data: { bookNowPriceCents: Math.round((best * 0.97) / 100) * 100 },
  });
}

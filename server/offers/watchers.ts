import { statesNamedIn } from "../../common/offers.ts";
import type { Viewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { sql } from "../db/sql.ts";
import { findUser } from "../users/service.ts";
import { carrierMaySeeOffer } from "./visibility.ts";

type OfferStates = { originState: string | null; destinationState: string | null };

/** One read of an offer's states per event, shared by every watcher the event reaches. */
const statesOfEvent = new WeakMap<object, Promise<OfferStates | null>>();

function offerStates(ctx: Context, offerId: string, event?: object): Promise<OfferStates | null> {
  const read = () =>
    ctx.sql
      .all<OfferStates>(sql(`SELECT "originState", "destinationState" FROM "Offer" WHERE "id" = ?`, offerId))
      .then(([row]) => row ?? null);
  if (!event) return read();
  let pending = statesOfEvent.get(event);
  if (!pending) {
    pending = read();
    statesOfEvent.set(event, pending);
  }
  return pending;
}

export type OfferWatchRule = (offerId: string, event?: object) => boolean | Promise<boolean>;

/**
 * Which offers' events a subscriber hears: admins every offer; a carrier the offers it may see
 * (carrierMaySeeOffer). The carrier's areas are read once per subscription, so a carrier that named
 * none (most) is answered without any work per event; otherwise an offer's states are read once
 * per event for all its watchers and whether the carrier bid only when its areas leave the offer
 * out, once per offer (what a carrier may see does not change while an offer is open).
 */
export async function offerWatchRule(ctx: Context, viewer: Viewer): Promise<OfferWatchRule> {
  if (viewer.role === "ADMIN") return () => true;
  const states = statesNamedIn((await findUser(ctx.db, viewer.id))?.areasOfOperation);
  if (states === null) return () => true;
  const known = new Map<string, Promise<boolean>>();
  return (offerId, event) => {
    let answer = known.get(offerId);
    if (!answer) {
      answer = offerStates(ctx, offerId, event).then(async (offer) => {
        if (!offer) return false;
        if (carrierMaySeeOffer(states, offer, false)) return true;
        const bids = await ctx.sql.all(
          sql(`SELECT "id" FROM "Bid" WHERE "offerId" = ? AND "userId" = ?`, offerId, viewer.id),
        );
        return bids.length > 0;
      });
      known.set(offerId, answer);
    }
    return answer;
  };
}

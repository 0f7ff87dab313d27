import type { Viewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { readStore } from "../db/kysely.ts";
import { type OfferPlace, offerReadPolicy, offerViewOf } from "./read-policy.ts";
import { offerStatesRow } from "./store.ts";

type OfferStates = Omit<OfferPlace, "id">;

/** One read of an offer's states per event, shared by every watcher the event reaches. */
const statesOfEvent = new WeakMap<object, Promise<OfferStates | null>>();

function offerStates(ctx: Context, offerId: string, event?: object): Promise<OfferStates | null> {
  const read = () => offerStatesRow(readStore(ctx.sql), offerId);
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
 * Which offers' events a subscriber hears: the offers it may read (offerReadPolicy). What the
 * viewer may see is read once per subscription, so admins and carriers that named no areas
 * (most) are answered without any work per event; otherwise an offer's states are read once per
 * event for all its watchers, and the policy is asked once per offer (what a carrier may see does
 * not change while an offer is open).
 */
export async function offerWatchRule(ctx: Context, viewer: Viewer): Promise<OfferWatchRule> {
  const view = await offerViewOf(ctx, viewer);
  if (viewer.role !== "ADMIN" && view.kind !== "none") {
    // A waterfall's moves are for operators (the carrier in turn hears of its turn by notification).
    const rule = await offerWatchRuleByArea(ctx, view);
    return (offerId, event) =>
      (event as { kind?: string } | undefined)?.kind === "waterfall" ? false : rule(offerId, event);
  }
  return offerWatchRuleByArea(ctx, view);
}

async function offerWatchRuleByArea(
  ctx: Context,
  view: Awaited<ReturnType<typeof offerViewOf>>,
): Promise<OfferWatchRule> {
  if (view.kind !== "states") {
    const answer = view.kind === "all";
    return () => answer;
  }
  const known = new Map<string, Promise<boolean>>();
  return (offerId, event) => {
    let answer = known.get(offerId);
    if (!answer) {
      answer = offerStates(ctx, offerId, event).then(
        async (offer) => offer !== null && offerReadPolicy.row(ctx, { id: offerId, ...offer }),
      );
      known.set(offerId, answer);
    }
    return answer;
  };
}

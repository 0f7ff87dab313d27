import { AWARD_MESSAGES, MAX_WATERFALL_CARRIERS } from "../../common/award.ts";
import { type AwardRulesInput, awardRulesInput } from "../../common/award-rules-input.ts";
import { formatCents } from "../../common/money.ts";
import { OFFER_MESSAGES, statesNamedIn } from "../../common/offers.ts";
import { CARRIER_TIERS, type CarrierTier } from "../../common/scorecards.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { mayTradeUsers } from "../compliance/service.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Bid, Offer } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import {
  announceNotifications,
  insertNotifications,
  type NotificationRow,
  type StoredNotification,
} from "../notifications/service.ts";
import { logger } from "../ops/logger.ts";
import { bidderScorecards } from "../scorecards/service.ts";
import {
  activeOperatorIds,
  carrierUserNames,
  userByIdOrThrow,
  waterfallCandidates,
} from "../users/marketplace-reads.ts";
import { announceOffer } from "./events.ts";
import { findOfferRef } from "./offer-ref.ts";
import { carrierMaySeeOffer } from "./visibility.ts";
import {
  announceOpened,
  awardRulesOf,
  type Opened,
  openToAll,
  type RuleWithSteps,
  SYSTEM,
  turnNotice,
} from "./waterfall-turns.ts";
import { type Award, announceAward, claimAndAward } from "./winner.ts";

/**
 * Award rules (network issue, "Auto-award and waterfall"). Per offer, chosen when bidding starts:
 * - auto: when a round closes, the best bid (lowest amount; ties by the bidder's scorecard tier, then the
 *   earliest) wins if it is at or under the ceiling; otherwise another round starts, up to
 *   `maxRounds` rounds in all, after which the operators are told to decide.
 * - waterfall: the load is offered at its target rate to one carrier at a time, each for
 *   `minutesPerCarrier`; the carrier in turn accepts (it wins, the tender step follows) or passes;
 *   when no carrier took it the offer opens to all for its first round. While the waterfall runs
 *   the offer is in round 0: closed to bids and seen only by operators and the carrier in turn.
 * The server decides both: the round clock's sweep (round-clock.ts) claims each due decision with
 * one conditional update, so several instances decide it once.
 */

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** A tier's rank for the award's tie-break and the waterfall's order: Gold first, New last. */
const TIER_RANK = new Map<CarrierTier, number>(CARRIER_TIERS.map((tier, index) => [tier, index]));

/**
 * The ranks of bidders (carrier users) for the award's tie-break and the waterfall's default order:
 * lower ranks first, by their scorecard tier (Gold > Silver > Bronze > New). One batch of scorecard
 * reads for all of them (a constant number of statements), never one per bidder.
 */
export async function rankOfBidders(
  ctx: Pick<Context, "sql">,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const cards = await bidderScorecards(ctx, unique);
  return new Map(unique.map((userId, index) => [userId, TIER_RANK.get(cards[index].tier) ?? TIER_RANK.size]));
}

/** The best bid by price, then the bidder's tier, then time: what auto-award would give the load to. */
export async function bestBidByPriceAndRank(ctx: Pick<Context, "sql">, bids: Bid[]): Promise<Bid | null> {
  if (bids.length === 0) return null;
  const lowest = Math.min(...bids.map((bid) => bid.amountCents));
  const tied = bids.filter((bid) => bid.amountCents === lowest);
  const ranks =
    tied.length > 1
      ? await rankOfBidders(
          ctx,
          tied.map((bid) => bid.userId),
        )
      : new Map();
  const rankOf = (bid: Bid) => ranks.get(bid.userId) ?? 0;
  const ranked = [...tied].sort(
    (a, b) =>
      rankOf(a) - rankOf(b) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  return ranked[0] ?? null;
}

export type AwardRules = AwardRulesInput;
export { awardRulesInput };

/** The waterfall's carriers, resolved before the offer is written (a bad list is a 400, nothing written). */
export interface WaterfallPlan {
  userIds: string[];
  minutes: number;
}

/**
 * The carriers a waterfall offers the load to, in turn: the operator's list (each must be an active,
 * approved carrier account), or the ranked list of carriers that would see the offer (its states,
 * their areas), at most MAX_WATERFALL_CARRIERS.
 */
export async function planWaterfall(
  ctx: Context,
  rules: AwardRules,
  place: { originState: string | null; destinationState: string | null },
  targetRateCents: number | null | undefined,
): Promise<WaterfallPlan | null> {
  if (rules.mode !== "waterfall") return null;
  if (targetRateCents === null || targetRateCents === undefined) {
    throw new ValidationError(AWARD_MESSAGES.targetRequired, [
      { field: "targetRate", message: AWARD_MESSAGES.targetRequired },
    ]);
  }
  const minutes = rules.minutesPerCarrier ?? ctx.config.waterfallMinutes;
  const chosen = rules.carrierIds ?? [];
  if (chosen.length > 0) {
    const found = await waterfallCandidates(ctx.db, chosen, chosen.length);
    if (found.length !== chosen.length) {
      throw new ValidationError(AWARD_MESSAGES.unknownCarrier, [
        { field: "awardRules.carrierIds", message: AWARD_MESSAGES.unknownCarrier },
      ]);
    }
    return { userIds: chosen, minutes };
  }
  const candidates = (await waterfallCandidates(ctx.db, null, 500)).filter((user) =>
    carrierMaySeeOffer(statesNamedIn(user.areasOfOperation), place, false),
  );
  const ranks = await rankOfBidders(
    ctx,
    candidates.map((user) => user.id),
  );
  const ranked = candidates.map((user, index) => ({ user, index, rank: ranks.get(user.id) ?? 0 }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const userIds = ranked.slice(0, MAX_WATERFALL_CARRIERS).map(({ user }) => user.id);
  if (userIds.length === 0) {
    throw new ValidationError(AWARD_MESSAGES.noCarriers, [
      { field: "awardRules.carrierIds", message: AWARD_MESSAGES.noCarriers },
    ]);
  }
  return { userIds, minutes };
}

/**
 * Inside startOffer's transaction: the offer's rules, and for a waterfall its steps with the first
 * carrier's turn running. Answers the notifications to store with the offer's (the first carrier's).
 */
export async function saveRulesAtStart(
  tx: Tx,
  offer: Offer,
  loadId: string,
  rules: AwardRules,
  plan: WaterfallPlan | null,
  now: Date,
): Promise<NotificationRow[]> {
  if (rules.mode === "none") return [];
  if (rules.mode === "auto") {
    await tx.offerAwardRule.create({
      data: {
        offerId: offer.id,
        mode: "auto",
        ceilingCents: rules.ceiling ?? null,
        maxRounds: rules.maxRounds ?? 1,
        decideAt: offer.roundEndsAt,
      },
    });
    return [];
  }
  if (!plan) return [];
  const turnEndsAt = new Date(now.getTime() + plan.minutes * 60_000);
  await tx.offerAwardRule.create({
    data: {
      offerId: offer.id,
      mode: "waterfall",
      minutesPerCarrier: plan.minutes,
      waterfallStatus: "running",
      position: 0,
      turnEndsAt,
      steps: {
        create: plan.userIds.map((userId, position) => ({
          position,
          userId,
          status: position === 0 ? "offered" : "waiting",
          offeredAt: position === 0 ? now : null,
        })),
      },
    },
  });
  return [turnNotice(offer, loadId, plan.userIds[0] as string, turnEndsAt)];
}

// ---------------------------------------------------------------- reading

export interface AwardRulesView {
  offerId: string;
  loadId: string;
  rule: RuleWithSteps | null;
  names: Map<string, string>;
}

export async function awardRulesView(ctx: Context, loadReference: string): Promise<AwardRulesView> {
  requireAdmin(ctx);
  const offer = await findOfferRef(ctx.db, loadReference, {
    include: { load: { select: { loadId: true } } },
  });
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.notFound);
  const rule = await awardRulesOf(ctx.db, offer.id);
  const names = await carrierUserNames(ctx.db, rule?.steps.map((step) => step.userId) ?? []);
  return {
    offerId: offer.id,
    loadId: (offer as Offer & { load: { loadId: string } }).load.loadId,
    rule,
    names,
  };
}

/**
 * PUT award-rules: an operator sets none or auto-award on an active offer (auto decides at the
 * current round's close). A waterfall is chosen when bidding starts (409 here); switching a running
 * waterfall to none or auto opens the offer to all now.
 */
export async function setAwardRules(
  ctx: Context,
  loadReference: string,
  rawInput: unknown,
): Promise<AwardRulesView> {
  requireAdmin(ctx);
  const rules = parseInput(awardRulesInput, rawInput);
  const offer = await findOfferRef(ctx.db, loadReference, {
    include: { load: { select: { loadId: true } } },
  });
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.notFound);
  const loadId = (offer as Offer & { load: { loadId: string } }).load.loadId;
  if (offer.status !== "active") throw new ConflictError(OFFER_MESSAGES.notActive);
  const current = await awardRulesOf(ctx.db, offer.id);
  if (rules.mode === "waterfall") {
    if (current?.mode === "waterfall") return awardRulesView(ctx, offer.id);
    throw new ConflictError(AWARD_MESSAGES.waterfallAtStart, "mode");
  }
  const now = new Date();
  const actor = auditActor(ctx);
  const opened = await ctx.db.$transaction(async (tx) => {
    let opened: Opened | null = null;
    if (current?.mode === "waterfall" && current.waterfallStatus === "running") {
      const claimed = await tx.offerAwardRule.updateMany({
        where: { offerId: offer.id, waterfallStatus: "running", position: current.position },
        data: { waterfallStatus: "opened", turnEndsAt: null },
      });
      if (claimed.count === 0) throw new ConflictError(AWARD_MESSAGES.turnOver);
      await tx.waterfallStep.updateMany({
        where: { offerId: offer.id, status: { in: ["offered", "waiting"] } },
        data: { status: "skipped", decidedAt: now },
      });
      opened = await openToAll(tx, ctx, offer.id, loadId, now, "stopped by an operator");
    }
    const fresh = await tx.offer.findUniqueOrThrow({ where: { id: offer.id } });
    if (rules.mode === "none") {
      if (current && current.mode !== "waterfall")
        await tx.offerAwardRule.delete({ where: { offerId: offer.id } });
    } else {
      const data = {
        mode: "auto",
        ceilingCents: rules.ceiling ?? null,
        maxRounds: Math.max(rules.maxRounds ?? 1, fresh.roundNumber),
        decideAt: fresh.roundEndsAt,
        decidedRound: Math.min(current?.decidedRound ?? 0, fresh.roundNumber - 1),
      };
      await tx.offerAwardRule.upsert({
        where: { offerId: offer.id },
        create: { offerId: offer.id, ...data },
        update: { ...data, waterfallStatus: current?.waterfallStatus ?? null },
      });
    }
    await recordAudit(tx, {
      actor,
      action: "offer.awardRules",
      entityType: "Offer",
      entityId: offer.id,
      details: {
        loadId,
        mode: rules.mode,
        ceilingCents: rules.ceiling ?? null,
        maxRounds: rules.maxRounds ?? null,
      },
    });
    return opened;
  });
  if (opened) announceOpened(ctx, opened);
  else announceOffer(ctx, offer.id, "awardRules");
  return awardRulesView(ctx, offer.id);
}

// ---------------------------------------------------------------- auto-award

type AutoOutcome =
  | { kind: "awarded"; award: Award }
  | { kind: "round"; offerId: string; stored: StoredNotification[] }
  | { kind: "stopped"; offerId: string; stored: StoredNotification[] }
  | { kind: "skipped" };

/**
 * Decides each auto-award rule whose round closed, once: the decision is claimed with a
 * conditional update of the rule (decideAt still the due time), in the decision's transaction.
 * Called by the round clock's sweep on every instance; answers the offers it decided.
 */
export async function decideDueAutoAwards(deps: Deps, now = new Date()): Promise<string[]> {
  const due = await deps.db.offerAwardRule.findMany({
    where: { mode: "auto", decideAt: { lte: now } },
    select: { offerId: true, decideAt: true },
    orderBy: { decideAt: "asc" },
    take: 100,
  });
  const decided: string[] = [];
  for (const rule of due) {
    try {
      const outcome = await deps.db.$transaction((tx) => decideAutoAward(tx, deps, rule, now));
      if (outcome.kind === "skipped") continue;
      decided.push(rule.offerId);
      if (outcome.kind === "awarded") announceAward(deps, outcome.award);
      else {
        announceNotifications(deps, outcome.stored);
        announceOffer(deps, outcome.offerId, outcome.kind === "round" ? "roundStarted" : "awardRules");
      }
    } catch (error) {
      // An operator's award won the race (409): the next sweep finds the offer decided.
      if (!(error instanceof ConflictError))
        logger.error({ err: error, offerId: rule.offerId }, "auto-award failed");
    }
  }
  return decided;
}

async function decideAutoAward(
  tx: Tx,
  deps: Deps,
  due: { offerId: string; decideAt: Date | null },
  now: Date,
): Promise<AutoOutcome> {
  const offer = await tx.offer.findUniqueOrThrow({
    where: { id: due.offerId },
    include: { load: { select: { loadId: true } } },
  });
  const claim = (decideAt: Date | null, decidedRound?: number) =>
    tx.offerAwardRule.updateMany({
      where: { offerId: offer.id, decideAt: due.decideAt },
      data: { decideAt, ...(decidedRound === undefined ? {} : { decidedRound }) },
    });
  if (offer.status !== "active") {
    await claim(null);
    return { kind: "skipped" };
  }
  // An operator started another round meanwhile: decide at its close instead.
  if (offer.roundEndsAt > now) {
    await claim(offer.roundEndsAt);
    return { kind: "skipped" };
  }
  if ((await claim(null, offer.roundNumber)).count === 0) return { kind: "skipped" };
  const rule = await tx.offerAwardRule.findUniqueOrThrow({ where: { offerId: offer.id } });
  const loadId = offer.load.loadId;
  const bids = await tx.bid.findMany({
    where: { offerId: offer.id, status: "active" },
    orderBy: [{ amountCents: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: 200,
  });
  // Under CARRIER_COMPLIANCE=required a bidder the gate would refuse is passed over (awarding it
  // would fail with 409 on every sweep): the best compliant bid wins, none -> the no-award path.
  const allowed = await mayTradeUsers(
    { db: tx, config: deps.config },
    bids.map((bid) => bid.userId),
  );
  const best = await bestBidByPriceAndRank(
    deps,
    bids.filter((bid) => allowed.has(bid.userId)),
  );
  const ceiling = rule.ceilingCents ?? 0;
  if (best && best.amountCents <= ceiling) {
    const award = await claimAndAward(tx, deps, {
      offerId: offer.id,
      bidId: best.id,
      actor: SYSTEM,
      assignedById: null,
      decidedById: null,
      decidedAt: now,
      action: "offer.autoAward",
    });
    const operators = await activeOperatorIds(tx);
    const winner = await userByIdOrThrow(tx, best.userId);
    award.stored.push(
      ...(await insertNotifications(
        tx,
        deps.writer.provider,
        operators.map((userId) => ({
          userId,
          title: `Auto-awarded: ${loadId}`,
          message: `Load ${loadId} was awarded automatically to ${best.companyName ?? winner.companyName ?? winner.email} at ${formatCents(best.amountCents)} (ceiling ${formatCents(ceiling)}, round ${offer.roundNumber}).`,
          details: { loadId, offerId: offer.id, bidId: best.id },
        })),
      )),
    );
    return { kind: "awarded", award };
  }
  const bestText = best ? `the best bid, ${formatCents(best.amountCents)}, is over` : "no bid came in under";
  const operators = await activeOperatorIds(tx);
  if (offer.roundNumber < (rule.maxRounds ?? 1)) {
    const roundEndsAt = new Date(now.getTime() + offer.roundMinutes * 60_000);
    const moved = await tx.offer.updateMany({
      where: { id: offer.id, status: "active", roundNumber: offer.roundNumber },
      data: { roundNumber: offer.roundNumber + 1, roundEndsAt },
    });
    if (moved.count === 0) return { kind: "skipped" };
    await tx.offerAwardRule.update({ where: { offerId: offer.id }, data: { decideAt: roundEndsAt } });
    await recordAudit(tx, {
      actor: SYSTEM,
      action: "offer.autoRound",
      entityType: "Offer",
      entityId: offer.id,
      details: {
        loadId,
        roundNumber: offer.roundNumber + 1,
        bestBidCents: best?.amountCents ?? null,
        ceilingCents: ceiling,
      },
    });
    const stored = await insertNotifications(tx, deps.writer.provider, [
      ...operators.map((userId) => ({
        userId,
        title: `Auto-award: new round on ${loadId}`,
        message: `Round ${offer.roundNumber} on load ${loadId} closed and ${bestText} the ceiling of ${formatCents(ceiling)}: round ${offer.roundNumber + 1} of ${rule.maxRounds} started for ${offer.roundMinutes} minutes.`,
        details: { loadId, offerId: offer.id },
      })),
      ...bids.map((bid) => ({
        userId: bid.userId,
        title: `New round: ${loadId}`,
        message: `Bidding on load ${loadId} continues: round ${offer.roundNumber + 1} is open for ${offer.roundMinutes} minutes. You may lower your bid.`,
        details: { loadId, offerId: offer.id },
      })),
    ]);
    return { kind: "round", offerId: offer.id, stored };
  }
  await recordAudit(tx, {
    actor: SYSTEM,
    action: "offer.autoAwardNone",
    entityType: "Offer",
    entityId: offer.id,
    details: {
      loadId,
      rounds: offer.roundNumber,
      bestBidCents: best?.amountCents ?? null,
      ceilingCents: ceiling,
    },
  });
  const stored = await insertNotifications(
    tx,
    deps.writer.provider,
    operators.map((userId) => ({
      userId,
      title: `Auto-award needs you: ${loadId}`,
      message: `After ${offer.roundNumber} round(s) on load ${loadId}, ${bestText} the ceiling of ${formatCents(ceiling)}. Choose a winner or start another round.`,
      details: { loadId, offerId: offer.id },
    })),
  );
  return { kind: "stopped", offerId: offer.id, stored };
}

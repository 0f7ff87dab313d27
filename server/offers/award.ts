import { AWARD_MESSAGES, MAX_WATERFALL_CARRIERS } from "../../common/award.ts";
import { type AwardRulesInput, awardRulesInput } from "../../common/award-rules-input.ts";
import { formatCents } from "../../common/money.ts";
import { OFFER_MESSAGES, statesNamedIn } from "../../common/offers.ts";
import { CARRIER_TIERS, type CarrierTier } from "../../common/scorecards.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireAdmin, requireViewer } from "../auth/policy.ts";
import { mayTradeUsers } from "../compliance/service.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import type { Bid, Offer, OfferAwardRule, WaterfallStep } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import {
  announceNotifications,
  insertNotifications,
  type NotificationRow,
  notifyEligibleCarriers,
  type StoredNotification,
} from "../notifications/service.ts";
import { logger } from "../ops/logger.ts";
import { bidderScorecards } from "../scorecards/service.ts";
import { requireMarketplaceAccess } from "../users/marketplace-access.ts";
import {
  activeOperatorIds,
  carrierUserNames,
  userByIdOrThrow,
  waterfallCandidates,
} from "../users/marketplace-reads.ts";
import { announceOffer } from "./events.ts";
import { findOfferRef } from "./offer-ref.ts";
import { carrierMaySeeOffer } from "./visibility.ts";
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

/** Who acts when the server's own rule decides (no user, no client address). */
const SYSTEM: AuditActor = { id: null, ip: null };

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

interface OfferForNotice {
  id: string;
  equipmentType: string | null;
  originCity: string | null;
  originState: string | null;
  destinationCity: string | null;
  destinationState: string | null;
  targetRateCents: number | null;
  roundMinutes: number;
}

const place = (city: string | null, state: string | null, missing: string) =>
  [city, state].filter(Boolean).join(", ") || missing;

const utcTime = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function turnNotice(
  offer: OfferForNotice,
  loadId: string,
  userId: string,
  turnEndsAt: Date,
): NotificationRow {
  const from = place(offer.originCity, offer.originState, "origin not given");
  const to = place(offer.destinationCity, offer.destinationState, "destination not given");
  return {
    userId,
    title: `Load offered to you: ${loadId}`,
    message: `Load ${loadId} (${offer.equipmentType}) from ${from} to ${to} is offered to you at ${formatCents(offer.targetRateCents ?? 0)} until ${utcTime(turnEndsAt)}. Accept or pass before then.`,
    details: { loadId, offerId: offer.id, turnEndsAt: turnEndsAt.toISOString() },
  };
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
  rule: (OfferAwardRule & { steps: WaterfallStep[] }) | null;
  names: Map<string, string>;
}

/** The rules of an offer and its waterfall's steps (operators), with the carriers' names. */
export async function awardRulesOf(db: Db, offerId: string): Promise<AwardRulesView["rule"]> {
  return db.offerAwardRule.findUnique({
    where: { offerId },
    include: { steps: { orderBy: { position: "asc" }, take: MAX_WATERFALL_CARRIERS } },
  });
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

// ---------------------------------------------------------------- waterfall

interface Opened {
  offerId: string;
  stored: StoredNotification[];
}

/** No carrier took the load in turn: the offer's first round opens to every eligible carrier. */
async function openToAll(
  tx: Tx,
  deps: Pick<Deps, "writer">,
  offerId: string,
  loadId: string,
  now: Date,
  why: string,
): Promise<Opened> {
  const offer = await tx.offer.findUniqueOrThrow({ where: { id: offerId } });
  const stored: StoredNotification[] = [];
  if (offer.status === "active" && offer.roundNumber === 0) {
    const roundEndsAt = new Date(now.getTime() + offer.roundMinutes * 60_000);
    await tx.offer.update({ where: { id: offerId }, data: { roundNumber: 1, roundEndsAt } });
    const from = place(offer.originCity, offer.originState, "origin not given");
    const to = place(offer.destinationCity, offer.destinationState, "destination not given");
    const states = [offer.originState, offer.destinationState].filter((state): state is string => !!state);
    stored.push(
      ...(await notifyEligibleCarriers(
        tx,
        deps.writer.provider,
        { states },
        {
          title: `New load available: ${loadId}`,
          message: `Load ${loadId} (${offer.equipmentType}) from ${from} to ${to} is open for bids for ${offer.roundMinutes} minutes.`,
          details: { loadId, offerId },
        },
      )),
    );
  }
  stored.push(
    ...(await insertNotifications(
      tx,
      deps.writer.provider,
      (
        await activeOperatorIds(tx)
      ).map((userId) => ({
        userId,
        title: `Waterfall ended: ${loadId}`,
        message: `No carrier took load ${loadId} in turn (${why}): it is open to all carriers for ${offer.roundMinutes} minutes.`,
        details: { loadId, offerId },
      })),
    )),
  );
  await recordAudit(tx, {
    actor: SYSTEM,
    action: "offer.waterfallOpen",
    entityType: "Offer",
    entityId: offerId,
    details: { loadId, why },
  });
  return { offerId, stored };
}

function announceOpened(deps: Pick<Deps, "pubsub">, opened: Opened): void {
  announceNotifications(deps, opened.stored);
  announceOffer(deps, opened.offerId, "started");
}

interface Advanced {
  offerId: string;
  stored: StoredNotification[];
  opened: Opened | null;
}

/**
 * The turn at `position` ended (passed or expired; its claim already moved the rule on, in `tx`):
 * the next carrier's turn starts, or with none left the offer opens to all.
 */
async function advanceWaterfall(
  tx: Tx,
  deps: Pick<Deps, "writer">,
  rule: OfferAwardRule,
  loadId: string,
  outcome: "passed" | "expired",
  actor: AuditActor,
  now: Date,
): Promise<Advanced> {
  const steps = await tx.waterfallStep.findMany({
    where: { offerId: rule.offerId },
    orderBy: { position: "asc" },
    take: MAX_WATERFALL_CARRIERS,
  });
  const ended = steps.find((step) => step.position === rule.position);
  if (ended) {
    await tx.waterfallStep.update({ where: { id: ended.id }, data: { status: outcome, decidedAt: now } });
  }
  await recordAudit(tx, {
    actor,
    action: outcome === "passed" ? "offer.waterfallPass" : "offer.waterfallExpire",
    entityType: "Offer",
    entityId: rule.offerId,
    details: { loadId, position: rule.position, userId: ended?.userId ?? null },
  });
  const rows: NotificationRow[] = [];
  if (ended && outcome === "expired") {
    rows.push({
      userId: ended.userId,
      title: `Your turn ended: ${loadId}`,
      message: `The time to accept load ${loadId} at the offered rate ran out; it was offered to the next carrier.`,
      details: { loadId, offerId: rule.offerId },
    });
  }
  const offer = await tx.offer.findUniqueOrThrow({ where: { id: rule.offerId } });
  const next = steps.find((step) => step.position > rule.position && step.status === "waiting");
  // The offer was opened, decided or cancelled meanwhile by an operator: the waterfall just ends.
  if (offer.status !== "active" || offer.roundNumber > 0 || !next) {
    await tx.offerAwardRule.update({
      where: { offerId: rule.offerId },
      data: { waterfallStatus: "opened", turnEndsAt: null },
    });
    const stored = await insertNotifications(tx, deps.writer.provider, rows);
    const opened =
      offer.status === "active" && offer.roundNumber === 0
        ? await openToAll(tx, deps, rule.offerId, loadId, now, "every carrier passed or let the turn expire")
        : null;
    return { offerId: rule.offerId, stored, opened };
  }
  const turnEndsAt = new Date(now.getTime() + (rule.minutesPerCarrier ?? 15) * 60_000);
  await tx.offerAwardRule.update({
    where: { offerId: rule.offerId },
    data: { position: next.position, turnEndsAt },
  });
  await tx.waterfallStep.update({ where: { id: next.id }, data: { status: "offered", offeredAt: now } });
  rows.push(turnNotice(offer, loadId, next.userId, turnEndsAt));
  return {
    offerId: rule.offerId,
    stored: await insertNotifications(tx, deps.writer.provider, rows),
    opened: null,
  };
}

function announceAdvanced(deps: Pick<Deps, "pubsub">, advanced: Advanced): void {
  announceNotifications(deps, advanced.stored);
  if (advanced.opened) announceOpened(deps, advanced.opened);
  else announceOffer(deps, advanced.offerId, "waterfall");
}

/**
 * Ends each waterfall turn whose time ran out, once: the claim is a conditional update of the rule
 * (still running, the same position, due), so several instances move each waterfall on once.
 */
export async function expireDueWaterfallTurns(deps: Deps, now = new Date()): Promise<string[]> {
  const due = await deps.db.offerAwardRule.findMany({
    where: { waterfallStatus: "running", turnEndsAt: { lte: now } },
    select: { offerId: true, position: true },
    orderBy: { turnEndsAt: "asc" },
    take: 100,
  });
  const moved: string[] = [];
  for (const { offerId, position } of due) {
    try {
      const advanced = await deps.db.$transaction(async (tx) => {
        const claimed = await tx.offerAwardRule.updateMany({
          where: { offerId, waterfallStatus: "running", position, turnEndsAt: { lte: now } },
          data: { turnEndsAt: null },
        });
        if (claimed.count === 0) return null;
        const rule = await tx.offerAwardRule.findUniqueOrThrow({ where: { offerId } });
        const loadId = await loadIdOfOffer(tx, offerId);
        return advanceWaterfall(tx, deps, rule, loadId, "expired", SYSTEM, now);
      });
      if (advanced) {
        moved.push(offerId);
        announceAdvanced(deps, advanced);
      }
    } catch (error) {
      logger.error({ err: error, offerId }, "waterfall turn expiry failed");
    }
  }
  return moved;
}

async function loadIdOfOffer(tx: Tx, offerId: string): Promise<string> {
  const offer = await tx.offer.findUniqueOrThrow({
    where: { id: offerId },
    select: { load: { select: { loadId: true } } },
  });
  return offer.load.loadId;
}

/** The waterfall turn the viewer may answer now, or the refusal that says why not. */
async function turnOfViewer(ctx: Context, loadReference: string) {
  const viewer = requireViewer(ctx);
  if (policy.isAdmin(viewer)) throw new ForbiddenError(AWARD_MESSAGES.notYourTurn);
  await requireMarketplaceAccess(ctx);
  const offer = await findOfferRef(ctx.db, loadReference, {
    include: { load: { select: { loadId: true } } },
  });
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.notFound);
  const rule = await awardRulesOf(ctx.db, offer.id);
  const mine = rule?.steps.filter((step) => step.userId === viewer.id) ?? [];
  // Not in this offer's waterfall at all: the offer is not the viewer's to see.
  if (rule?.mode !== "waterfall" || mine.length === 0) throw new NotFoundError(OFFER_MESSAGES.notFound);
  const now = new Date();
  const current = rule.steps.find((step) => step.position === rule.position);
  const inTurn =
    offer.status === "active" &&
    offer.roundNumber === 0 &&
    rule.waterfallStatus === "running" &&
    current?.userId === viewer.id &&
    rule.turnEndsAt !== null &&
    rule.turnEndsAt > now;
  if (!inTurn) {
    const waiting = mine.some((step) => step.status === "waiting") && rule.waterfallStatus === "running";
    throw new ConflictError(waiting ? AWARD_MESSAGES.notYourTurn : AWARD_MESSAGES.turnOver);
  }
  return { viewer, offer: offer as Offer & { load: { loadId: string } }, rule, step: current, now };
}

/**
 * The carrier in turn accepts: it wins the load at the target rate (a bid at that amount is
 * recorded for it), the waterfall ends, and the award's tender step follows. 409 once the turn is
 * over (a racing expiry or pass decides once).
 */
export async function acceptWaterfallTurn(
  ctx: Context,
  loadReference: string,
): Promise<{ offerId: string; loadId: string }> {
  const { viewer, offer, rule, step, now } = await turnOfViewer(ctx, loadReference);
  const actor = auditActor(ctx);
  const award = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.offerAwardRule.updateMany({
      where: {
        offerId: offer.id,
        waterfallStatus: "running",
        position: rule.position,
        turnEndsAt: { gt: now },
      },
      data: { waterfallStatus: "accepted", turnEndsAt: null },
    });
    if (claimed.count === 0) throw new ConflictError(AWARD_MESSAGES.turnOver);
    await tx.waterfallStep.update({ where: { id: step.id }, data: { status: "accepted", decidedAt: now } });
    await tx.waterfallStep.updateMany({
      where: { offerId: offer.id, status: "waiting" },
      data: { status: "skipped", decidedAt: now },
    });
    const user = await userByIdOrThrow(tx, viewer.id);
    const amountCents = offer.targetRateCents ?? 0;
    const bid = await tx.bid.create({
      data: {
        offerId: offer.id,
        userId: viewer.id,
        amountCents,
        userName: user.fullName,
        companyName: user.companyName,
        createdAt: now,
      },
    });
    await tx.offer.update({ where: { id: offer.id }, data: { bestBidCents: amountCents } });
    const award = await claimAndAward(tx, ctx, {
      offerId: offer.id,
      bidId: bid.id,
      actor,
      assignedById: null,
      decidedById: viewer.id,
      decidedAt: now,
      action: "offer.waterfallAccept",
    });
    award.stored.push(
      ...(await insertNotifications(
        tx,
        ctx.writer.provider,
        (
          await activeOperatorIds(tx)
        ).map((userId) => ({
          userId,
          title: `Waterfall accepted: ${offer.load.loadId}`,
          message: `${user.companyName ?? user.fullName ?? user.email} accepted load ${offer.load.loadId} at ${formatCents(amountCents)} in turn ${step.position + 1} of the waterfall; the tender awaits their signature.`,
          details: { loadId: offer.load.loadId, offerId: offer.id, bidId: bid.id },
        })),
      )),
    );
    return award;
  });
  announceAward(ctx, award);
  return { offerId: offer.id, loadId: offer.load.loadId };
}

/** The carrier in turn passes: the next carrier's turn starts (or the offer opens to all). */
export async function passWaterfallTurn(
  ctx: Context,
  loadReference: string,
): Promise<{ offerId: string; loadId: string }> {
  const { offer, rule, now } = await turnOfViewer(ctx, loadReference);
  const actor = auditActor(ctx);
  const advanced = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.offerAwardRule.updateMany({
      where: {
        offerId: offer.id,
        waterfallStatus: "running",
        position: rule.position,
        turnEndsAt: { gt: now },
      },
      data: { turnEndsAt: null },
    });
    if (claimed.count === 0) throw new ConflictError(AWARD_MESSAGES.turnOver);
    return advanceWaterfall(tx, ctx, { ...rule, turnEndsAt: null }, offer.load.loadId, "passed", actor, now);
  });
  announceAdvanced(ctx, advanced);
  return { offerId: offer.id, loadId: offer.load.loadId };
}

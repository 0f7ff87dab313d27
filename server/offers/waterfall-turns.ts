import { AWARD_MESSAGES, MAX_WATERFALL_CARRIERS } from "../../common/award.ts";
import { formatCents } from "../../common/money.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { Offer, OfferAwardRule, WaterfallStep } from "../generated/sqlite/client.ts";
import {
  announceNotifications,
  insertNotifications,
  type NotificationRow,
  notifyEligibleCarriers,
  type StoredNotification,
} from "../notifications/service.ts";
import { logger } from "../ops/logger.ts";
import { requireMarketplaceAccess } from "../users/marketplace-access.ts";
import { activeOperatorIds, userByIdOrThrow } from "../users/marketplace-reads.ts";
import { announceOffer } from "./events.ts";
import { findOfferRef } from "./offer-ref.ts";
import { announceAward, claimAndAward } from "./winner.ts";

/**
 * The waterfall's turns (see award.ts for the rules): the notice a carrier gets when its turn
 * starts, the carrier's accept and pass, the sweep that expires turns, and the offer opening to all
 * when nobody took the load.
 */

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export type RuleWithSteps = OfferAwardRule & { steps: WaterfallStep[] };

/** The rules of an offer with its waterfall's steps in turn order. */
export async function awardRulesOf(db: Db, offerId: string): Promise<RuleWithSteps | null> {
  return db.offerAwardRule.findUnique({
    where: { offerId },
    include: { steps: { orderBy: { position: "asc" }, take: MAX_WATERFALL_CARRIERS } },
  });
}

/** Who acts when the server's own rule decides (no user, no client address). */
export const SYSTEM: AuditActor = { id: null, ip: null };

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

export function turnNotice(
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

export interface Opened {
  offerId: string;
  stored: StoredNotification[];
}

/** No carrier took the load in turn: the offer's first round opens to every eligible carrier. */
export async function openToAll(
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

export function announceOpened(deps: Pick<Deps, "pubsub">, opened: Opened): void {
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

/** Ends the running turn at `position` if it is still open (whoever claims it first wins), else 409. */
async function claimRunningTurn(
  tx: Tx,
  offerId: string,
  position: number,
  now: Date,
  data: { waterfallStatus?: "accepted"; turnEndsAt: null },
): Promise<void> {
  const claimed = await tx.offerAwardRule.updateMany({
    where: { offerId, waterfallStatus: "running", position, turnEndsAt: { gt: now } },
    data,
  });
  if (claimed.count === 0) throw new ConflictError(AWARD_MESSAGES.turnOver);
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
    await claimRunningTurn(tx, offer.id, rule.position, now, {
      waterfallStatus: "accepted",
      turnEndsAt: null,
    });
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
    await claimRunningTurn(tx, offer.id, rule.position, now, { turnEndsAt: null });
    return advanceWaterfall(tx, ctx, { ...rule, turnEndsAt: null }, offer.load.loadId, "passed", actor, now);
  });
  announceAdvanced(ctx, advanced);
  return { offerId: offer.id, loadId: offer.load.loadId };
}

import { COUNTER_STATUSES } from "../../common/booking.ts";
import { builder } from "../builder.ts";
import type { BidCounter } from "../generated/sqlite/client.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { SAME_FOR_ROLE } from "../graphql/shared-subscriptions.ts";
import { BidType } from "./bids/schema.ts";
import { bookNow } from "./booking.ts";
import { acceptCounter, counterBid, counterStatus, declineCounter } from "./counters.ts";
import { OfferType } from "./schema.ts";

/** Book Now and counter-offers in GraphQL (issue #29): the services of booking.ts and counters.ts. */

const CounterStatusEnum = builder.enumType("CounterStatus", {
  description: "Where an operator's counter-offer on a bid stands.",
  values: describedValues(COUNTER_STATUSES, {
    open: "Waiting for the carrier to accept or decline, until expiresAt.",
    accepted: "The carrier accepted: its bid took the amount and won.",
    declined: "The carrier declined; its bid stands as it was.",
    superseded: "The carrier bid again instead.",
    expired: "Nobody answered in time.",
    closed: "The offer was decided, or the carrier folded, while it was open.",
  }),
});

const BidCounterRef = builder.objectRef<BidCounter>("BidCounter").implement({
  description: "An operator's counter-offer on a carrier's bid (amount and note), open for a limited time.",
  fields: (t) => ({
    amount: t.float({ description: "The counter amount, in dollars.", resolve: (c) => c.amountCents / 100 }),
    note: t.exposeString("note", { nullable: true, description: "The operator's note to the carrier." }),
    status: t.field({
      type: CounterStatusEnum,
      description:
        "open, accepted, declined, superseded, expired or closed (an open one past expiresAt reads expired).",
      resolve: (counter) => counterStatus(counter) as (typeof COUNTER_STATUSES)[number],
    }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "Until when the carrier may accept." }),
    decidedAt: t.expose("decidedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was answered, superseded or closed.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the operator made it." }),
  }),
});

builder.prismaObjectField(BidType, "counter", (t) =>
  t.field({
    type: BidCounterRef,
    nullable: true,
    description: "The newest counter-offer on this bid (open or answered); null when it was never countered.",
    select: { counters: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 } },
    resolve: (bid) => (bid as unknown as { counters: BidCounter[] }).counters[0] ?? null,
  }),
);

builder.prismaObjectField(OfferType, "bookNowPrice", (t) =>
  t.float({
    nullable: true,
    description: "The Book Now price in dollars: a carrier may book the load at it and win at once.",
    extensions: SAME_FOR_ROLE,
    resolve: (offer) => (offer.bookNowPriceCents === null ? null : offer.bookNowPriceCents / 100),
  }),
);

const AwardPayload = builder.objectRef<{ offerId: string; bidId: string }>("AwardPayload").implement({
  description: "An offer won by the viewer's own action (Book Now, an accepted counter-offer), with its bid.",
  fields: (t) => ({
    offer: t.prismaField({
      type: OfferType,
      description: "The offer, now finished with the viewer's bid as winner.",
      resolve: (query, payload, _args, ctx) =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: payload.offerId } }),
    }),
    bid: t.prismaField({
      type: BidType,
      description: "The winning bid.",
      resolve: (query, payload, _args, ctx) =>
        ctx.db.bid.findUniqueOrThrow({ ...query, where: { id: payload.bidId } }),
    }),
  }),
});

const CounterPayload = builder.objectRef<{ bidId: string }>("CounterPayload").implement({
  description: "The bid after its counter-offer changed, with the counter in Bid.counter.",
  fields: (t) => ({
    bid: t.prismaField({
      type: BidType,
      description: "The countered bid.",
      resolve: (query, payload, _args, ctx) =>
        ctx.db.bid.findUniqueOrThrow({ ...query, where: { id: payload.bidId } }),
    }),
  }),
});

const BookOfferInput = builder.inputType("BookOfferInput", {
  description: "The offer to book at its Book Now price.",
  fields: (t) => ({ offerId: t.id({ required: true, description: "The Offer's global id." }) }),
});
const CounterBidInput = builder.inputType("CounterBidInput", {
  description: "The bid to counter, the counter amount and an optional note.",
  fields: (t) => ({
    bidId: t.id({ required: true, description: "The Bid's global id." }),
    amount: t.float({ required: true, description: "Dollars, more than 0, at most two decimals." }),
    note: t.string({ description: "A note to the carrier, at most 500 characters." }),
  }),
});
const AnswerCounterInput = builder.inputType("AnswerCounterInput", {
  description: "The viewer's bid whose open counter-offer it answers.",
  fields: (t) => ({ bidId: t.id({ required: true, description: "The Bid's global id." }) }),
});

const bidId = (id: string | number) => decodeGlobalIdOf("Bid", id);

builder.mutationFields((t) => ({
  bookOffer: t.field({
    type: AwardPayload,
    description:
      "Books an offer at its Book Now price: the viewer's carrier wins at once (exactly one booking wins).",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: BookOfferInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const decision = await bookNow(ctx, decodeGlobalIdOf("Offer", input.offerId));
      return { offerId: decision.offerId, bidId: decision.winnerBidId };
    },
  }),
  counterBid: t.field({
    type: CounterPayload,
    description:
      "Counters a carrier's active bid with an amount and a note (operators); one open counter per bid.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CounterBidInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const counter = await counterBid(ctx, bidId(input.bidId), { amount: input.amount, note: input.note });
      return { bidId: counter.bidId };
    },
  }),
  acceptCounter: t.field({
    type: AwardPayload,
    description:
      "Accepts the open counter-offer on the viewer's bid: the bid takes its amount and wins at once.",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AnswerCounterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const decision = await acceptCounter(ctx, bidId(input.bidId));
      return { offerId: decision.offerId, bidId: decision.winnerBidId };
    },
  }),
  declineCounter: t.field({
    type: CounterPayload,
    description: "Declines the open counter-offer on the viewer's bid; the bid stands as it was.",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AnswerCounterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      bidId: (await declineCounter(ctx, bidId(input.bidId))).bidId,
    }),
  }),
}));

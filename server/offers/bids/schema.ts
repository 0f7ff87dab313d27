import { builder } from "../../builder.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { Bid } from "../../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../../graphql/errors.ts";
import { decodeGlobalIdOf } from "../../graphql/ids.ts";
import { pagedListField } from "../../graphql/paged-list.ts";
import { readPolicyOptions } from "../../graphql/read-policy.ts";
import { bidReadPolicy } from "../read-policy.ts";
import { visibleOfferOrThrow } from "../service.ts";
import { type BidderStats, bidderStats, findBidderPage, foldBid, placeBid } from "./service.ts";

const BidderStatsRef = builder.objectRef<BidderStats>("BidderStats").implement({
  description: "A carrier's record: decided bids won and lost, and a 0-5 rating from the share won.",
  fields: (t) => ({
    wins: t.exposeInt("wins", { description: "Decided bids this carrier won." }),
    losses: t.exposeInt("losses", { description: "Decided bids this carrier lost." }),
    rating: t.exposeFloat("rating", {
      nullable: true,
      description: "0-5 from the share won; null before any decided bid.",
    }),
  }),
});

export const BidType = builder.prismaNode("Bid", {
  id: { field: "id" },
  description: "A carrier's one bid on an offer (spec section 3, Bid).",
  ...readPolicyOptions(bidReadPolicy),
  fields: (t) => ({
    amount: t.float({ description: "Dollars.", resolve: (bid) => bid.amountCents / 100 }),
    status: t.exposeString("status", { description: "active, winner, loser or folded" }),
    userName: t.exposeString("userName", {
      nullable: true,
      description: "The bidder's name as given with the bid (else their full name or e-mail).",
    }),
    companyName: t.exposeString("companyName", {
      nullable: true,
      description: "The company as given with the bid (else the profile's company).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the bid was first placed." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When the bid last changed." }),
    bidderUserId: t.string({
      description: "The bidder's readable user id.",
      select: { user: { select: { userId: true } } },
      resolve: (bid) => bid.user.userId,
    }),
    carrierName: t.string({
      description: "The bidder's carrier company, else its company name on the bid, else its name.",
      select: {
        user: { select: { email: true, fullName: true, carrier: { select: { carrierName: true } } } },
      },
      resolve: (bid) =>
        bid.user.carrier?.carrierName ??
        bid.companyName ??
        bid.userName ??
        bid.user.fullName ??
        bid.user.email,
    }),
    bidderPhone: t.string({
      nullable: true,
      authScopes: { admin: true },
      description: "The bidder's contact phone, else the sign-up phone.",
      select: { user: { select: { phoneNumber: true, contactPhone: true } } },
      resolve: (bid) => bid.user.contactPhone ?? bid.user.phoneNumber,
    }),
    bidderEmail: t.string({
      authScopes: { admin: true },
      description: "The bidder's sign-in e-mail.",
      select: { user: { select: { email: true } } },
      resolve: (bid) => bid.user.email,
    }),
    stats: t.loadable({
      type: BidderStatsRef,
      authScopes: { admin: true },
      description: "Wins, losses and rating of the bidder, batched for a whole page.",
      load: (userIds: string[], ctx) => bidderStats(ctx.db, userIds),
      resolve: (bid) => bid.userId,
    }),
  }),
});

const BidderFilter = builder.inputType("BidderFilter", {
  description: "Which offer's bids to list.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's loadId, or the offer's database id." }),
  }),
});

pagedListField<Bid, { loadId: string }, "amount">("offerBidders", {
  name: "Bidder",
  node: BidType,
  model: "Bid",
  description: "The bids of an offer, lowest first (admins); an unknown load has none.",
  authScopes: { admin: true },
  searchDescription: "Not used: an offer has few bidders.",
  filter: BidderFilter,
  sortFields: { AMOUNT: "amount" },
  sortFieldDescriptions: { AMOUNT: "By the bid amount." },
  defaultOrder: { field: "amount", direction: "asc" },
  load: (ctx, request, query) => {
    if (!request.filter?.loadId) {
      throw new ValidationError("filter.loadId is required", [
        { field: "filter.loadId", message: "Required" },
      ]);
    }
    return findBidderPage(ctx, request.filter.loadId, request.paging, query).catch((error: unknown) => {
      if (error instanceof NotFoundError) return findBidderPage(ctx, null, request.paging);
      throw error;
    });
  },
});

const BidPayload = builder
  .objectRef<{ bidId: string; offerId: string; message: string }>("BidPayload")
  .implement({
    description: "The bid after the change, its offer, and the message to show.",
    fields: (t) => ({
      message: t.exposeString("message", {
        description: "'Puja creada exitosamente.' or 'Puja actualizada exitosamente.'",
      }),
      bid: t.prismaField({
        type: BidType,
        description: "The viewer's bid.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.bid.findUniqueOrThrow({ ...query, where: { id: payload.bidId } }),
      }),
      offer: t.prismaField({
        type: "Offer",
        description: "The offer bid on, with its new best offer.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: payload.offerId } }),
      }),
    }),
  });

const PlaceBidInput = builder.inputType("PlaceBidInput", {
  description: "The offer and the viewer's amount.",
  fields: (t) => ({
    offerId: t.id({ required: true, description: "The Offer's global id." }),
    amount: t.float({ required: true, description: "Dollars, more than 0, at most two decimals." }),
    userName: t.string({ description: "The name to show with the bid; the viewer's name by default." }),
    companyName: t.string({ description: "The company to show with the bid; the profile's by default." }),
  }),
});
const FoldBidInput = builder.inputType("FoldBidInput", {
  description: "The offer to fold on.",
  fields: (t) => ({ offerId: t.id({ required: true, description: "The Offer's global id." }) }),
});

builder.mutationFields((t) => ({
  placeBid: t.field({
    type: BidPayload,
    description: "Places or improves the viewer's bid (carriers).",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: PlaceBidInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const placed = await placeBid(ctx, { ...input, offerId: decodeGlobalIdOf("Offer", input.offerId) });
      return { bidId: placed.bid.id, offerId: placed.bid.offerId, message: placed.message };
    },
  }),
  foldBid: t.field({
    type: BidPayload,
    description: "Withdraws the viewer's bid from an offer.",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: FoldBidInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const bid = await foldBid(ctx, decodeGlobalIdOf("Offer", input.offerId));
      return { bidId: bid.id, offerId: bid.offerId, message: "You folded on this load." };
    },
  }),
}));

builder.subscriptionField("offerBidChanged", (t) =>
  t.prismaField({
    type: BidType,
    description: "Each bid of one offer as it is placed, improved, folded or decided (admins).",
    authScopes: { admin: true },
    args: { offerId: t.arg.id({ required: true, description: "The Offer's global id." }) },
    // Vetted like every bidding path (the marketplace rule, then the offer must exist), not only by scope.
    subscribe: async (_root, args, ctx) => {
      const offer = await visibleOfferOrThrow(ctx, decodeGlobalIdOf("Offer", args.offerId));
      return ctx.pubsub.subscribe(`offer-bids:${offer.id}`);
    },
    resolve: (query, event: { bidId: string }, _args, ctx) =>
      ctx.db.bid.findUniqueOrThrow({ ...query, where: { id: event.bidId } }),
  }),
);

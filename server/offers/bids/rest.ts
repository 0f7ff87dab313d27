import { z } from "zod";
import { BID_MESSAGES, OFFER_MESSAGES } from "../../../common/offers.ts";
import { requireAdmin } from "../../auth/policy.ts";
import { canRead } from "../../auth/read-policy.ts";
import { ValidationError } from "../../errors.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../../http/rest-paging.ts";
import { errors } from "../../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../../http/router.ts";
import { findUser } from "../../users/service.ts";
import { anonymousBidJson, bidJson } from "../json.ts";
import { findOfferRef } from "../offer-ref.ts";
import { bidReadPolicy } from "../read-policy.ts";
import { bidSchema } from "../rest-schemas.ts";
import { confirmWinner } from "../winner.ts";
import {
  bidAmountSchema,
  bidderSchema,
  placedBidSchema,
  winnerDecisionSchema,
  winsLossesSchema,
} from "./rest-schemas.ts";
import {
  bestBid,
  bidderStats,
  findBidderPage,
  foldBid,
  placeBid,
  setBidStatus,
  userWinsLosses,
  viewerBid,
} from "./service.ts";
import { bidStatusInput, placeBidInput, winnerUserBody } from "./validation.ts";

const OFFER_NOT_FOUND = errors({ 404: OFFER_MESSAGES.notFound });
const CARRIERS_ONLY = { 403: `${BID_MESSAGES.adminCannotBid} / The carrier account is not approved.` };

export const bidRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/bids/createBid",
    access: "signedIn",
    schema: {
      summary: "Place or improve a bid",
      description:
        "A carrier's bid on an offer (one per carrier per offer: a second call updates it), while the " +
        `round is open. 201 with '${BID_MESSAGES.created}' for a new bid, 200 with ` +
        `'${BID_MESSAGES.updated}' for an update; 409 when the round or the offer has closed.`,
      body: placeBidInput,
      response: {
        200: placedBidSchema.describe("The bid was updated."),
        201: placedBidSchema.describe("The bid was created."),
        ...errors(400, CARRIERS_ONLY, { 404: OFFER_MESSAGES.notFound, 409: BID_MESSAGES.roundClosed }),
      },
    },
    handle: async (ctx, { body }) => {
      const placed = await placeBid(ctx, body);
      return withStatus(placed.created ? 201 : 200, { message: placed.message, bid: bidJson(placed.bid) });
    },
  },
  {
    method: "POST",
    path: "/bids/fold/:offerId",
    access: "signedIn",
    schema: {
      summary: "Fold",
      description: "The calling carrier withdraws its active bid on the offer (its status becomes folded).",
      response: {
        200: bidSchema,
        ...errors(CARRIERS_ONLY, { 404: "Offer not found, or you have no active bid on it." }, 409),
      },
    },
    handle: async (ctx, { params }) => bidJson(await foldBid(ctx, params.offerId)),
  },
  {
    method: "GET",
    path: "/bids/user-amount-bid/:offerId",
    access: "signedIn",
    schema: {
      summary: "Get my bid amount",
      description: "The caller's bid amount and status on the offer (offer id or loadId).",
      response: { 200: bidAmountSchema, ...OFFER_NOT_FOUND },
    },
    handle: async (ctx, { params }) => {
      const bid = await viewerBid(ctx, params.offerId);
      return { amount: bid ? bid.amountCents / 100 : null, status: bid?.status ?? null };
    },
  },
  {
    method: "GET",
    path: "/bids/user-bid/:offerId",
    access: "signedIn",
    schema: {
      summary: "Get my bid",
      description: "The caller's bid on the offer (offer id or loadId), or null.",
      response: { 200: bidSchema.nullable(), ...OFFER_NOT_FOUND },
    },
    handle: async (ctx, { params }) => {
      const bid = await viewerBid(ctx, params.offerId);
      return bid ? bidJson(bid) : null;
    },
  },
  {
    method: "GET",
    path: "/bids/winner-bids",
    access: "signedIn",
    schema: {
      summary: "Get an offer's best bid",
      description: "The lowest active (or winning) bid of the offer, or null.",
      querystring: z.looseObject({
        id: z
          .string({ error: "id is required" })
          .min(1, "id is required")
          .describe("The offer's id or its loadId."),
      }),
      response: { 200: bidSchema.nullable(), ...errors(400), ...OFFER_NOT_FOUND },
    },
    handle: async (ctx, { query }) => {
      const id = query.get("id");
      if (!id) throw new ValidationError("id is required", [{ field: "id", message: "id is required" }]);
      const bid = await bestBid(ctx, id);
      if (!bid) return null;
      // A competitor's bid: the amount only (bidReadPolicy), never who placed it.
      return (await canRead(bidReadPolicy, ctx, bid)) ? bidJson(bid) : anonymousBidJson(bid);
    },
  },
  {
    method: "GET",
    path: "/bids/users-bid/:offerId",
    access: "admin",
    schema: {
      summary: "List an offer's bidders",
      description:
        "The Bidders page: every bid on the offer (offer id or loadId), lowest first, each with its " +
        "bidder's wins, losses and rating, paged. Operators only.",
      querystring: pagedQuery(),
      response: { 200: pagedList(bidderSchema, "A page of bids."), ...errors(400), ...OFFER_NOT_FOUND },
    },
    handle: async (ctx, { params, query, request }) => {
      const page = readRestPage(query);
      const connection = await findBidderPage(ctx, params.offerId, restPaging(page));
      const bids = connection.edges.map((edge) => edge.node);
      const stats = await bidderStats(
        ctx.db,
        bids.map((bid) => bid.userId),
      );
      return pagedReply(
        bids.map((bid, index) => ({ ...bidJson(bid), ...stats[index] })),
        page,
        await connection.totalCount(),
        request,
      );
    },
  },
  {
    method: "GET",
    path: "/bids/user-wins-losses/:userId",
    access: "signedIn",
    schema: {
      summary: "Get a carrier's record",
      description:
        "A carrier's decided bids won and lost, and its rating: the carrier itself or an operator.",
      response: {
        200: winsLossesSchema,
        ...errors({ 403: "Only the carrier itself or an operator.", 404: "User not found" }),
      },
    },
    handle: async (ctx, { params }) => userWinsLosses(ctx, params.userId),
  },
  {
    method: "PATCH",
    path: "/bids/user-bid/:id/status",
    access: "signedIn",
    schema: {
      summary: "Set a bid's status",
      description:
        "winner confirms the bid as the offer's winner (operators; as POST /offers/{id}/winner); folded " +
        "is the bidding carrier folding. active and loser are refused (400): only a new bid or a winner " +
        "confirmation sets them.",
      body: bidStatusInput,
      response: {
        200: bidSchema,
        ...errors(400, {
          403: "Only operators confirm a winner; only the bidding carrier folds its bid.",
          404: OFFER_MESSAGES.bidNotFound,
          409: OFFER_MESSAGES.alreadyDecided,
        }),
      },
    },
    handle: async (ctx, { params, body }) => bidJson(await setBidStatus(ctx, params.id, body)),
  },
  {
    // The spec's "user info body" call: assigns the load to the winning user. {a} names the offer
    // (or its load id), {b} the user (id or userId) whose bid on it wins; a body userId/user_id,
    // when sent, must name the same user. It is the winner confirmation, with its rules.
    method: "POST",
    path: "/bids/:offerId/:userId",
    access: "admin",
    schema: {
      summary: "Award the load to a bidder",
      description:
        "The spec's user info call: confirms the user's bid (user id or userId) on the offer (offer id " +
        "or loadId) as the winner, with the winner confirmation's rules. A body `userId`/`user_id`, " +
        "when sent, must name the same user. 400 when the user has no bid on the offer. Operators only.",
      body: winnerUserBody,
      response: {
        200: winnerDecisionSchema,
        ...errors(400, { 409: `${OFFER_MESSAGES.alreadyDecided} / ${OFFER_MESSAGES.notActive}` }),
      },
    },
    handle: async (ctx, { params, body }) => {
      requireAdmin(ctx);
      const offer = await findOfferRef(ctx.db, params.offerId);
      const user = await findUser(ctx.db, params.userId);
      const fromBody = body as { userId?: unknown; user_id?: unknown } | undefined;
      const named = [fromBody?.userId, fromBody?.user_id].filter(
        (value) => value !== undefined && value !== null,
      );
      if (user && named.some((value) => value !== user.id && value !== user.userId)) {
        const message = "The body names another user than the path.";
        throw new ValidationError(message, [{ field: "userId", message }]);
      }
      const bid =
        offer && user
          ? await ctx.db.bid.findUnique({ where: { offerId_userId: { offerId: offer.id, userId: user.id } } })
          : null;
      if (!offer || !bid)
        throw new ValidationError("This user has no bid on this offer.", [
          { field: "userId", message: "This user has no bid on this offer." },
        ]);
      const decision = await confirmWinner(ctx, offer.id, { bidId: bid.id });
      return { ...decision, decidedAt: decision.decidedAt.toISOString() };
    },
  },
];

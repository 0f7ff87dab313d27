import { requireAdmin } from "../../auth/policy.ts";
import { canRead } from "../../auth/read-policy.ts";
import { ValidationError } from "../../errors.ts";
import { pagedReply, readRestPage } from "../../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../../http/router.ts";
import { findUser } from "../../users/service.ts";
import { anonymousBidJson, bidJson } from "../json.ts";
import { bidReadPolicy } from "../read-policy.ts";
import { findOfferRef } from "../service.ts";
import { confirmWinner } from "../winner.ts";
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

export const bidRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/bids/createBid",
    access: "signedIn",
    handle: async (ctx, { body }) => {
      const placed = await placeBid(ctx, body);
      return withStatus(placed.created ? 201 : 200, { message: placed.message, bid: bidJson(placed.bid) });
    },
  },
  {
    method: "POST",
    path: "/bids/fold/:offerId",
    access: "signedIn",
    handle: async (ctx, { params }) => bidJson(await foldBid(ctx, params.offerId)),
  },
  {
    method: "GET",
    path: "/bids/user-amount-bid/:offerId",
    access: "signedIn",
    handle: async (ctx, { params }) => {
      const bid = await viewerBid(ctx, params.offerId);
      return { amount: bid ? bid.amountCents / 100 : null, status: bid?.status ?? null };
    },
  },
  {
    method: "GET",
    path: "/bids/user-bid/:offerId",
    access: "signedIn",
    handle: async (ctx, { params }) => {
      const bid = await viewerBid(ctx, params.offerId);
      return bid ? bidJson(bid) : null;
    },
  },
  {
    method: "GET",
    path: "/bids/winner-bids",
    access: "signedIn",
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
    handle: async (ctx, { params, query, request }) => {
      const page = readRestPage(query);
      const connection = await findBidderPage(ctx, params.offerId, { page: page.page, pageSize: page.limit });
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
    handle: async (ctx, { params }) => userWinsLosses(ctx, params.userId),
  },
  {
    method: "PATCH",
    path: "/bids/user-bid/:id/status",
    access: "signedIn",
    handle: async (ctx, { params, body }) => bidJson(await setBidStatus(ctx, params.id, body)),
  },
  {
    // The spec's "user info body" call: assigns the load to the winning user. {a} names the offer
    // (or its load id), {b} the user (id or userId) whose bid on it wins; a body userId/user_id,
    // when sent, must name the same user. It is the winner confirmation, with its rules.
    method: "POST",
    path: "/bids/:offerId/:userId",
    access: "admin",
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

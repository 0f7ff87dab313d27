import { requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { getConfirmDetails, saveConfirmDetails } from "./confirm-details.ts";
import { bidJson, confirmDetailsJson, OFFER_JSON_INCLUDE, type OfferWithLoad, offerJson } from "./json.ts";
import {
  findOfferPage,
  type OfferListScope,
  setOfferStatus,
  startNextRound,
  startOffer,
  visibleOfferOrThrow,
} from "./service.ts";
import { confirmWinner } from "./winner.ts";

async function offerReply(ctx: Context, offerId: string) {
  const viewer = requireViewer(ctx);
  const offer = (await ctx.db.offer.findUniqueOrThrow({
    where: { id: offerId },
    include: {
      ...OFFER_JSON_INCLUDE,
      bids: viewer.role === "ADMIN" ? false : { where: { userId: viewer.id } },
    },
  })) as OfferWithLoad & { bids?: import("../generated/sqlite/client.ts").Bid[] };
  return offerJson(offer, {
    admin: viewer.role === "ADMIN",
    myBid: viewer.role === "ADMIN" ? undefined : (offer.bids?.[0] ?? null),
  });
}

function listHandler(scope: OfferListScope): RestRoute["handle"] {
  return async (ctx, { query, request }) => {
    const viewer = requireViewer(ctx);
    const page = readRestPage(query);
    const admin = viewer.role === "ADMIN";
    const connection = await findOfferPage(
      ctx,
      {
        scope,
        search: query.get("search"),
        originState: query.get("originState"),
        destinationState: query.get("destinationState"),
        equipmentType: query.get("equipmentType"),
        paging: { page: page.page, pageSize: page.limit },
      },
      { include: { ...OFFER_JSON_INCLUDE, bids: admin ? false : { where: { userId: viewer.id } } } },
    );
    const now = Date.now();
    const items = connection.edges.map(({ node }) => {
      const offer = node as OfferWithLoad & { bids?: import("../generated/sqlite/client.ts").Bid[] };
      return offerJson(offer, { admin, myBid: admin ? undefined : (offer.bids?.[0] ?? null), now });
    });
    return pagedReply(items, page, await connection.totalCount(), request);
  };
}

type Body = Record<string, unknown> | undefined;

export const offerRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/offers",
    access: "admin",
    handle: async (ctx, { body }) => withStatus(201, await offerReply(ctx, (await startOffer(ctx, body)).id)),
  },
  { method: "GET", path: "/offers/active-offers", access: "signedIn", handle: listHandler("active") },
  { method: "GET", path: "/offers/history-logs", access: "admin", handle: listHandler("history") },
  { method: "GET", path: "/offers/history-wins", access: "signedIn", handle: listHandler("wins") },
  {
    method: "GET",
    path: "/offers/active-offers/:loadId",
    access: "signedIn",
    handle: async (ctx, { params }) => {
      const offer = await visibleOfferOrThrow(ctx, params.loadId);
      return [await offerReply(ctx, offer.id)];
    },
  },
  {
    method: "PATCH",
    path: "/offers/:id/status",
    access: "admin",
    handle: async (ctx, { params, body }) => offerReply(ctx, (await setOfferStatus(ctx, params.id, body)).id),
  },
  {
    method: "POST",
    path: "/offers/:id/rounds",
    access: "admin",
    handle: async (ctx, { params, body }) =>
      withStatus(201, await offerReply(ctx, (await startNextRound(ctx, params.id, body)).id)),
  },
  {
    method: "POST",
    path: "/offers/:id/winner",
    access: "admin",
    handle: async (ctx, { params, body }) => {
      const decision = await confirmWinner(ctx, params.id, body);
      const winner = await ctx.db.bid.findUniqueOrThrow({ where: { id: decision.winnerBidId } });
      return { offer: await offerReply(ctx, decision.offerId), winner: bidJson(winner) };
    },
  },
  {
    method: "GET",
    path: "/offers/:loadId/confirm-details",
    access: "signedIn",
    handle: async (ctx, { params }) => confirmDetailsJson(await getConfirmDetails(ctx, params.loadId)),
  },
  {
    method: "PUT",
    path: "/offers/:loadId/confirm-details",
    access: "signedIn",
    handle: async (ctx, { params, body }) =>
      confirmDetailsJson(await saveConfirmDetails(ctx, params.loadId, body as Body)),
  },
];

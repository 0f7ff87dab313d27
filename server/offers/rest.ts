import { z } from "zod";
import { BOARD_MESSAGES, parseCityState } from "../../common/offer-board.ts";
import { EQUIPMENT_TYPES, OFFER_MESSAGES } from "../../common/offers.ts";
import { requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { ValidationError } from "../errors.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { getConfirmDetails, saveConfirmDetails } from "./confirm-details.ts";
import { confirmDetailsInput } from "./confirm-details.validation.ts";
import { bidJson, confirmDetailsJson, OFFER_JSON_INCLUDE, type OfferWithLoad, offerJson } from "./json.ts";
import { confirmDetailsSchema, offerSchema, winnerConfirmedSchema } from "./rest-schemas.ts";
import {
  findOfferPage,
  type OfferListScope,
  setOfferStatus,
  startNextRound,
  startOffer,
  visibleOfferOrThrow,
} from "./service.ts";
import { nextRoundInput, offerStatusInput, startOfferInput, winnerInput } from "./validation.ts";
import { confirmWinner } from "./winner.ts";

export async function offerReply(ctx: Context, offerId: string) {
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

/** `near=Chicago, IL&withinMiles=50` (100 miles when withinMiles is left out). */
function nearOf(query: URLSearchParams) {
  const text = query.get("near");
  if (!text) return null;
  const place = parseCityState(text);
  if (!place) {
    throw new ValidationError(BOARD_MESSAGES.cityFormat, [
      { field: "near", message: BOARD_MESSAGES.cityFormat },
    ]);
  }
  const miles = query.get("withinMiles");
  if (miles !== null && !/^\d{1,4}$/.test(miles)) {
    throw new ValidationError(BOARD_MESSAGES.milesRange, [
      { field: "withinMiles", message: BOARD_MESSAGES.milesRange },
    ]);
  }
  return { ...place, miles: miles === null ? 100 : Number(miles) };
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
        near: nearOf(query),
        paging: restPaging(page),
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

const listQuery = pagedQuery({
  search: queryParam("Text in the load id, origin city or destination city."),
  originState: queryParam("Only offers from this state (two letters)."),
  destinationState: queryParam("Only offers to this state (two letters)."),
  equipmentType: queryParam("Only offers for this equipment.", EQUIPMENT_TYPES),
  near: queryParam(
    'Only offers picking up within withinMiles of this city, "City, ST" (a city with located facilities).',
  ),
  withinMiles: queryParam("The radius for near, in miles from 1 to 500 (100 when left out)."),
});

const offerList = (what: string, refusals = errors(400)) => ({
  querystring: listQuery,
  response: { 200: pagedList(offerSchema, what), ...refusals },
});

/** A carrier account waiting for approval, or rejected, has no marketplace. */
const MARKETPLACE_CLOSED = errors(400, {
  403: "The carrier account is waiting for approval or was rejected.",
});

const OFFER_NOT_FOUND = { 404: OFFER_MESSAGES.notFound };

export const offerRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/offers",
    access: "admin",
    schema: {
      summary: "Start bidding on a load",
      description:
        "Opens an offer for the load (by loadId) with a first round of `roundMinutes` (default 30); " +
        "eligible carriers are notified. 409 when the load already has an open offer. Operators only.",
      body: startOfferInput,
      response: { 201: offerSchema, ...errors(400, { 409: OFFER_MESSAGES.alreadyOpen }) },
    },
    handle: async (ctx, { body }) => withStatus(201, await offerReply(ctx, (await startOffer(ctx, body)).id)),
  },
  {
    method: "GET",
    path: "/offers/active-offers",
    access: "signedIn",
    schema: {
      summary: "List active offers",
      description:
        "Offers open for bids, soonest round end first, paged: every one for operators (with the " +
        "target rate), the ones a carrier may bid on (with its own bid) for carriers.",
      ...offerList("A page of active offers.", MARKETPLACE_CLOSED),
    },
    handle: listHandler("active"),
  },
  {
    method: "GET",
    path: "/offers/history-logs",
    access: "admin",
    schema: {
      summary: "List finished offers",
      description: "History Logs: decided and cancelled offers, newest first, paged. Operators only.",
      ...offerList("A page of finished offers."),
    },
    handle: listHandler("history"),
  },
  {
    method: "GET",
    path: "/offers/history-wins",
    access: "signedIn",
    schema: {
      summary: "List my won offers",
      description: "History Wins: the offers the calling carrier won, newest first, paged.",
      ...offerList("A page of won offers.", MARKETPLACE_CLOSED),
    },
    handle: listHandler("wins"),
  },
  {
    method: "GET",
    path: "/offers/active-offers/:loadId",
    access: "signedIn",
    schema: {
      summary: "Get a load's offer",
      description:
        "The offer of a load (by loadId or offer id) as a one-item list (the spec's shape), if the " +
        "caller may see it.",
      response: {
        200: z.array(offerSchema).describe("A list whose first item is the offer."),
        ...errors(OFFER_NOT_FOUND),
      },
    },
    handle: async (ctx, { params }) => {
      const offer = await visibleOfferOrThrow(ctx, params.loadId);
      return [await offerReply(ctx, offer.id)];
    },
  },
  {
    method: "PATCH",
    path: "/offers/:id/status",
    access: "admin",
    schema: {
      summary: "Set an offer's status",
      description:
        "Finish or cancel an offer (choosing a winner is POST /offers/{id}/winner). Operators only.",
      body: offerStatusInput,
      response: { 200: offerSchema, ...errors(400, OFFER_NOT_FOUND, 409) },
    },
    handle: async (ctx, { params, body }) => offerReply(ctx, (await setOfferStatus(ctx, params.id, body)).id),
  },
  {
    method: "POST",
    path: "/offers/:id/rounds",
    access: "admin",
    schema: {
      summary: "Start the next round",
      description:
        "A new bidding round of `roundMinutes` (default 30) once the current one has ended; the bidders " +
        "are notified. Operators only.",
      body: nextRoundInput,
      response: {
        201: offerSchema,
        ...errors(400, OFFER_NOT_FOUND, {
          409: `${OFFER_MESSAGES.roundRunning} / ${OFFER_MESSAGES.notActive}`,
        }),
      },
    },
    handle: async (ctx, { params, body }) =>
      withStatus(201, await offerReply(ctx, (await startNextRound(ctx, params.id, body)).id)),
  },
  {
    method: "POST",
    path: "/offers/:id/winner",
    access: "admin",
    schema: {
      summary: "Confirm the winner",
      description:
        "Confirm Winner: the bid wins, every other bid loses, the load goes to the winning carrier, the " +
        "offer finishes and the bidders are notified, all at once. 409 when the offer was already " +
        "decided or is not active. Operators only.",
      body: winnerInput,
      response: {
        200: winnerConfirmedSchema,
        ...errors(400, OFFER_NOT_FOUND, {
          409: `${OFFER_MESSAGES.alreadyDecided} / ${OFFER_MESSAGES.notActive}`,
        }),
      },
    },
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
    schema: {
      summary: "Get a won load's confirmation",
      description: "Confirm Details of a load (by loadId): for its winning carrier or an operator.",
      response: { 200: confirmDetailsSchema, ...errors({ 404: OFFER_MESSAGES.noWinner }) },
    },
    handle: async (ctx, { params }) => confirmDetailsJson(await getConfirmDetails(ctx, params.loadId)),
  },
  {
    method: "PUT",
    path: "/offers/:loadId/confirm-details",
    access: "signedIn",
    schema: {
      summary: "Save a won load's confirmation",
      description:
        "The carrier, truck and driver details; only the fields sent change. The winning carrier or an " +
        "operator, until 12 hours before the load starts (409 after).",
      body: confirmDetailsInput,
      response: {
        200: confirmDetailsSchema,
        ...errors(400, { 404: OFFER_MESSAGES.noWinner, 409: OFFER_MESSAGES.confirmLocked }),
      },
    },
    handle: async (ctx, { params, body }) =>
      confirmDetailsJson(await saveConfirmDetails(ctx, params.loadId, body as Body)),
  },
];

import { z } from "zod";
import { BOOK_NOW_MESSAGES, COUNTER_MESSAGES, COUNTER_STATUSES } from "../../common/booking.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import type { BidCounter } from "../generated/sqlite/client.ts";
import { dateTime, errors } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { bookNow } from "./booking.ts";
import { counterInput } from "./counter-validation.ts";
import { acceptCounter, counterBid, counterStatus, declineCounter } from "./counters.ts";
import { bidJson } from "./json.ts";
import { offerReply } from "./rest.ts";
import { winnerConfirmedSchema } from "./rest-schemas.ts";

/** Book Now and counter-offers over REST (issue #29): the same services as the GraphQL mutations. */

const counterSchema = z
  .object({
    _id: z.string(),
    bidId: z.string(),
    offerId: z.string(),
    amount: z.number().describe("The operator's counter amount, in dollars."),
    note: z.string().nullable(),
    status: z.enum(COUNTER_STATUSES).describe("An open counter past its expiresAt reads expired."),
    expiresAt: dateTime.describe(
      "Until when the carrier may accept (COUNTER_OFFER_MINUTES after it was made).",
    ),
    decidedAt: dateTime.nullable(),
    createdAt: dateTime,
  })
  .meta({ id: "BidCounter", description: "An operator's counter-offer on a carrier's bid." });

function counterJson(counter: BidCounter): z.infer<typeof counterSchema> {
  return {
    _id: counter.id,
    bidId: counter.bidId,
    offerId: counter.offerId,
    amount: counter.amountCents / 100,
    note: counter.note,
    status: counterStatus(counter) as z.infer<typeof counterSchema>["status"],
    expiresAt: counter.expiresAt.toISOString(),
    decidedAt: counter.decidedAt?.toISOString() ?? null,
    createdAt: counter.createdAt.toISOString(),
  };
}

const NOT_YOUR_BID = { 403: COUNTER_MESSAGES.notYours, 404: COUNTER_MESSAGES.bidNotFound };

export const bookingRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/offers/:loadId/book",
    access: "signedIn",
    schema: {
      summary: "Book Now",
      description:
        "The calling carrier books the offer (by loadId or offer id) at its Book Now price and wins at " +
        "once: the round ends, every other bid loses, the load goes to the carrier and the tender follows " +
        "(accept it at /offers/{loadId}/tender/accept). Exactly one booking wins: 409 for the others, for an " +
        "offer without a Book Now price, a finished offer or a closed round. Carriers only.",
      response: {
        200: winnerConfirmedSchema,
        ...errors(
          { 403: BOOK_NOW_MESSAGES.adminCannotBook, 404: OFFER_MESSAGES.notFound },
          {
            409: `${BOOK_NOW_MESSAGES.taken} / ${BOOK_NOW_MESSAGES.notOffered} / ${BOOK_NOW_MESSAGES.roundClosed}`,
          },
        ),
      },
    },
    handle: async (ctx, { params }) => {
      const decision = await bookNow(ctx, params.loadId);
      const winner = await ctx.db.bid.findUniqueOrThrow({ where: { id: decision.winnerBidId } });
      return { offer: await offerReply(ctx, decision.offerId), winner: bidJson(winner) };
    },
  },
  {
    method: "POST",
    path: "/bids/:bidId/counter",
    access: "admin",
    schema: {
      summary: "Counter a bid",
      description:
        "`{ amount, note }`: the operator counters the carrier's active bid (amount in dollars by the bid " +
        "rule; note up to 500 characters). The carrier is notified and has COUNTER_OFFER_MINUTES to accept " +
        "or decline; bidding again supersedes it. 409 when the bid already has an open counter or is not " +
        "active. Operators only.",
      body: counterInput,
      response: {
        201: counterSchema,
        ...errors(
          400,
          { 404: COUNTER_MESSAGES.bidNotFound },
          {
            409: `${COUNTER_MESSAGES.alreadyOpen} / ${COUNTER_MESSAGES.bidNotActive}`,
          },
        ),
      },
    },
    handle: async (ctx, { params, body }) => {
      return withStatus(201, counterJson(await counterBid(ctx, params.bidId, body)));
    },
  },
  {
    method: "POST",
    path: "/bids/:bidId/counter/accept",
    access: "signedIn",
    schema: {
      summary: "Accept a counter-offer",
      description:
        "The bid's carrier accepts the open counter: the bid takes its amount and wins at once (the offer " +
        "finishes, the others lose, the tender follows). 404 for another carrier's bid; 409 when the " +
        "counter expired or was answered, or the offer closed first.",
      response: {
        200: winnerConfirmedSchema,
        ...errors(NOT_YOUR_BID, {
          409: `${COUNTER_MESSAGES.expired} / ${COUNTER_MESSAGES.notOpen} / ${COUNTER_MESSAGES.offerClosed}`,
        }),
      },
    },
    handle: async (ctx, { params }) => {
      const decision = await acceptCounter(ctx, params.bidId);
      const winner = await ctx.db.bid.findUniqueOrThrow({ where: { id: decision.winnerBidId } });
      return { offer: await offerReply(ctx, decision.offerId), winner: bidJson(winner) };
    },
  },
  {
    method: "POST",
    path: "/bids/:bidId/counter/decline",
    access: "signedIn",
    schema: {
      summary: "Decline a counter-offer",
      description:
        "The bid's carrier declines the open counter; its bid stands as it was and the operator is told. " +
        "404 for another carrier's bid; 409 when the counter expired or was answered.",
      response: {
        200: counterSchema,
        ...errors(NOT_YOUR_BID, { 409: `${COUNTER_MESSAGES.expired} / ${COUNTER_MESSAGES.notOpen}` }),
      },
    },
    handle: async (ctx, { params }) => counterJson(await declineCounter(ctx, params.bidId)),
  },
];

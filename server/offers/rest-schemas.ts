import { z } from "zod";
import { BID_STATUSES, EQUIPMENT_TYPES, OFFER_STATUSES, TIMES_UP } from "../../common/offers.ts";
import { dateTime } from "../http/rest-schemas.ts";
import { CONFIRM_FIELDS } from "./confirm-details.validation.ts";

/** The REST answers of the offers domain (offers/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();

/** `bidJson`: a carrier's bid on an offer (amount in dollars). */
export const bidSchema = z
  .object({
    _id: z.string(),
    offerId: z.string(),
    user: z.string().describe("The bidder's database id."),
    userId: z.string().describe("The bidder's database id (again)."),
    amount: z.number().describe("Dollars."),
    userName: text,
    companyName: text,
    status: z.enum(BID_STATUSES),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: "Bid", description: "A carrier's bid on an offer." });

/** `offerJson`: an offer with its round; `targetRate` for operators, `myBid` for carriers. */
export const offerSchema = z
  .object({
    _id: z.string(),
    loadId: z.string().describe("The load's readable id."),
    startDateTime: dateTime,
    endDateTime: dateTime.nullable(),
    stops: z.number().int(),
    originCity: text,
    originState: text,
    destinationCity: text,
    destinationState: text,
    distance: z.number().nullable().describe("Miles."),
    equipmentType: z.enum(EQUIPMENT_TYPES).nullable(),
    bestOffer: z.number().nullable().describe("The lowest bid so far, in dollars."),
    roundEnds: z
      .union([z.number().int(), z.literal(TIMES_UP)])
      .describe(`Whole minutes left in the round, or "${TIMES_UP}".`),
    roundEndsAt: dateTime,
    roundNumber: z.number().int(),
    status: z.enum(OFFER_STATUSES),
    bookNowPrice: z
      .number()
      .nullable()
      .describe("The Book Now price in dollars: a carrier may book the load at it and win at once."),
    targetRate: z.number().nullable().optional().describe("The rate aimed at, in dollars (operators only)."),
    myBid: bidSchema.nullable().optional().describe("The caller's own bid (carriers only)."),
  })
  .meta({ id: "Offer", description: "A load offered for bids, with its current round." });

/** POST /offers/{id}/winner. */
export const winnerConfirmedSchema = z.object({ offer: offerSchema, winner: bidSchema });

/** `confirmDetailsJson`: a won load's confirmation fields. */
export const confirmDetailsSchema = z
  .object({
    loadId: z.string(),
    startDateTime: dateTime,
    editable: z.boolean().describe("False within 12 hours of the start: the fields can no longer change."),
    ...(Object.fromEntries(
      CONFIRM_FIELDS.map((field) => [field, field === "carrierRate" ? z.number().nullable() : text]),
    ) as Record<(typeof CONFIRM_FIELDS)[number], z.ZodNullable<z.ZodString | z.ZodNumber>>),
    updatedAt: dateTime.nullable(),
  })
  .meta({
    id: "ConfirmDetails",
    description: "A won load's confirmation: carrier, truck and driver details.",
  });

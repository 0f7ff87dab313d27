import { BID_RANKS, type BidRank } from "../../common/offer-board.ts";
import { EQUIPMENT_TYPES, OFFER_STATUSES, roundEnds, TIMES_UP } from "../../common/offers.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { nullWhenNotFound } from "../errors.ts";
import type { Bid, Offer } from "../generated/sqlite/client.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { SAME_FOR_ROLE } from "../graphql/shared-subscriptions.ts";
import { filterEvents, silentStream } from "../lib/event-stream.ts";
import { locatedCities } from "../nass/service.ts";
import type { Topics } from "../pubsub.ts";
import { requireMarketplaceAccess } from "../users/marketplace-access.ts";
import { AwardRulesInputRef, awardRulesFromGraphQL } from "./award-input.ts";
import { BidType } from "./bids/schema.ts";
import { type ConfirmDetails, getConfirmDetails, saveConfirmDetails } from "./confirm-details.ts";
import { readOncePerEvent } from "./read-once.ts";
import { offerReadPolicy } from "./read-policy.ts";
import {
  findOfferPage,
  type OfferListScope,
  type OfferSortField,
  setOfferStatus,
  startNextRound,
  startOffer,
  visibleOfferOrThrow,
} from "./service.ts";
import { offerWatchRule } from "./watchers.ts";
import { confirmWinner } from "./winner.ts";

export const OfferStatusEnum = builder.enumType("OfferStatus", {
  description: "Where an offer stands.",
  values: describedValues(OFFER_STATUSES, {
    active: "Open for bids.",
    finished: "Bidding is over (a winner confirmed, or closed with every open bid lost).",
    cancelled: "Called off by an admin.",
  }),
});
export const EquipmentTypeEnum = builder.enumType("EquipmentType", {
  description:
    'The trailer or service an offer asks for; the value is the label (e.g. DRY_VAN is "Dry Van").',
  values: Object.fromEntries(
    EQUIPMENT_TYPES.map((type) => [
      type.toUpperCase().replace(/[^A-Z]/g, "_"),
      { value: type, description: `${type}.` },
    ]),
  ) as Record<string, { value: (typeof EQUIPMENT_TYPES)[number] }>,
});

/** The options of an optional load column the offer keeps a copy of (the same for every viewer). */
const loadCopy = (description: string) =>
  ({ nullable: true, description, extensions: SAME_FOR_ROLE }) as const;

export const OfferType = builder.prismaNode("Offer", {
  id: { field: "id", extensions: SAME_FOR_ROLE },
  description: "A load out for bidding, in timed rounds (spec section 3, Offer).",
  ...readPolicyOptions(offerReadPolicy),
  fields: (t) => ({
    loadId: t.string({
      description: "The offered load's readable loadId.",
      extensions: SAME_FOR_ROLE,
      select: { load: { select: { loadId: true } } },
      resolve: (offer) => offer.load.loadId,
    }),
    startDateTime: t.expose("startDateTime", {
      type: "DateTime",
      description: "The load's pickup date.",
      extensions: SAME_FOR_ROLE,
    }),
    endDateTime: t.expose("endDateTime", {
      type: "DateTime",
      nullable: true,
      description: "The load's delivery date.",
      extensions: SAME_FOR_ROLE,
    }),
    stops: t.exposeInt("stops", { description: "How many stops the load makes.", extensions: SAME_FOR_ROLE }),
    originCity: t.exposeString("originCity", loadCopy("The pickup city.")),
    originState: t.exposeString("originState", loadCopy("The pickup state (two-letter code).")),
    destinationCity: t.exposeString("destinationCity", loadCopy("The delivery city.")),
    destinationState: t.exposeString("destinationState", loadCopy("The delivery state (two-letter code).")),
    distance: t.exposeFloat("distance", loadCopy("Road miles (planning estimate).")),
    equipmentType: t.exposeString(
      "equipmentType",
      loadCopy("The equipment asked for, as its label (e.g. Dry Van)."),
    ),
    bestOffer: t.float({
      nullable: true,
      description: "The lowest active bid, in dollars.",
      extensions: SAME_FOR_ROLE,
      resolve: (offer) => (offer.bestBidCents === null ? null : offer.bestBidCents / 100),
    }),
    roundEnds: t.string({
      description: `Whole minutes left in the round, or "${TIMES_UP}", from the server's clock.`,
      extensions: SAME_FOR_ROLE,
      resolve: (offer) => String(roundEnds(offer.roundEndsAt)),
    }),
    roundEndsAt: t.expose("roundEndsAt", {
      type: "DateTime",
      description: "When the round closes.",
      extensions: SAME_FOR_ROLE,
    }),
    roundNumber: t.exposeInt("roundNumber", {
      description: "The current round, from 1.",
      extensions: SAME_FOR_ROLE,
    }),
    roundMinutes: t.exposeInt("roundMinutes", {
      description: "How long each round lasts, in minutes.",
      extensions: SAME_FOR_ROLE,
    }),
    status: t.exposeString("status", {
      description: "active, finished or cancelled (see OfferStatus).",
      extensions: SAME_FOR_ROLE,
    }),
    finishedAt: t.expose("finishedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the offer was decided or cancelled.",
      extensions: SAME_FOR_ROLE,
    }),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "When the offer was started.",
      extensions: SAME_FOR_ROLE,
    }),
    targetRate: t.float({
      nullable: true,
      authScopes: { admin: true },
      description: "The operator's target, never shown to carriers.",
      extensions: SAME_FOR_ROLE,
      resolve: (offer) => (offer.targetRateCents === null ? null : offer.targetRateCents / 100),
    }),
    bidCount: t.relationCount("bids", {
      authScopes: { admin: true },
      description: "How many bids it has.",
      extensions: SAME_FOR_ROLE,
    }),
    detailsConfirmed: t.boolean({
      description: "The winner saved the load's confirmation details.",
      extensions: SAME_FOR_ROLE,
      select: { load: { select: { confirmation: { select: { id: true } } } } },
      resolve: (offer) => offer.load.confirmation !== null,
    }),
    winnerBid: t.relation("winnerBid", {
      nullable: true,
      authScopes: { admin: true },
      description: "The confirmed winning bid.",
    }),
    myBid: t.field({
      type: BidType,
      nullable: true,
      description: "The viewer's own bid on this offer.",
      select: (_args, ctx: Context) => ({
        bids: { where: { userId: ctx.viewer?.id ?? "" }, take: 1 },
      }),
      resolve: (offer) => (offer as unknown as { bids: Bid[] }).bids[0] ?? null,
    }),
    myBidRank: t.field({
      type: BidRankEnum,
      nullable: true,
      description:
        "Where the viewer's own active bid stands (lowest or not), saying nothing of the other amounts; " +
        "null without an active bid. An equal lowest bid counts as the lowest.",
      select: (_args, ctx: Context) => ({
        bestBidCents: true,
        bids: { where: { userId: ctx.viewer?.id ?? "" }, take: 1 },
      }),
      resolve: (offer) => {
        const mine = (offer as unknown as { bids: Bid[] }).bids[0];
        if (mine?.status !== "active") return null;
        const best = (offer as unknown as { bestBidCents: number | null }).bestBidCents;
        return best === null || mine.amountCents <= best ? "lowest" : "not_lowest";
      },
    }),
  }),
});

const BidRankEnum = builder.enumType("BidRank", {
  description: "Where a carrier's own bid stands on an offer's board.",
  values: describedValues<BidRank>(BID_RANKS, {
    lowest: "No other active bid is lower.",
    not_lowest: "Another active bid is lower.",
  }),
});

const BoardCityType = builder.objectRef<{ city: string; state: string }>("BoardCity").implement({
  description: "A city with located facilities: a center for the board's distance filter.",
  fields: (t) => ({
    city: t.exposeString("city", { description: "The city's name." }),
    state: t.exposeString("state", { description: "Its two-letter state code." }),
  }),
});

builder.queryField("boardCities", (t) =>
  t.field({
    type: [BoardCityType],
    description:
      "Cities with located facilities whose name starts with the text, at most 20 (the board's city picker).",
    authScopes: { authenticated: true },
    args: { search: t.arg.string({ required: true, description: "The start of the city's name." }) },
    resolve: async (_root, { search }, ctx) => {
      await requireMarketplaceAccess(ctx);
      return locatedCities(ctx.db, providerOf(ctx.config.databaseUrl), search);
    },
  }),
);

const OfferNearInput = builder.inputType("OfferNearInput", {
  description: "A city (one of boardCities) and a radius: offers picking up at a facility that near.",
  fields: (t) => ({
    city: t.string({ required: true, description: "The city's name, as boardCities gives it." }),
    state: t.string({ required: true, description: "The city's two-letter state code." }),
    miles: t.int({ required: true, description: "The radius in miles (great circle), 1 to 500." }),
  }),
});

const OfferFilter = builder.inputType("OfferFilter", {
  description: "Criteria of an offer list; all given ones must hold.",
  fields: (t) => ({
    originState: t.string({ description: "Two-letter state code." }),
    destinationState: t.string({ description: "Two-letter state code." }),
    equipmentType: t.field({ type: EquipmentTypeEnum, description: "Only offers asking for this." }),
    near: t.field({
      type: OfferNearInput,
      description: "Only offers whose pickup facility is within the radius of the city.",
    }),
  }),
});

const OFFER_SORT_DESCRIPTIONS: Record<string, string> = {
  START_DATE_TIME: "By the load's pickup date.",
  ROUND_ENDS_AT: "By when the current round closes.",
  BEST_OFFER: "By the lowest active bid; offers without bids last.",
  CREATED_AT: "By when the offer was started.",
  FINISHED_AT: "By when the offer was decided or cancelled.",
};

const OFFER_SORTS: Record<string, OfferSortField> = {
  START_DATE_TIME: "startDateTime",
  ROUND_ENDS_AT: "roundEndsAt",
  BEST_OFFER: "bestOffer",
  CREATED_AT: "createdAt",
  FINISHED_AT: "finishedAt",
};

type OfferFilterValue = {
  originState?: string | null;
  destinationState?: string | null;
  equipmentType?: string | null;
  near?: { city: string; state: string; miles: number } | null;
};

function offerList(
  fieldName: string,
  name: string,
  scope: OfferListScope,
  description: string,
  authScopes: { admin?: boolean; authenticated?: boolean; carrier?: boolean },
) {
  pagedListField<Offer, OfferFilterValue, OfferSortField>(fieldName, {
    name,
    node: OfferType,
    model: "Offer",
    description,
    authScopes,
    searchDescription: "Text in the load id or the origin/destination city.",
    filter: OfferFilter,
    sortFields: OFFER_SORTS,
    sortFieldDescriptions: OFFER_SORT_DESCRIPTIONS,
    defaultOrder:
      scope === "active"
        ? { field: "roundEndsAt", direction: "asc" }
        : { field: "finishedAt", direction: "desc" },
    load: (ctx, request, query) =>
      findOfferPage(
        ctx,
        {
          scope,
          search: request.search,
          originState: request.filter?.originState,
          destinationState: request.filter?.destinationState,
          equipmentType: request.filter?.equipmentType,
          near: request.filter?.near
            ? { ...request.filter.near, state: request.filter.near.state.toUpperCase() }
            : null,
          sort: request.orderBy,
          paging: request.paging,
        },
        query,
      ),
  });
}

offerList(
  "activeOffers",
  "ActiveOffer",
  "active",
  "Open offers: every one for admins, the ones a carrier may bid on for carriers.",
  {
    authenticated: true,
  },
);
offerList(
  "offerHistory",
  "OfferHistory",
  "history",
  "Finished and cancelled offers, newest first (History Logs).",
  {
    admin: true,
  },
);
offerList("wonOffers", "WonOffer", "wins", "The offers the viewer won (History Wins).", { carrier: true });

builder.queryField("offerByLoadId", (t) =>
  t.prismaField({
    type: OfferType,
    nullable: true,
    description: "The newest offer of a load the viewer may see.",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's readable loadId." }) },
    resolve: async (query, _root, { loadId }, ctx) => {
      const offer = await visibleOfferOrThrow(ctx, loadId).catch(() => null);
      return offer ? ctx.db.offer.findUnique({ ...query, where: { id: offer.id } }) : null;
    },
  }),
);

const ConfirmDetailsRef = builder.objectRef<ConfirmDetails>("ConfirmDetails").implement({
  description: "What the winning carrier confirms about a won load (spec section 2, Confirm details).",
  fields: (t) => {
    const text = (
      field:
        | "carrier"
        | "tier"
        | "trackBy"
        | "dispatcher"
        | "dispatcherEmail"
        | "dispatcherPhone"
        | "truckNumber"
        | "trailerNumber"
        | "firstDriverName"
        | "firstDriverPhone"
        | "secondDriverName",
      description: string,
    ) =>
      t.string({
        nullable: true,
        description,
        resolve: (details) => details.confirmation?.[field] ?? null,
      });
    return {
      loadId: t.exposeString("loadId", { description: "The won load's readable loadId." }),
      startDateTime: t.expose("startDateTime", { type: "DateTime", description: "The load's pickup date." }),
      editable: t.exposeBoolean("editable", { description: "False within 12 hours of the start." }),
      carrier: text("carrier", "The carrier's name as the winner states it."),
      tier: text("tier", "The carrier's tier."),
      trackBy: text("trackBy", "How the load will be tracked."),
      dispatcher: text("dispatcher", "The dispatcher's name."),
      dispatcherEmail: text("dispatcherEmail", "The dispatcher's e-mail."),
      dispatcherPhone: text("dispatcherPhone", "The dispatcher's phone, E.164."),
      carrierRate: t.float({
        nullable: true,
        description: "The carrier rate, a percentage from 0 to 100.",
        resolve: (details) => details.confirmation?.carrierRate ?? null,
      }),
      truckNumber: text("truckNumber", "The truck's number."),
      trailerNumber: text("trailerNumber", "The trailer's number."),
      firstDriverName: text("firstDriverName", "The first driver's name."),
      firstDriverPhone: text("firstDriverPhone", "The first driver's phone, E.164."),
      secondDriverName: text("secondDriverName", "The second driver's name, for a team."),
      updatedAt: t.field({
        type: "DateTime",
        nullable: true,
        description: "When the details were last saved; null before the first save.",
        resolve: (details) => details.confirmation?.updatedAt ?? null,
      }),
    };
  },
});

builder.queryField("confirmDetails", (t) =>
  t.field({
    type: ConfirmDetailsRef,
    nullable: true,
    description: "A won load's confirmation: its winning carrier or an admin; null for anyone else.",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's readable loadId." }) },
    resolve: (_root, { loadId }, ctx) => nullWhenNotFound(getConfirmDetails(ctx, loadId)),
  }),
);

const offerPayload = builder.objectRef<{ offerId: string }>("OfferPayload").implement({
  description: "The offer after the change.",
  fields: (t) => ({
    offer: t.prismaField({
      type: OfferType,
      description: "The changed offer.",
      resolve: (query, payload, _args, ctx) =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: payload.offerId } }),
    }),
  }),
});

const StartOfferInput = builder.inputType("StartOfferInput", {
  description: "The load to put out for bids and the round's terms.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's loadId." }),
    roundMinutes: t.int({ description: "Round length in minutes (default 30)." }),
    targetRate: t.float({
      description: "The operator's target in US dollars, at most two decimals; never shown to carriers.",
    }),
    equipmentType: t.field({ type: EquipmentTypeEnum, description: "The equipment asked for." }),
    bookNowPrice: t.float({
      description:
        "An optional Book Now price in US dollars: a carrier may book the load at it and win at once.",
    }),
    awardRules: t.field({
      type: AwardRulesInputRef,
      description: "Optional award rules: auto-award under a ceiling, or a waterfall (none when omitted).",
    }),
  }),
});
const OfferRoundInput = builder.inputType("StartOfferRoundInput", {
  description: "The offer to reopen for another round.",
  fields: (t) => ({
    offerId: t.id({ required: true, description: "The Offer's global id." }),
    roundMinutes: t.int({ description: "Round length in minutes (default 30)." }),
  }),
});
const OfferStatusInput = builder.inputType("SetOfferStatusInput", {
  description: "The offer and its new status.",
  fields: (t) => ({
    offerId: t.id({ required: true, description: "The Offer's global id." }),
    status: t.field({ type: OfferStatusEnum, required: true, description: "The new status." }),
  }),
});
const ConfirmWinnerInput = builder.inputType("ConfirmWinnerInput", {
  description: "The offer and the bid that wins it.",
  fields: (t) => ({
    offerId: t.id({ required: true, description: "The Offer's global id." }),
    bidId: t.id({ required: true, description: "The winning Bid's global id." }),
  }),
});
const SaveConfirmDetailsInput = builder.inputType("SaveConfirmDetailsInput", {
  description: "A won load's confirmation details; every field is optional, an empty text clears it.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The won load's readable loadId." }),
    carrier: t.string({ description: "The carrier's name, at most 120 characters." }),
    tier: t.string({ description: "The carrier's tier, at most 120 characters." }),
    trackBy: t.string({ description: "How the load will be tracked, at most 120 characters." }),
    dispatcher: t.string({ description: "The dispatcher's name, at most 120 characters." }),
    dispatcherEmail: t.string({ description: "The dispatcher's e-mail." }),
    dispatcherPhone: t.string({ description: "The dispatcher's US or Canadian phone; stored as E.164." }),
    carrierRate: t.float({ description: "The carrier rate, a percentage from 0 to 100." }),
    truckNumber: t.string({ description: "The truck's number, at most 120 characters." }),
    trailerNumber: t.string({ description: "The trailer's number, at most 120 characters." }),
    firstDriverName: t.string({ description: "The first driver's name, at most 120 characters." }),
    firstDriverPhone: t.string({ description: "The first driver's US or Canadian phone; stored as E.164." }),
    secondDriverName: t.string({ description: "The second driver's name, at most 120 characters." }),
  }),
});

const offerId = (id: string | number) => decodeGlobalIdOf("Offer", id);

builder.mutationFields((t) => ({
  startOffer: t.field({
    type: offerPayload,
    description: "Puts a load out for bidding; eligible carriers are notified.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: StartOfferInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      offerId: (await startOffer(ctx, { ...input, awardRules: awardRulesFromGraphQL(input.awardRules) })).id,
    }),
  }),
  startOfferRound: t.field({
    type: offerPayload,
    description: "A new round on an offer whose round ended; bids carry over.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: OfferRoundInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      offerId: (
        await startNextRound(ctx, offerId(input.offerId), { roundMinutes: input.roundMinutes ?? undefined })
      ).id,
    }),
  }),
  setOfferStatus: t.field({
    type: offerPayload,
    description: "Closes an active offer as finished (its open bids lose) or cancelled.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: OfferStatusInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      offerId: (await setOfferStatus(ctx, offerId(input.offerId), { status: input.status })).id,
    }),
  }),
  confirmWinner: t.field({
    type: offerPayload,
    description: "Confirms the winning bid: one atomic award; a second or racing one is refused.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ConfirmWinnerInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const decision = await confirmWinner(ctx, offerId(input.offerId), {
        bidId: decodeGlobalIdOf("Bid", input.bidId),
      });
      return { offerId: decision.offerId };
    },
  }),
  saveConfirmDetails: t.field({
    type: ConfirmDetailsRef,
    description:
      "Saves a won load's confirmation details: its winning carrier or an admin, until 12 hours before the start.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SaveConfirmDetailsInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const { loadId, ...fields } = input;
      return saveConfirmDetails(ctx, loadId, fields);
    },
  }),
}));

builder.subscriptionField("offerChanged", (t) =>
  t.prismaField({
    type: OfferType,
    description:
      "An offer the viewer may see, each time it opens, gets a bid, closes a round or is decided; optionally one offer only.",
    authScopes: { authenticated: true },
    // Who hears an event is decided per subscriber in subscribe; the offer it reads is the same for all.
    // Its Offer passes the type's read policy for any subscriber that heard the event: the filter
    // (offerWatchRule) asked the same policy, so one subscriber's answer serves the others.
    extensions: SAME_FOR_ROLE,
    args: {
      offerId: t.arg.id({ description: "Only this offer (its global id); all visible offers when omitted." }),
    },
    subscribe: async (_root, args, ctx) => {
      const only = args.offerId ? offerId(args.offerId) : null;
      // A carrier still waiting for approval (or rejected) gets no live offers either.
      const viewer = await requireMarketplaceAccess(ctx);
      const mayWatch = await offerWatchRule(ctx, viewer);
      if (only) {
        // One offer only: its own topic, and the right to it decided once, now, so no event
        // costs a check (an offer the carrier may not see stays silent, as in the list).
        return (await mayWatch(only))
          ? ctx.pubsub.subscribe(`offer:${only}`)
          : silentStream<Topics["offers"][0]>();
      }
      return filterEvents(ctx.pubsub.subscribe("offers"), (event) => mayWatch(event.offerId, event));
    },
    resolve: (query, event: { offerId: string }, _args, ctx) =>
      readOncePerEvent(event, query, () =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: event.offerId } }),
      ),
  }),
);

import { filter, pipe } from "graphql-yoga";
import { EQUIPMENT_TYPES, OFFER_STATUSES, roundEnds, TIMES_UP } from "../../common/offers.ts";
import { policy } from "../auth/policy.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import type { Bid, Offer } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { requireMarketplaceAccess } from "../users/marketplace-access.ts";
import { BidType } from "./bids/schema.ts";
import { type ConfirmDetails, getConfirmDetails, saveConfirmDetails } from "./confirm-details.ts";
import { readOncePerEvent } from "./read-once.ts";
import {
  carrierOfferWhere,
  findOfferPage,
  type OfferListScope,
  type OfferSortField,
  setOfferStatus,
  startNextRound,
  startOffer,
  visibleOfferOrThrow,
} from "./service.ts";
import { confirmWinner } from "./winner.ts";

export const OfferStatusEnum = builder.enumType("OfferStatus", { values: OFFER_STATUSES });
export const EquipmentTypeEnum = builder.enumType("EquipmentType", {
  values: Object.fromEntries(
    EQUIPMENT_TYPES.map((type) => [type.toUpperCase().replace(/[^A-Z]/g, "_"), { value: type }]),
  ) as Record<string, { value: (typeof EQUIPMENT_TYPES)[number] }>,
});

export const OfferType = builder.prismaNode("Offer", {
  id: { field: "id" },
  description: "A load out for bidding, in timed rounds (spec section 3, Offer).",
  authScopes: { authenticated: true },
  fields: (t) => ({
    loadId: t.string({
      select: { load: { select: { loadId: true } } },
      resolve: (offer) => offer.load.loadId,
    }),
    startDateTime: t.expose("startDateTime", { type: "DateTime" }),
    endDateTime: t.expose("endDateTime", { type: "DateTime", nullable: true }),
    stops: t.exposeInt("stops"),
    originCity: t.exposeString("originCity", { nullable: true }),
    originState: t.exposeString("originState", { nullable: true }),
    destinationCity: t.exposeString("destinationCity", { nullable: true }),
    destinationState: t.exposeString("destinationState", { nullable: true }),
    distance: t.exposeFloat("distance", { nullable: true, description: "Road miles (planning estimate)." }),
    equipmentType: t.exposeString("equipmentType", { nullable: true }),
    bestOffer: t.float({
      nullable: true,
      description: "The lowest active bid, in dollars.",
      resolve: (offer) => (offer.bestBidCents === null ? null : offer.bestBidCents / 100),
    }),
    roundEnds: t.string({
      description: `Whole minutes left in the round, or "${TIMES_UP}", from the server's clock.`,
      resolve: (offer) => String(roundEnds(offer.roundEndsAt)),
    }),
    roundEndsAt: t.expose("roundEndsAt", { type: "DateTime", description: "When the round closes." }),
    roundNumber: t.exposeInt("roundNumber"),
    roundMinutes: t.exposeInt("roundMinutes"),
    status: t.exposeString("status"),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    targetRate: t.float({
      nullable: true,
      authScopes: { admin: true },
      description: "The operator's target, never shown to carriers.",
      resolve: (offer) => (offer.targetRateCents === null ? null : offer.targetRateCents / 100),
    }),
    bidCount: t.relationCount("bids", { authScopes: { admin: true } }),
    detailsConfirmed: t.boolean({
      description: "The winner saved the load's confirmation details.",
      select: { load: { select: { confirmation: { select: { id: true } } } } },
      resolve: (offer) => offer.load.confirmation !== null,
    }),
    winnerBid: t.relation("winnerBid", { nullable: true, authScopes: { admin: true } }),
    myBid: t.field({
      type: BidType,
      nullable: true,
      description: "The viewer's own bid on this offer.",
      select: (_args, ctx: Context) => ({
        bids: { where: { userId: ctx.viewer?.id ?? "" }, take: 1 },
      }),
      resolve: (offer) => (offer as unknown as { bids: Bid[] }).bids[0] ?? null,
    }),
  }),
});

const OfferFilter = builder.inputType("OfferFilter", {
  fields: (t) => ({
    originState: t.string({ description: "Two-letter state code." }),
    destinationState: t.string({ description: "Two-letter state code." }),
    equipmentType: t.field({ type: EquipmentTypeEnum }),
  }),
});

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
    args: { loadId: t.arg.string({ required: true }) },
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
    ) => t.string({ nullable: true, resolve: (details) => details.confirmation?.[field] ?? null });
    return {
      loadId: t.exposeString("loadId"),
      startDateTime: t.expose("startDateTime", { type: "DateTime" }),
      editable: t.exposeBoolean("editable", { description: "False within 12 hours of the start." }),
      carrier: text("carrier"),
      tier: text("tier"),
      trackBy: text("trackBy"),
      dispatcher: text("dispatcher"),
      dispatcherEmail: text("dispatcherEmail"),
      dispatcherPhone: text("dispatcherPhone"),
      carrierRate: t.float({
        nullable: true,
        resolve: (details) => details.confirmation?.carrierRate ?? null,
      }),
      truckNumber: text("truckNumber"),
      trailerNumber: text("trailerNumber"),
      firstDriverName: text("firstDriverName"),
      firstDriverPhone: text("firstDriverPhone"),
      secondDriverName: text("secondDriverName"),
      updatedAt: t.field({
        type: "DateTime",
        nullable: true,
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
    args: { loadId: t.arg.string({ required: true }) },
    resolve: (_root, { loadId }, ctx) =>
      getConfirmDetails(ctx, loadId).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
  }),
);

const offerPayload = builder.objectRef<{ offerId: string }>("OfferPayload").implement({
  fields: (t) => ({
    offer: t.prismaField({
      type: OfferType,
      resolve: (query, payload, _args, ctx) =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: payload.offerId } }),
    }),
  }),
});

const StartOfferInput = builder.inputType("StartOfferInput", {
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's loadId." }),
    roundMinutes: t.int({ description: "Round length in minutes (default 30)." }),
    targetRate: t.float(),
    equipmentType: t.field({ type: EquipmentTypeEnum }),
  }),
});
const OfferRoundInput = builder.inputType("StartOfferRoundInput", {
  fields: (t) => ({ offerId: t.id({ required: true }), roundMinutes: t.int() }),
});
const OfferStatusInput = builder.inputType("SetOfferStatusInput", {
  fields: (t) => ({
    offerId: t.id({ required: true }),
    status: t.field({ type: OfferStatusEnum, required: true }),
  }),
});
const ConfirmWinnerInput = builder.inputType("ConfirmWinnerInput", {
  fields: (t) => ({ offerId: t.id({ required: true }), bidId: t.id({ required: true }) }),
});
const SaveConfirmDetailsInput = builder.inputType("SaveConfirmDetailsInput", {
  fields: (t) => ({
    loadId: t.string({ required: true }),
    carrier: t.string(),
    tier: t.string(),
    trackBy: t.string(),
    dispatcher: t.string(),
    dispatcherEmail: t.string(),
    dispatcherPhone: t.string(),
    carrierRate: t.float(),
    truckNumber: t.string(),
    trailerNumber: t.string(),
    firstDriverName: t.string(),
    firstDriverPhone: t.string(),
    secondDriverName: t.string(),
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
    resolve: async (_root, { input }, ctx) => ({ offerId: (await startOffer(ctx, input)).id }),
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
    args: { offerId: t.arg.id() },
    subscribe: async (_root, args, ctx) => {
      const only = args.offerId ? offerId(args.offerId) : null;
      // A carrier still waiting for approval (or rejected) gets no live offers either.
      const viewer = await requireMarketplaceAccess(ctx);
      // Whether a carrier may see an offer does not change while it is open: ask once per offer.
      const visibility = new Map<string, Promise<boolean>>();
      let carrierWhere: ReturnType<typeof carrierOfferWhere> | undefined;
      const visible = (id: string) => {
        let known = visibility.get(id);
        if (!known) {
          carrierWhere ??= carrierOfferWhere(ctx, viewer);
          known = carrierWhere.then(
            async (where) => (await ctx.db.offer.count({ where: { AND: [{ id }, where] } })) > 0,
          );
          visibility.set(id, known);
        }
        return known;
      };
      return pipe(
        ctx.pubsub.subscribe("offers"),
        filter(async (event: { offerId: string }) => {
          if (only && event.offerId !== only) return false;
          return policy.isAdmin(viewer) || visible(event.offerId);
        }),
      );
    },
    resolve: (query, event: { offerId: string }, _args, ctx) =>
      readOncePerEvent(event, query, () =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: event.offerId } }),
      ),
  }),
);

import { TENDER_STATUSES, type TenderStatus } from "../../common/offers.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import type { ReadPolicy } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import { carrierNameOf } from "../carriers/lookup.ts";
import type { Tender } from "../generated/sqlite/client.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { filterEvents, silentStream } from "../lib/event-stream.ts";
import { LoadType } from "../loads/schema.ts";
import type { Topics } from "../pubsub.ts";
import { findOfferRef } from "./offer-ref.ts";
import { OfferType } from "./schema.ts";
import {
  acceptTender,
  declineTender,
  effectiveTenderStatus,
  mayReadTender,
  type TenderView,
  tenderForViewer,
  tenderOfLoadForViewer,
  tenderOfOfferForViewer,
  tenderPdfPath,
  tenderRateConfirmation,
} from "./tender.ts";

/** Operators read every tender; a carrier user reads those of its own carrier side. */
const tenderReadPolicy: ReadPolicy<Tender> = {
  reach: (viewer) => (viewer === null ? "none" : policy.isAdmin(viewer) ? "all" : "rows"),
  row: (ctx, tender) => mayReadTender(ctx, tender),
};

const TenderStatusEnum = builder.enumType("TenderStatus", {
  description: "Where a tender stands.",
  values: describedValues(TENDER_STATUSES, {
    pending: "Waiting for the carrier to accept, until expiresAt.",
    accepted: "The carrier accepted and signed the rate confirmation.",
    declined: "The carrier (or an operator on its behalf) declined; the award passed on.",
    expired: "Nobody accepted in time; the award passed on.",
  }),
});

export const TenderNode = builder.prismaNode("Tender", {
  id: { field: "id" },
  description:
    "The rate confirmation put to an award's winner, and the carrier's answer (accepted with an e-signature, declined, expired).",
  ...readPolicyOptions(tenderReadPolicy),
  fields: (t) => ({
    loadId: t.string({
      description: "The load's readable id.",
      select: { offer: { select: { load: { select: { loadId: true } } } } },
      resolve: (tender) => tender.offer.load.loadId,
    }),
    status: t.field({
      type: TenderStatusEnum,
      description: "pending, accepted, declined or expired (a pending tender past expiresAt reads expired).",
      resolve: (tender) => effectiveTenderStatus(tender) as TenderStatus,
    }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "Until when the carrier may accept." }),
    decidedAt: t.expose("decidedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was accepted, declined or expired.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the award made it." }),
    amount: t.float({
      description: "The tendered rate, in dollars.",
      resolve: (tender) => tender.amountCents / 100,
    }),
    carrierName: t.string({
      description: "The carrier the tender was put to.",
      select: { bid: { select: { companyName: true, userName: true } } },
      resolve: async (tender, _args, ctx) =>
        (await carrierNameOf(ctx.db, tender.carrierId)) ??
        tender.bid.companyName ??
        tender.bid.userName ??
        "Carrier",
    }),
    declineReason: t.exposeString("declineReason", { nullable: true, description: "Why it was declined." }),
    rateConfirmationUrl: t.string({
      description: "GET this path with the viewer's token for the rate confirmation PDF.",
      select: { offer: { select: { load: { select: { loadId: true } } } } },
      resolve: (tender) => tenderPdfPath(tender.offer.load.loadId),
    }),
    rateConfirmationSha256: t.string({
      description: "Hex SHA-256 of the rate confirmation PDF: what an acceptance signs.",
      resolve: async (tender, _args, ctx) =>
        tender.documentSha256 ?? (await tenderRateConfirmation(ctx.db, tender)).sha256,
    }),
    signerName: t.exposeString("signerName", {
      nullable: true,
      description: "The full name the signer typed, once accepted.",
    }),
    signedAt: t.expose("signedAt", { type: "DateTime", nullable: true, description: "When it was signed." }),
    signerIp: t.exposeString("signerIp", {
      nullable: true,
      authScopes: { admin: true },
      description: "The signer's client address (operators only).",
    }),
    viewerMayAnswer: t.boolean({
      description: "Whether the viewer may accept it now (the carrier side, while pending and not expired).",
      resolve: (tender, _args, ctx) =>
        !policy.isAdmin(ctx.viewer) && effectiveTenderStatus(tender) === "pending",
    }),
  }),
});

builder.prismaObjectField(OfferType, "tender", (t) =>
  t.field({
    type: TenderNode,
    nullable: true,
    description:
      "The award's tender: the current one for operators, the viewer's own carrier side's newest for carriers.",
    resolve: (offer, _args, ctx) => tenderOfOfferForViewer(ctx, offer.id),
  }),
);

builder.prismaObjectField(LoadType, "tender", (t) =>
  t.field({
    type: TenderNode,
    nullable: true,
    description: "The tender of the load's newest offer (see Offer.tender).",
    resolve: (load, _args, ctx) => tenderOfLoadForViewer(ctx, load.id),
  }),
);

builder.queryField("tender", (t) =>
  t.field({
    type: TenderNode,
    nullable: true,
    description:
      "A load's tender by its load id: operators, and the winning carrier's users (their own); null when the load has none or it is another carrier's.",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's readable id." }) },
    resolve: async (_root, { loadId }, ctx) => {
      try {
        return (await tenderForViewer(ctx, loadId)).tender;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "NOT_FOUND" || code === "FORBIDDEN") return null;
        throw error;
      }
    },
  }),
);

const TenderPayload = builder.objectRef<TenderView>("TenderPayload").implement({
  description: "The tender after the answer, with its offer (which may have passed on or reopened).",
  fields: (t) => ({
    tender: t.field({
      type: TenderNode,
      description: "The answered tender.",
      resolve: (view) => view.tender,
    }),
    offer: t.prismaField({
      type: OfferType,
      description: "The tender's offer.",
      resolve: (query, view, _args, ctx) =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: view.offerId } }),
    }),
  }),
});

const AcceptTenderInput = builder.inputType("AcceptTenderInput", {
  description: "The load whose tender the carrier accepts, and the e-signature.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's readable id." }),
    signature: t.string({
      required: true,
      description: "The signer's full name as typed: 2 to 120 characters, at least two letters.",
    }),
  }),
});

const DeclineTenderInput = builder.inputType("DeclineTenderInput", {
  description: "The load whose tender is declined, and why.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's readable id." }),
    reason: t.string({ required: true, description: "Why, 3 to 500 characters." }),
  }),
});

builder.mutationFields((t) => ({
  acceptTender: t.field({
    type: TenderPayload,
    description:
      "The winning carrier accepts the rate confirmation by typing the signer's full name; 'tender accepted' goes on the load's timeline.",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AcceptTenderInput, required: true }) },
    resolve: (_root, { input }, ctx) => acceptTender(ctx, input.loadId, { signature: input.signature }),
  }),
  declineTender: t.field({
    type: TenderPayload,
    description:
      "Declines the tender (the carrier side, or an operator on its behalf): the award passes to the next-best bid, or the offer reopens.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DeclineTenderInput, required: true }) },
    resolve: (_root, { input }, ctx) => declineTender(ctx, input.loadId, { reason: input.reason }),
  }),
}));

builder.subscriptionField("tenderChanged", (t) =>
  t.field({
    type: TenderNode,
    nullable: true,
    description:
      "A load's tender each time it is made, answered, expires or passes on: operators, and carriers with a tender on it.",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's readable id." }) },
    subscribe: async (_root, { loadId }, ctx) => {
      const viewer = requireViewer(ctx);
      const offer = await findOfferRef(ctx.db, loadId);
      const allowed =
        offer !== null && (policy.isAdmin(viewer) || (await tenderOfOfferForViewer(ctx, offer.id)) !== null);
      if (!offer || !allowed) return silentStream<Topics["offers"][0]>();
      return filterEvents(ctx.pubsub.subscribe(`offer:${offer.id}`), (event) => event.kind === "tender");
    },
    resolve: (event: { offerId: string }, _args, ctx) => tenderOfOfferForViewer(ctx, event.offerId),
  }),
);

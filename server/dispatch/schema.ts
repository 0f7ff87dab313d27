import { DISPATCH_MESSAGES } from "../../common/dispatch.ts";
import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { type Dispatched, dispatchLoad, revokeTripLink, type TripLinkRevoked } from "./service.ts";

const DispatchLoadInput = builder.inputType("DispatchLoadInput", {
  description: "Who drives a covered load, and the equipment.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's id (e.g. L-1001)." }),
    driverName: t.string({ required: true, description: "The driver's name, at most 120 characters." }),
    driverPhone: t.string({ required: true, description: "The driver's US or Canadian phone." }),
    truckNumber: t.string({ required: false, description: "The truck's number, at most 40 characters." }),
    trailerNumber: t.string({ required: false, description: "The trailer's number, at most 40 characters." }),
  }),
});

const DispatchLoadPayload = builder.objectRef<Dispatched>("DispatchLoadPayload").implement({
  description: "A dispatched load and its driver's trip link.",
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's id." }),
    tripUrl: t.exposeString("tripUrl", {
      description: "The driver's link to the trip (driver app); a new dispatch replaces it.",
    }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When the link stops working." }),
    message: t.string({ description: "What happened.", resolve: () => DISPATCH_MESSAGES.dispatched }),
  }),
});

builder.mutationField("dispatchLoad", (t) =>
  t.field({
    type: DispatchLoadPayload,
    description:
      "Dispatches a covered load: driver and equipment on its confirmation, 'dispatched' on its timeline, a " +
      "fresh trip link for the driver. The winning carrier user or an operator.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DispatchLoadInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      const { loadId, ...fields } = input;
      return dispatchLoad(ctx, loadId, fields);
    },
  }),
);

const RevokeTripLinkInput = builder.inputType("RevokeTripLinkInput", {
  description: "The load whose driver's trip link ends.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's id (e.g. L-1001)." }),
  }),
});

const RevokeTripLinkPayload = builder.objectRef<TripLinkRevoked>("RevokeTripLinkPayload").implement({
  description: "The trip links a revocation ended.",
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's id." }),
    revoked: t.exposeInt("revoked", {
      description: "How many live links it ended (0: none was live, nothing changed).",
    }),
  }),
});

builder.mutationField("revokeTripLink", (t) =>
  t.field({
    type: RevokeTripLinkPayload,
    description:
      "Ends the load's driver trip link: the driver app's session stops at its next request and its live " +
      "updates end. The load's carrier side or an operator.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RevokeTripLinkInput, required: true }) },
    resolve: (_root, { input }, ctx) => revokeTripLink(ctx, input.loadId),
  }),
);

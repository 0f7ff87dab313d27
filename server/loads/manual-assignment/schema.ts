import { ADDITIONAL_DATA_MAX } from "../../../common/loads/fields.ts";
import { builder } from "../../builder.ts";
import { carrierForQuery } from "../../carriers/lookup.ts";
import { CarrierNode, carrierRefOf, userRefOf } from "../../carriers/schema.ts";
import { textLimit } from "../../graphql/bounded-input.ts";
import { MUTATION_ERRORS } from "../../graphql/errors.ts";
import { encodeGlobalId } from "../../graphql/ids.ts";
import { userForQuery } from "../../users/records.ts";
import { UserType } from "../../users/schema.ts";
import { appointmentInputFields, freightInputFields } from "../input-fields.ts";
import { createManualAssignment } from "./service.ts";

const ManualAssignmentPlaceInput = builder.inputType("ManualAssignmentPlaceInput", {
  description: "Where a load starts or ends.",
  fields: (t) => ({ address: t.string({ description: "The free-text address." }) }),
});

const CreateManualAssignmentInput = builder.inputType("CreateManualAssignmentInput", {
  description:
    "The Load Manual Assignment form. Load ID, Customer and Driver (assignedUserKey) are required; " +
    "dates are optional ISO strings; stops is the planned stop count.",
  fields: (t) => ({
    carrierId: t.id({ description: "The Carrier id or carrierId; the driver's carrier when omitted." }),
    loadId: t.string({ description: "The new load's readable id; required and unique." }),
    customer: t.string({ description: "The shipper the load is for; required." }),
    assignedUserKey: t.id({ description: "The driver: a User id or userId." }),
    bolNumber: t.string({ description: "The bill of lading number." }),
    status: t.string({ description: "pending (default), in_transit, delivered or cancelled" }),
    mode: t.string({ description: "TRUCK (default), RAIL, SHIP or AIR" }),
    referenceNumber: t.string({ description: "The customer's reference (PO) number." }),
    ...freightInputFields(t),
    additionalData: t.string({
      description: "Free text or a JSON object.",
      extensions: textLimit(ADDITIONAL_DATA_MAX),
    }),
    stops: t.int({ description: "The planned number of stops." }),
    routeNumber: t.string({ description: "Links the load to this route, creating the route if it is new." }),
    origin: t.field({ type: ManualAssignmentPlaceInput, description: "Where it is picked up." }),
    destination: t.field({ type: ManualAssignmentPlaceInput, description: "Where it is delivered." }),
    pickupDate: t.string({ description: "When it is picked up: ISO 8601 or US MM/DD/YYYY, time optional." }),
    deliveryDate: t.string({ description: "When it is delivered, as pickupDate; not before the pickup." }),
    ...appointmentInputFields(t),
    customerRate: t.string({
      description:
        "What the shipper pays, dollars with at most two decimals; a delivered load drafts its invoice.",
    }),
  }),
});

interface ManualAssignmentResult {
  loadDbId: string;
  loadId: string;
  carrierId: string;
  driverId: string;
  routeNumber: string | null;
}

const ManualAssignmentPayload = builder
  .objectRef<ManualAssignmentResult>("ManualAssignmentPayload")
  .implement({
    description: "The created load's ids, and the carrier and driver it was assigned to.",
    fields: (t) => ({
      loadId: t.exposeString("loadId", { description: "The readable Load ID." }),
      loadGlobalId: t.id({
        description: "The created Load's global id (node(id:) / Load.id).",
        resolve: (result) => encodeGlobalId("Load", result.loadDbId),
      }),
      routeNumber: t.exposeString("routeNumber", {
        nullable: true,
        description: "The load's route, if any.",
      }),
      carrier: t.prismaField({
        type: CarrierNode,
        description: "The carrier the load went to.",
        resolve: (query, result, _args, ctx) => carrierForQuery(ctx.db, result.carrierId, query),
      }),
      driver: t.prismaField({
        type: UserType,
        description: "The driver the load is assigned to.",
        resolve: (query, result, _args, ctx) => userForQuery(ctx.db, result.driverId, query),
      }),
    }),
  });

builder.mutationField("createManualAssignment", (t) =>
  t.field({
    type: ManualAssignmentPayload,
    description: "Creates a load assigned to one of a carrier's drivers.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateManualAssignmentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { carrierId, assignedUserKey, ...fields } = input;
      const { load, carrier, driver } = await createManualAssignment(ctx, {
        ...fields,
        carrierId: carrierId == null ? carrierId : carrierRefOf(carrierId),
        assignedUserKey: assignedUserKey == null ? assignedUserKey : userRefOf(assignedUserKey),
      });
      return {
        loadDbId: load.id,
        loadId: load.loadId,
        carrierId: carrier.id,
        driverId: driver.id,
        routeNumber: load.route?.routeNumber ?? null,
      };
    },
  }),
);

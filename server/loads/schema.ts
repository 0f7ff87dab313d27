import { queryFromInfo } from "@pothos/plugin-prisma";
import { ADDITIONAL_DATA_MAX } from "../../common/loads/fields.ts";
import { LOAD_STAGES, type LoadStage } from "../../common/loads/stages.ts";
import { LOAD_MODES, LOAD_STATUSES, type LoadMode, type LoadStatus } from "../../common/loads/values.ts";
import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import { textLimit } from "../graphql/bounded-input.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf, idOrReference } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { selectedFieldNames } from "../graphql/selected-fields.ts";
import { driverUserIdOptions, StopTypeEnum, stopNode } from "../graphql/stops.ts";
import { isSubsetOf } from "../lib/sets.ts";
import { appointmentInputFields, freightInputFields } from "./input-fields.ts";
import { DEFAULT_LOAD_SORT } from "./list.ts";
import { LOAD_ROW_FIELDS } from "./list-rows.ts";
import { marginOf } from "./margin.ts";
import { assignLoadDriver, findLoadByLoadId, findLoadPage, getLastUpload, updateLoad } from "./service.ts";

export const LoadStatusEnum = builder.enumType("LoadStatus", {
  description: "Where a load stands.",
  values: describedValues(LOAD_STATUSES, {
    pending: "Not yet picked up.",
    in_transit: "Picked up, on its way.",
    delivered: "Delivered at its destination.",
    cancelled: "Will not move.",
  }),
});
export const LoadStageEnum = builder.enumType("LoadStage", {
  description: "How far a load got in its life: its furthest milestone (cancelled over everything).",
  values: describedValues(LOAD_STAGES, {
    open: "No milestone yet: not covered by a carrier.",
    covered: "A carrier won it (winner confirmed).",
    tender_accepted: "The carrier accepted the rate confirmation.",
    dispatched: "A driver and truck are assigned.",
    arrived: "The truck reached a stop (at pickup).",
    departed: "The truck left a stop: in transit.",
    delivered: "Delivered at its destination.",
    pod_received: "Its proof of delivery is on file.",
    invoiced: "The shipper was invoiced.",
    paid: "The shipper paid.",
    cancelled: "Will not move.",
  }),
});
export const LoadModeEnum = builder.enumType("LoadMode", {
  description: "How a load travels.",
  values: describedValues(LOAD_MODES, {
    TRUCK: "By road.",
    RAIL: "By rail.",
    SHIP: "By sea.",
    AIR: "By air.",
  }),
});
const LoadPlace = builder.objectRef<{ address: string | null }>("LoadPlace").implement({
  description: "Where a load starts or ends, as the shipper wrote it.",
  fields: (t) => ({
    address: t.exposeString("address", { nullable: true, description: "The free-text address." }),
  }),
});

export const LoadStopType = stopNode(
  "LoadStop",
  "One stop of a load: a NASS facility visited in sequence.",
  "The stop's place in the load's order of stops.",
);

export const LoadType = builder.prismaNode("Load", {
  id: { field: "id" },
  description: "A shipment to move, with its stops. Read-only loadId; everything else is editable.",
  // Whole-row mode: Load columns come with the row (a list page reads the ones its document asks
  // for, see list-rows.ts), so column fields resolve without Pothos' per-field selection wrapper;
  // only relation fields carry a `select`.
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's own id (read-only once created)." }),
    bolNumber: t.exposeString("bolNumber", { nullable: true, description: "The bill of lading number." }),
    customer: t.exposeString("customer", { nullable: true, description: "The shipper the load is for." }),
    status: t.field({
      type: LoadStatusEnum,
      description: "Where the load stands.",
      resolve: (load) => load.status as LoadStatus,
    }),
    mode: t.field({
      type: LoadModeEnum,
      description: "How it travels.",
      resolve: (load) => load.mode as LoadMode,
    }),
    stage: t.field({
      type: LoadStageEnum,
      description: "How far it got: its furthest milestone (the timeline), kept with each milestone.",
      resolve: (load) => load.stage as LoadStage,
    }),
    customerRateCents: t.exposeInt("customerRateCents", {
      nullable: true,
      description: "What the shipper pays, US cents; null when not set.",
    }),
    carrierRateCents: t.exposeInt("carrierRateCents", {
      nullable: true,
      description: "What the carrier is paid, US cents: the winning bid; null before an award.",
    }),
    marginCents: t.int({
      nullable: true,
      description: "Customer rate minus carrier rate, US cents; null until both are known.",
      resolve: (load) => marginOf(load)?.cents ?? null,
    }),
    marginPercent: t.float({
      nullable: true,
      description: "The margin as a percentage of the customer rate, one decimal; null until both are known.",
      resolve: (load) => marginOf(load)?.percent ?? null,
    }),
    assignedUser: t.relation("assignedUser", { nullable: true, description: "The driver." }),
    assignedUserKey: t.string(driverUserIdOptions),
    // The Load's copy of its carrier's name, kept by database triggers (load-sort-copies test).
    carrierName: t.exposeString("carrierName", {
      nullable: true,
      description: "The carrier of the assigned driver.",
    }),
    referenceNumber: t.exposeString("referenceNumber", {
      nullable: true,
      description: "The customer's reference (PO) number.",
    }),
    weight: t.exposeFloat("weight", { nullable: true, description: "Weight in pounds." }),
    volume: t.exposeFloat("volume", { nullable: true, description: "Volume in cubic feet." }),
    freightClass: t.exposeString("freightClass", { nullable: true, description: "The NMFC freight class." }),
    commodity: t.exposeString("commodity", { nullable: true, description: "What is shipped." }),
    orderInfo: t.exposeString("orderInfo", { nullable: true, description: "Free-text order notes." }),
    additionalData: t.expose("additionalData", {
      type: "JSONString",
      nullable: true,
      description: "Upload columns that matched no field, by header.",
    }),
    stops: t.relation("stops", {
      description: "The detailed stops, by sequence.",
      query: { orderBy: [{ sequence: "asc" }, { id: "asc" }] },
    }),
    stopCount: t.exposeInt("stopCount", {
      description: "How many stops: the stop rows when it has rows, else the number planned at creation.",
    }),
    // The Load's copy of its route's number, kept by database triggers (load-sort-copies test).
    routeNumber: t.exposeString("routeNumber", {
      nullable: true,
      description: "The route the load travels on.",
    }),
    origin: t.field({
      type: LoadPlace,
      description: "Where it is picked up.",
      resolve: (load) => ({ address: load.originAddress }),
    }),
    destination: t.field({
      type: LoadPlace,
      description: "Where it is delivered.",
      resolve: (load) => ({ address: load.destinationAddress }),
    }),
    pickupDate: t.expose("pickupDate", {
      type: "DateTime",
      nullable: true,
      description: "When the load is picked up.",
    }),
    deliveryDate: t.expose("deliveryDate", {
      type: "DateTime",
      nullable: true,
      description: "When the load is delivered (never before the pickup).",
    }),
    appointmentsRequired: t.exposeBoolean("appointmentsRequired", {
      description: "Whether the facilities need appointments.",
    }),
    appointmentsConfirmed: t.exposeBoolean("appointmentsConfirmed", {
      description: "Whether those appointments are confirmed.",
    }),
    trackingLink: t.exposeString("trackingLink", {
      nullable: true,
      description: "A tracking link given by the operator.",
    }),
    stream: t.exposeString("stream", {
      nullable: true,
      description: "The stream the load was uploaded for (e.g. USPS).",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the load was created." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When the load last changed." }),
    version: t.exposeInt("version", {
      description:
        "Moves by one with every change of the load. Send it back as updateLoad's expectedVersion: the save is refused (ConflictError) if someone else changed the load since.",
    }),
  }),
});

export const UploadBatchType = builder.prismaNode("UploadBatch", {
  id: { field: "id" },
  description: "One bulk upload: who, when, which stream and what it changed.",
  // Whole-row mode, as Load: the columns come with the row (lastUpload reads it with one
  // statement), only the relation fields carry a `select`.
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    stream: t.exposeString("stream", { description: "The stream the rows were uploaded for (e.g. USPS)." }),
    fileNames: t.exposeString("fileNames", { nullable: true, description: "The uploaded files' names." }),
    rowCount: t.exposeInt("rowCount", { description: "How many rows the upload held." }),
    createdCount: t.exposeInt("createdCount", { description: "How many loads it created." }),
    updatedCount: t.exposeInt("updatedCount", { description: "How many existing loads it updated." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was uploaded." }),
    uploadedBy: t.relation("user", { nullable: true, description: "Who uploaded it." }),
    loads: t.relatedConnection("loads", {
      description: "The loads it wrote, newest first.",
      cursor: "id",
      totalCount: true,
      query: () => ({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
    }),
  }),
});

/** UploadBatch fields its own row answers (no relation). */
const UPLOAD_BATCH_ROW_FIELDS: ReadonlySet<string> = new Set([
  "__typename",
  "id",
  "stream",
  "fileNames",
  "rowCount",
  "createdCount",
  "updatedCount",
  "createdAt",
]);
type UploadBatchQuery = Parameters<typeof getLastUpload>[1];

const LoadFilter = builder.inputType("LoadFilter", {
  description: "Criteria of the load list; all given ones must hold.",
  fields: (t) => ({
    status: t.field({ type: [LoadStatusEnum], description: "Any of these statuses." }),
    stage: t.field({ type: [LoadStageEnum], description: "Any of these stages." }),
    mode: t.field({ type: [LoadModeEnum], description: "Any of these modes." }),
    customer: t.string({ description: "The exact customer name, any case." }),
    pickupFrom: t.field({ type: "DateTime", description: "Picked up at or after this instant." }),
    pickupTo: t.field({ type: "DateTime", description: "Picked up at or before this instant." }),
    deliveryFrom: t.field({ type: "DateTime", description: "Delivered at or after this instant." }),
    deliveryTo: t.field({ type: "DateTime", description: "Delivered at or before this instant." }),
  }),
});

pagedListField("loads", {
  name: "Load",
  node: LoadType,
  model: "Load",
  rowFields: LOAD_ROW_FIELDS,
  description: "The load list: 50 a page, newest first unless `orderBy` says otherwise.",
  authScopes: { admin: true },
  searchDescription: "Text contained in the load id (any case).",
  filter: LoadFilter,
  sortFields: {
    LOAD_ID: "loadId",
    ROUTE: "route",
    CUSTOMER: "customer",
    CARRIER: "carrier",
    STATUS: "status",
    PICKUP_DATE: "pickupDate",
    DELIVERY_DATE: "deliveryDate",
    CREATED_AT: "createdAt",
  },
  sortFieldDescriptions: {
    LOAD_ID: "By loadId.",
    ROUTE: "By route number; loads on no route last.",
    CUSTOMER: "By customer; loads without one last.",
    CARRIER: "By the assigned driver's carrier name; loads without one last.",
    STATUS: "By status.",
    PICKUP_DATE: "By pickup date.",
    DELIVERY_DATE: "By delivery date.",
    CREATED_AT: "By when the load was created.",
  },
  defaultOrder: DEFAULT_LOAD_SORT,
  load: (ctx, { search, filter, orderBy, paging, counted }, query, nodeFields) =>
    findLoadPage(ctx, { filters: { search, ...filter }, sort: orderBy, paging, counted }, query, nodeFields),
});

builder.queryFields((t) => ({
  loadByLoadId: t.prismaField({
    type: "Load",
    nullable: true,
    description: "A load by its readable loadId; null when there is none.",
    authScopes: { admin: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's own id, e.g. as uploaded." }) },
    resolve: (query, _root, args, ctx) => findLoadByLoadId(ctx, args.loadId, query),
  }),
  lastUpload: t.field({
    type: UploadBatchType,
    nullable: true,
    description: "The latest upload ('Last update' on the load list).",
    authScopes: { admin: true },
    // Asked with every list page, mostly for its date: the Prisma query is planned (Pothos'
    // selection walk, about 0.1 ms) only when the document selects a relation.
    resolve: (_root, _args, ctx, info) => {
      const fields = selectedFieldNames(info, []);
      return getLastUpload(
        ctx,
        isSubsetOf(fields, UPLOAD_BATCH_ROW_FIELDS)
          ? {}
          : (queryFromInfo({ context: ctx, info, typeName: "UploadBatch" }) as UploadBatchQuery),
        fields,
      );
    },
  }),
}));

const LoadStopInput = builder.inputType("LoadStopInput", {
  description: "One stop of a load, as the edit form sends it.",
  fields: (t) => ({
    sequence: t.int({ required: true, description: "The stop's place in the order of stops." }),
    type: t.field({ type: StopTypeEnum, required: true, description: "Pickup, stop or delivery." }),
    nass: t.string({ required: true, description: "The NASS record (its id) or its code." }),
    appointmentFrom: t.field({
      type: "DateTime",
      description:
        "The appointment (window start) as an instant; the form enters it on the facility's clock.",
    }),
    appointmentTo: t.field({
      type: "DateTime",
      description:
        "The window's end, not before appointmentFrom; left out with a from: a fixed appointment time.",
    }),
  }),
});

const UpdateLoadInput = builder.inputType("UpdateLoadInput", {
  description: "Fields left out stay as they are; null clears a field. loadId cannot change.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The Load's global id." }),
    expectedVersion: t.int({
      description:
        "The load's version as the editor read it: when the load has changed since, nothing is saved and a ConflictError answers. Left out: no check.",
    }),
    bolNumber: t.string({ description: "The bill of lading number." }),
    customer: t.string({ description: "The shipper the load is for." }),
    status: t.field({ type: LoadStatusEnum, description: "Where the load stands." }),
    mode: t.field({ type: LoadModeEnum, description: "How it travels." }),
    referenceNumber: t.string({ description: "The customer's reference (PO) number." }),
    ...freightInputFields(t),
    additionalData: t.field({
      type: "JSONString",
      description: "Extra values by header, as a JSON object.",
      extensions: textLimit(ADDITIONAL_DATA_MAX),
    }),
    stops: t.field({ type: [LoadStopInput], description: "Replaces every stop, ordered by sequence." }),
    stopCount: t.int({ description: "The planned number of stops, for a load without stop rows." }),
    routeNumber: t.string({ description: "A new number starts a new route." }),
    originAddress: t.string({ description: "Where it is picked up (free text)." }),
    destinationAddress: t.string({ description: "Where it is delivered (free text)." }),
    pickupDate: t.field({ type: "DateTime", description: "When the load is picked up." }),
    deliveryDate: t.field({ type: "DateTime", description: "When it is delivered; not before the pickup." }),
    ...appointmentInputFields(t),
    trackingLink: t.string({ description: "A tracking link given by the operator." }),
    driver: t.id({ description: "A CARRIER user (id or userId); null unassigns." }),
  }),
});

const LoadPayload = (name: string) =>
  builder.objectRef<{ loadId: string }>(name).implement({
    description: "The load after the change.",
    fields: (p) => ({
      load: p.prismaField({
        type: LoadType,
        description: "The changed load.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.load.findUniqueOrThrow({ ...query, where: { id: payload.loadId } }),
      }),
    }),
  });

const AssignLoadDriverInput = builder.inputType("AssignLoadDriverInput", {
  description: "The load and its new driver.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The Load's global id." }),
    driver: t.id({ description: "A CARRIER user (id or userId); null unassigns." }),
  }),
});

builder.mutationFields((t) => ({
  updateLoad: t.field({
    type: LoadPayload("UpdateLoadPayload"),
    description: "Edits a load: only the fields sent change.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateLoadInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, driver, stops, originAddress, destinationAddress, ...fields } = input;
      const load = await updateLoad(ctx, decodeGlobalIdOf("Load", id), {
        ...fields,
        origin: originAddress,
        destination: destinationAddress,
        stops: stops?.map((stop) => ({ ...stop, nass: idOrReference("NassCode", stop.nass) })),
        assignedUserKey:
          driver === undefined || driver === null ? driver : idOrReference("User", String(driver)),
      });
      return { loadId: load.id };
    },
  }),
  assignLoadDriver: t.field({
    type: LoadPayload("AssignLoadDriverPayload"),
    description: "Gives the load to a carrier's driver (and so to that carrier).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AssignLoadDriverInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const driver = input.driver === null || input.driver === undefined ? null : String(input.driver);
      const load = await assignLoadDriver(ctx, decodeGlobalIdOf("Load", input.id), {
        user: driver === null ? null : idOrReference("User", driver),
      });
      return { loadId: load.id };
    },
  }),
}));

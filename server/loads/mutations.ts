import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { LoadModeEnum, LoadStatusEnum, LoadType, StopTypeEnum, UploadBatchType } from "./schema.ts";
import { assignLoadDriver, updateLoad } from "./service.ts";
import { uploadLoads } from "./upload/service.ts";

/** A Relay id of `typename`, or the text itself (a database id, a code, a userId). */
function databaseIdOrReference(typename: string, value: string): string {
  try {
    const decoded = decodeGlobalID(value);
    if (decoded.typename === typename) return decoded.id;
  } catch {
    // not a global id
  }
  return value;
}

const LoadStopInput = builder.inputType("LoadStopInput", {
  fields: (t) => ({
    sequence: t.int({ required: true }),
    type: t.field({ type: StopTypeEnum, required: true }),
    nass: t.string({ required: true, description: "The NASS record (its id) or its code." }),
  }),
});

const UpdateLoadInput = builder.inputType("UpdateLoadInput", {
  description: "Fields left out stay as they are; null clears a field. loadId cannot change.",
  fields: (t) => ({
    id: t.id({ required: true }),
    bolNumber: t.string(),
    customer: t.string(),
    status: t.field({ type: LoadStatusEnum }),
    mode: t.field({ type: LoadModeEnum }),
    referenceNumber: t.string(),
    weight: t.float(),
    volume: t.float(),
    freightClass: t.string(),
    commodity: t.string(),
    orderInfo: t.string(),
    additionalData: t.field({ type: "JSONString" }),
    stops: t.field({ type: [LoadStopInput], description: "Replaces every stop, ordered by sequence." }),
    stopCount: t.int(),
    routeNumber: t.string({ description: "A new number starts a new route." }),
    originAddress: t.string(),
    destinationAddress: t.string(),
    pickupDate: t.field({ type: "DateTime" }),
    deliveryDate: t.field({ type: "DateTime" }),
    appointmentsRequired: t.boolean(),
    appointmentsConfirmed: t.boolean(),
    trackingLink: t.string(),
    driver: t.id({ description: "A CARRIER user (id or userId); null unassigns." }),
  }),
});

const LoadPayload = (name: string) =>
  builder.objectRef<{ loadId: string }>(name).implement({
    fields: (p) => ({
      load: p.prismaField({
        type: LoadType,
        resolve: (query, payload, _args, ctx) =>
          ctx.db.load.findUniqueOrThrow({ ...query, where: { id: payload.loadId } }),
      }),
    }),
  });

const AssignLoadDriverInput = builder.inputType("AssignLoadDriverInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    driver: t.id({ description: "A CARRIER user (id or userId); null unassigns." }),
  }),
});

const UploadLoadsInput = builder.inputType("UploadLoadsInput", {
  description:
    "The parsed CSV: `columns` is the header row, each entry of `rows` one line's cells in that order. At most 5 MB of CSV.",
  fields: (t) => ({
    stream: t.string({ required: true }),
    columns: t.stringList({ required: true }),
    rows: t.field({
      type: [t.listRef("String", { required: false })],
      required: { list: true, items: true },
      description: "One list of cells per CSV line, in the order of `columns`.",
    }),
    fileNames: t.stringList(),
  }),
});

const UploadLoadsPayload = builder
  .objectRef<{ batchId: string; createdCount: number; updatedCount: number }>("UploadLoadsPayload")
  .implement({
    fields: (p) => ({
      batch: p.prismaField({
        type: UploadBatchType,
        description: "The upload, with the loads it wrote; also the new lastUpload.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.uploadBatch.findUniqueOrThrow({ ...query, where: { id: payload.batchId } }),
      }),
      createdCount: p.exposeInt("createdCount"),
      updatedCount: p.exposeInt("updatedCount"),
    }),
  });

builder.mutationFields((t) => ({
  updateLoad: t.field({
    type: LoadPayload("UpdateLoadPayload"),
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateLoadInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, driver, stops, originAddress, destinationAddress, ...fields } = input;
      const load = await updateLoad(ctx, decodeGlobalIdOf("Load", id), {
        ...fields,
        origin: originAddress,
        destination: destinationAddress,
        stops: stops?.map((stop) => ({ ...stop, nass: databaseIdOrReference("NassCode", stop.nass) })),
        assignedUserKey:
          driver === undefined || driver === null ? driver : databaseIdOrReference("User", String(driver)),
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
        user: driver === null ? null : databaseIdOrReference("User", driver),
      });
      return { loadId: load.id };
    },
  }),
  uploadLoads: t.field({
    type: UploadLoadsPayload,
    description:
      "Bulk upload: every row is checked first; any problem refuses the whole upload (ValidationError fields like rows.12.pickupDate).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UploadLoadsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await uploadLoads(ctx, {
        stream: input.stream,
        table: { columns: input.columns, rows: input.rows },
        fileNames: input.fileNames,
      });
      return {
        batchId: result.batch.id,
        createdCount: result.createdCount,
        updatedCount: result.updatedCount,
      };
    },
  }),
}));

import { builder } from "../../builder.ts";
import { MUTATION_ERRORS } from "../../graphql/errors.ts";
import { UploadBatchType } from "../schema.ts";
import { uploadLoads } from "./service.ts";

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

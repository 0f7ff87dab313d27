import { LONG_TEXT_MAX } from "../../../common/loads/fields.ts";
import { loadUploadEntries } from "../../audit/query.ts";
import { AuditEntryType, databaseId } from "../../audit/schema.ts";
import { builder } from "../../builder.ts";
import { textLimit } from "../../graphql/bounded-input.ts";
import { MUTATION_ERRORS } from "../../graphql/errors.ts";
import { UploadBatchType } from "../schema.ts";
import { uploadsOfLoad } from "./history.ts";
import { type UploadSkippedRow, uploadLoads } from "./service.ts";

const UploadLoadsInput = builder.inputType("UploadLoadsInput", {
  description:
    "The parsed CSV: `columns` is the header row, each entry of `rows` one line's cells in that order. At most 5 MB of CSV.",
  fields: (t) => ({
    stream: t.string({ required: true, description: "The stream the rows are for (e.g. USPS)." }),
    columns: t.stringList({ required: true, description: "The CSV header row." }),
    rows: t.field({
      type: "CsvRows",
      required: true,
      description: "One list of cells per CSV line, in the order of `columns`.",
      extensions: textLimit(LONG_TEXT_MAX),
    }),
    fileNames: t.stringList({ description: "The uploaded files' names, kept with the upload." }),
    timeZone: t.string({
      description:
        "The zone (America/New_York, America/Chicago, America/Denver or America/Los_Angeles) dates without an offset are read in; absent: the uploader's chosen zone, else Eastern.",
    }),
  }),
});

const UploadSkippedRowType = builder.objectRef<UploadSkippedRow>("UploadSkippedRow").implement({
  description: "A row the upload did not write because its load changed after the upload read it.",
  fields: (t) => ({
    row: t.exposeInt("row", { description: "The row's place among the uploaded rows (from 1)." }),
    loadId: t.exposeString("loadId", { description: "The load the row names." }),
    reason: t.exposeString("reason", { description: "Why it was skipped, in words for the user." }),
  }),
});

const UploadLoadsPayload = builder
  .objectRef<{ batchId: string; createdCount: number; updatedCount: number; skipped: UploadSkippedRow[] }>(
    "UploadLoadsPayload",
  )
  .implement({
    description: "The recorded upload and what it wrote.",
    fields: (p) => ({
      batch: p.prismaField({
        type: UploadBatchType,
        description: "The upload, with the loads it wrote; also the new lastUpload.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.uploadBatch.findUniqueOrThrow({ ...query, where: { id: payload.batchId } }),
      }),
      createdCount: p.exposeInt("createdCount", { description: "How many loads the upload created." }),
      updatedCount: p.exposeInt("updatedCount", { description: "How many existing loads it updated." }),
      skipped: p.field({
        type: [UploadSkippedRowType],
        description:
          "Rows of existing loads someone else changed while the upload ran: their change was kept, these rows were not written.",
        resolve: (payload) => payload.skipped,
      }),
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
        timeZone: input.timeZone,
      });
      return {
        batchId: result.batch.id,
        createdCount: result.createdCount,
        updatedCount: result.updatedCount,
        skipped: result.skipped,
      };
    },
  }),
}));

builder.queryField("loadUploadHistory", (t) =>
  t.field({
    type: [AuditEntryType],
    description:
      "The bulk uploads that created or last updated a load, newest first (an upload keeps one audit row per batch).",
    authScopes: { admin: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's id, Relay or database." }) },
    resolve: async (_root, args, ctx) => {
      const loadDbId = databaseId(args.loadId) ?? "";
      return loadUploadEntries(ctx, loadDbId, await uploadsOfLoad(ctx.db, loadDbId));
    },
  }),
);

import type { UploadTable } from "../../../common/loads/upload-size.ts";
import { STREAM_REQUIRED } from "../../../common/loads/upload-size.ts";
import { currentAuditIp } from "../../audit/request-scope.ts";
import { requireAdmin } from "../../auth/policy.ts";
import type { Context } from "../../context.ts";
import { runInWorker } from "../../db/workers.ts";
import { ConflictError, ValidationError } from "../../errors.ts";
import type { UploadBatch } from "../../generated/sqlite/client.ts";
import { createRowId } from "../../lib/ids.ts";
import { draftInvoicesForDeliveredLoads } from "../delivery-invoices.ts";
import { loadsChanged } from "../list-count.ts";
import { assertUploadSize } from "./input.ts";
import type { UploadTask, UploadTaskResult } from "./worker.ts";

const UPLOAD_WORKER = new URL("./worker.ts", import.meta.url);

export interface UploadInput {
  stream: unknown;
  table: UploadTable;
  fileNames?: string[] | null;
}

export interface UploadResult {
  batch: UploadBatch;
  createdCount: number;
  updatedCount: number;
}

export const CONCURRENT_UPLOAD =
  "Another upload changed these loads at the same time; upload the file again.";

/** How many row problems a refused upload lists. */
const MAX_REPORTED_ERRORS = 500;

/**
 * Bulk upload: every row is validated first and any problem refuses the whole upload; a valid
 * upload is written in one transaction (see upload/write.ts). Parsing, validation and the write
 * run in a worker thread (upload/worker.ts), so the server keeps answering meanwhile.
 */
export async function uploadLoads(ctx: Context, input: UploadInput): Promise<UploadResult> {
  const viewer = requireAdmin(ctx);
  assertUploadSize(input.table);
  const stream = typeof input.stream === "string" ? input.stream.trim() : "";
  if (!stream) throw new ValidationError(STREAM_REQUIRED, [{ field: "stream", message: STREAM_REQUIRED }]);
  if (stream.length > 40) {
    throw new ValidationError("Stream is too long", [{ field: "stream", message: "Stream is too long" }]);
  }

  const result = await runInWorker<UploadTask, UploadTaskResult>(UPLOAD_WORKER, {
    databaseUrl: ctx.config.databaseUrl,
    table: input.table,
    stream,
    fileNames: (input.fileNames ?? []).map((name) => name.slice(0, 200)).slice(0, 50),
    actorId: viewer.id,
    ip: currentAuditIp(),
    batchId: createRowId(),
    now: new Date(),
  }).finally(loadsChanged);
  if (result.kind === "invalid") throw new ValidationError(result.message, result.fields);
  if (result.kind === "rowErrors") throw uploadRefusal(result.errors);
  if (result.kind === "conflict") throw new ConflictError(CONCURRENT_UPLOAD);
  const { outcome } = result;
  await draftInvoicesForDeliveredLoads(ctx, outcome.deliveredLoadIds, viewer.id);
  const batch = await ctx.db.uploadBatch.findUniqueOrThrow({ where: { id: outcome.batchId } });
  return { batch, createdCount: outcome.createdCount, updatedCount: outcome.updatedCount };
}

function uploadRefusal(errors: ValidationError["fields"]): ValidationError {
  const rowsWithErrors = new Set(errors.map((error) => error.field.split(".")[1])).size;
  const listed = errors
    .toSorted((a, b) => Number(a.field.split(".")[1]) - Number(b.field.split(".")[1]))
    .slice(0, MAX_REPORTED_ERRORS);
  const more = errors.length > listed.length ? ` The first ${listed.length} problems are listed.` : "";
  const message = `${rowsWithErrors} ${rowsWithErrors === 1 ? "row has" : "rows have"} errors; nothing was uploaded.${more} ${listed[0].message}`;
  return new ValidationError(message, listed);
}

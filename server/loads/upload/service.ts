import { setImmediate as nextTurn } from "node:timers/promises";
import { resolveTimeZone } from "../../../common/date-time.ts";
import { auditActor } from "../../audit/actor.ts";
import { requireAdmin } from "../../auth/policy.ts";
import type { Context } from "../../context.ts";
import { runInWorker } from "../../db/workers.ts";
import { ConflictError, DomainError, ValidationError } from "../../errors.ts";
import type { UploadBatch } from "../../generated/sqlite/client.ts";
import { createRowId } from "../../lib/ids.ts";
import { uploadStarted } from "../../ops/metrics.ts";
import { userById } from "../../users/records.ts";
import { draftInvoicesForDeliveredLoads } from "../delivery-invoices.ts";
import { loadsChanged } from "../list-count.ts";
import { checkedUploadRequest, type UploadInput } from "./input.ts";

export { UPLOAD_ZONE_MESSAGE } from "./input.ts";

import type { UploadSource, UploadTask, UploadTaskResult } from "./worker.ts";

/** worker.ts beside this module from source; the build's own entry beside the server bundle. */
const UPLOAD_WORKER = import.meta.url.endsWith(".ts")
  ? new URL("./worker.ts", import.meta.url)
  : new URL("./loads-upload-worker.js", import.meta.url);

/** A row the upload did not write, and why (its load changed after the upload read it). */
export interface UploadSkippedRow {
  row: number;
  loadId: string;
  reason: string;
}

export interface UploadResult {
  batch: UploadBatch;
  createdCount: number;
  updatedCount: number;
  skipped: UploadSkippedRow[];
}

export const CONCURRENT_UPLOAD =
  "Another upload changed these loads at the same time; upload the file again.";

/** Why a row was skipped: the operator's fresh edit wins over the file. */
export const UPLOAD_ROW_CHANGED_MEANWHILE =
  "This load was changed by someone else while the file was uploading; their change was kept and this row was skipped.";

/** How many row problems a refused upload lists. */
const MAX_REPORTED_ERRORS = 500;

/**
 * Bulk upload: every row is validated first and any problem refuses the whole upload; a valid
 * upload is written in one transaction (see upload/write.ts). Parsing, validation and the write
 * run in a worker thread (upload/worker.ts), so the server keeps answering meanwhile.
 */
export async function uploadLoads(ctx: Context, input: UploadInput): Promise<UploadResult> {
  requireAdmin(ctx);
  const request = checkedUploadRequest(input);
  // Handing the rows to the worker copies them (tens of ms for 30,000 rows): in a turn of its own.
  await nextTurn();
  return runUpload(ctx, { request });
}

/**
 * REST's upload: the body's bytes go to the worker as they are (transferred, not copied), which
 * decodes and parses the JSON there, so a 15 MB body costs the event loop nothing but its reading.
 */
export async function uploadLoadsFromRestBody(
  ctx: Context,
  bytes: Uint8Array,
  contentType: string,
): Promise<UploadResult> {
  requireAdmin(ctx);
  return runUpload(ctx, { restBody: { bytes, contentType } }, [bytes.buffer as ArrayBuffer]);
}

/** An upload, timed and its rows counted (server/ops/metrics.ts). */
async function runUpload(ctx: Context, source: UploadSource, transfer: ArrayBuffer[] = []) {
  const observed = uploadStarted();
  try {
    const result = await runUploadTask(ctx, source, transfer);
    observed.written(result);
    return result;
  } catch (error) {
    observed.ended(error instanceof DomainError ? "refused" : "failed");
    throw error;
  }
}

async function runUploadTask(
  ctx: Context,
  source: UploadSource,
  transfer: ArrayBuffer[],
): Promise<UploadResult> {
  const viewer = requireAdmin(ctx);
  const task: UploadTask = {
    ...source,
    databaseUrl: ctx.config.databaseUrl,
    actor: auditActor(ctx, viewer.id),
    // Dates without an offset in a request that names no zone: the uploader's chosen zone.
    storedTimeZone: resolveTimeZone((await userById(ctx.db, viewer.id)).timeZone),
    batchId: createRowId(),
    now: new Date(),
  };
  const result = await runInWorker<UploadTask, UploadTaskResult>(UPLOAD_WORKER, task, transfer).finally(
    loadsChanged,
  );
  if (result.kind === "refused") {
    throw result.code === "VALIDATION"
      ? new ValidationError(result.message, result.fields)
      : new DomainError(result.code, result.message, result.fields);
  }
  if (result.kind === "invalid") throw new ValidationError(result.message, result.fields);
  if (result.kind === "rowErrors") throw uploadRefusal(result.errors);
  if (result.kind === "conflict") throw new ConflictError(CONCURRENT_UPLOAD);
  const { outcome } = result;
  await draftInvoicesForDeliveredLoads(ctx, outcome.deliveredLoadIds);
  const batch = await ctx.db.uploadBatch.findUniqueOrThrow({ where: { id: outcome.batchId } });
  return {
    batch,
    createdCount: outcome.createdCount,
    updatedCount: outcome.updatedCount,
    skipped: outcome.skipped.map((row) => ({ ...row, reason: UPLOAD_ROW_CHANGED_MEANWHILE })),
  };
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

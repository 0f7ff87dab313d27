import { requireAdmin } from "../../auth/policy.ts";
import type { Context } from "../../context.ts";
import { runWriteTransaction } from "../../db/bulk.ts";
import { providerOf } from "../../db/client.ts";
import { ConflictError, ValidationError } from "../../errors.ts";
import type { UploadBatch } from "../../generated/sqlite/client.ts";
import { createRowId } from "../../lib/ids.ts";
import { isUniqueViolation } from "../../lib/prisma-errors.ts";
import { loadsChanged } from "../list-count.ts";
import { NO_DATA, STREAM_REQUIRED } from "../validation.ts";
import { planColumns } from "./columns.ts";
import { assertUploadSize, type UploadTable } from "./input.ts";
import { parseUploadRows, unknownNassErrors } from "./rows.ts";
import { writeUpload } from "./write.ts";

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
 * upload is written in one transaction (see upload/write.ts).
 */
export async function uploadLoads(ctx: Context, input: UploadInput): Promise<UploadResult> {
  const viewer = requireAdmin(ctx);
  assertUploadSize(input.table);
  const stream = typeof input.stream === "string" ? input.stream.trim() : "";
  if (!stream) throw new ValidationError(STREAM_REQUIRED, [{ field: "stream", message: STREAM_REQUIRED }]);
  if (stream.length > 40) {
    throw new ValidationError("Stream is too long", [{ field: "stream", message: "Stream is too long" }]);
  }

  const plan = planColumns(input.table.columns);
  const parsed = parseUploadRows(plan, input.table.rows);
  if (parsed.rows.length === 0 && parsed.errors.length === 0) {
    throw new ValidationError(NO_DATA, [{ field: "rows", message: NO_DATA }]);
  }
  if (!plan.fields.includes("loadId")) {
    const message = "The file has no Load ID column.";
    throw new ValidationError(message, [{ field: "columns", message }]);
  }
  const errors = parsed.errors;
  if (parsed.nassCodes.size > 0) {
    const known = await ctx.db.nassCode.findMany({
      where: { code: { in: [...parsed.nassCodes] } },
      select: { code: true },
    });
    errors.push(...unknownNassErrors(parsed.rows, new Set(known.map((row) => row.code))));
  }
  if (errors.length > 0) throw uploadRefusal(errors);

  const outcome = await runWriteTransaction(ctx.db, ctx.config.databaseUrl, () =>
    writeUpload({
      provider: providerOf(ctx.config.databaseUrl),
      batchId: createRowId(),
      actorId: viewer.id,
      stream,
      fileNames: (input.fileNames ?? []).map((name) => name.slice(0, 200)).slice(0, 50),
      rows: parsed.rows,
      now: new Date(),
    }),
  )
    .finally(loadsChanged)
    .catch((error: unknown) => {
      // PostgreSQL: another upload created one of these loads after this one looked.
      if (isUniqueViolation(error) || isRawUniqueViolation(error)) {
        throw new ConflictError(CONCURRENT_UPLOAD);
      }
      throw error;
    });
  const batch = await ctx.db.uploadBatch.findUniqueOrThrow({ where: { id: outcome.batchId } });
  return { batch, createdCount: outcome.createdCount, updatedCount: outcome.updatedCount };
}

/** A unique violation raised by raw SQL (Prisma reports it as P2010 with the driver's cause). */
function isRawUniqueViolation(error: unknown): boolean {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } }).meta;
  return meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation";
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

/**
 * The upload's heavy part, in a worker thread (server/db/workers.ts): rows parsed and validated,
 * NASS codes checked and the loads written, in one transaction on the worker's own connection.
 * The server's event loop only hands the table over and reads the answer.
 */

import type { UsTimeZone } from "../../../common/date-time.ts";
import { planColumns } from "../../../common/loads/upload-columns.ts";
import { NO_DATA } from "../../../common/loads/upload-size.ts";
import { runWriteTransaction, type SqlWork } from "../../db/bulk.ts";
import { selectWhereIn } from "../../db/bulk-statements.ts";
import { providerOf } from "../../db/url.ts";
import { DomainError, type ErrorCode, type FieldError } from "../../errors.ts";
import { parseJsonBytes } from "../../http/body.ts";
import { type UploadRequest, uploadRequestFromRestBody } from "./input.ts";
import { parseUploadRows, unknownNassErrors } from "./rows.ts";
import { type UploadOutcome, writeUpload } from "./write.ts";

/** Checked rows (GraphQL), or REST's JSON body still as bytes, parsed here off the event loop. */
export type UploadSource =
  | { request: UploadRequest }
  | { restBody: { bytes: Uint8Array; contentType: string } };

export type UploadTask = UploadSource & {
  databaseUrl: string;
  actorId: string;
  /** The uploader's chosen zone: dates without an offset are read in it unless the request names one. */
  storedTimeZone: UsTimeZone;
  ip?: string | null;
  batchId: string;
  now: Date;
};

export type UploadTaskResult =
  /** A domain error the server raises as is (bad JSON 400, 413, stream missing...). */
  | { kind: "refused"; code: ErrorCode; message: string; fields: FieldError[] }
  | { kind: "invalid"; message: string; fields: FieldError[] }
  | { kind: "rowErrors"; errors: FieldError[] }
  | { kind: "conflict" }
  | { kind: "written"; outcome: UploadOutcome };

export const NO_LOAD_ID_COLUMN = "The file has no Load ID column.";

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === "23505" || (typeof code === "string" && /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(code))
  );
}

function requestOf(source: UploadSource): UploadRequest {
  if ("request" in source) return source.request;
  return uploadRequestFromRestBody(parseJsonBytes(source.restBody.bytes, source.restBody.contentType));
}

export default async function uploadTask(task: UploadTask): Promise<UploadTaskResult> {
  let request: UploadRequest;
  try {
    request = requestOf(task);
  } catch (error) {
    if (error instanceof DomainError) {
      return { kind: "refused", code: error.code, message: error.message, fields: error.fields };
    }
    throw error;
  }
  const provider = providerOf(task.databaseUrl);
  const plan = planColumns(request.table.columns);
  const parsed = parseUploadRows(plan, request.table.rows, request.timeZone ?? task.storedTimeZone);
  if (parsed.rows.length === 0 && parsed.errors.length === 0) {
    return { kind: "invalid", message: NO_DATA, fields: [{ field: "rows", message: NO_DATA }] };
  }
  if (!plan.fields.includes("loadId")) {
    return {
      kind: "invalid",
      message: NO_LOAD_ID_COLUMN,
      fields: [{ field: "columns", message: NO_LOAD_ID_COLUMN }],
    };
  }
  // Row problems found without the database refuse the upload before it takes the write lock.
  const codes = [...parsed.nassCodes];
  if (parsed.errors.length > 0 && codes.length === 0) return { kind: "rowErrors", errors: parsed.errors };

  function* work(): SqlWork<UploadTaskResult> {
    const errors = [...parsed.errors];
    if (codes.length > 0) {
      const known = yield* selectWhereIn<{ code: string }>(
        provider,
        `SELECT "code" FROM "NassCode"`,
        "code",
        codes,
      );
      errors.push(...unknownNassErrors(parsed.rows, new Set(known.map((row) => row.code))));
    }
    if (errors.length > 0) return { kind: "rowErrors", errors };
    const outcome = yield* writeUpload({
      provider,
      batchId: task.batchId,
      actorId: task.actorId,
      ip: task.ip,
      stream: request.stream,
      fileNames: request.fileNames,
      rows: parsed.rows,
      now: task.now,
    });
    return { kind: "written", outcome };
  }
  try {
    return await runWriteTransaction(null, task.databaseUrl, work);
  } catch (error) {
    // PostgreSQL: another upload created one of these loads after this one looked.
    if (isUniqueViolation(error)) return { kind: "conflict" };
    throw error;
  }
}

import type { UploadActor } from "./write.ts";
/**
 * The upload's heavy part, in a worker thread (server/db/workers.ts): rows parsed and validated,
 * NASS codes checked and the loads written, in one transaction on the worker's own connection.
 * The server's event loop only hands the table over and reads the answer.
 */

import type { UsTimeZone } from "../../../common/date-time.ts";
import { planColumns } from "../../../common/loads/upload-columns.ts";
import { NO_DATA } from "../../../common/loads/upload-size.ts";
import { runWriteTransaction, streamsBulkRows } from "../../db/bulk.ts";
import { providerOf } from "../../db/url.ts";
import { DomainError, type ErrorCode, type FieldError } from "../../errors.ts";
import { parseJsonBytes } from "../../http/body.ts";
import { type UploadRequest, uploadRequestFromRestBody } from "./input.ts";
import { parseUploadRows, type RowProblems, readRowsLazily, uploadKeys } from "./rows.ts";
import {
  sourceOfRows,
  type UploadOutcome,
  UploadRowProblems,
  type UploadRowSource,
  writeUpload,
} from "./write.ts";

/** Checked rows (GraphQL), or REST's JSON body still as bytes, parsed here off the event loop. */
export type UploadSource =
  | { request: UploadRequest }
  | { restBody: { bytes: Uint8Array; contentType: string } };

export type UploadTask = UploadSource & {
  databaseUrl: string;
  /** The uploader, and the request's client address for the audit row (a worker thread has no request). */
  actor: UploadActor;
  /** The uploader's chosen zone: dates without an offset are read in it unless the request names one. */
  storedTimeZone: UsTimeZone;
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
  const zone = request.timeZone ?? task.storedTimeZone;
  let source: UploadRowSource;
  const keys = streamsBulkRows(task.databaseUrl) ? uploadKeys(plan, request.table.rows) : null;
  if (keys && keys.loadIds.length > 0) {
    // PostgreSQL: the rows are read while the new loads stream through COPY, on this thread while
    // the database takes the rows before; a problem rolls the write back (writeUpload).
    const problems: RowProblems = { errors: [], nassCodes: new Set() };
    source = {
      keys,
      rows: readRowsLazily(plan, request.table.rows, zone, problems),
      errors: problems.errors,
    };
  } else {
    const parsed = parseUploadRows(plan, request.table.rows, zone);
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
    if (parsed.errors.length > 0 && parsed.nassCodes.size === 0) {
      return { kind: "rowErrors", errors: parsed.errors };
    }
    source = sourceOfRows(parsed.rows, parsed.errors);
  }

  try {
    const outcome = await runWriteTransaction(null, task.databaseUrl, () =>
      writeUpload({
        provider,
        batchId: task.batchId,
        actor: task.actor,
        stream: request.stream,
        fileNames: request.fileNames,
        source,
        now: task.now,
      }),
    );
    return { kind: "written", outcome };
  } catch (error) {
    if (error instanceof UploadRowProblems) return { kind: "rowErrors", errors: error.errors };
    // PostgreSQL: another upload created one of these loads after this one looked.
    if (isUniqueViolation(error)) return { kind: "conflict" };
    throw error;
  }
}

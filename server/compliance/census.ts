import { Readable } from "node:stream";
import Papa from "papaparse";
import {
  type AuthorityStatus,
  authorityFromCensus,
  CENSUS_MAX_ROW_ERRORS,
  COMPLIANCE_MESSAGES,
} from "../../common/compliance.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { carriersByDotNumbers } from "../carriers/lookup.ts";
import type { Context } from "../context.ts";
import { ValidationError } from "../errors.ts";
import { utcDay } from "./service.ts";
import { saveCompliance } from "./store.ts";

/** A DOT number without leading zeros (the census pads some; carriers may be kept either way). */
const withoutZeros = (dot: string) => dot.replace(/^0+(?=\d)/, "");

/** Rows matched and written per transaction. */
const BATCH_ROWS = 500;

export interface CensusRowError {
  /** The data row's number (1 is the line after the header). */
  row: number;
  field: string;
  message: string;
}

export interface CensusImportResult {
  /** Data rows read. */
  rows: number;
  /** Rows whose DOT number is one of our carriers' (their authority status was set). */
  matched: number;
  /** Good rows of carriers we do not know (ignored). */
  unmatched: number;
  /** Rows refused, counted; the first CENSUS_MAX_ROW_ERRORS are listed. */
  errorCount: number;
  errors: CensusRowError[];
  /** The columns read: DOT_NUMBER, and STATUS_CODE when the file has it. */
  columnsRead: string[];
}

interface CensusRow {
  row: number;
  dotNumber: string;
  status: AuthorityStatus;
}

/**
 * The FMCSA carrier census CSV (Company Census File / SMS census layout: DOT_NUMBER, LEGAL_NAME,
 * DBA_NAME, CARRIER_OPERATION, ..., STATUS_CODE) fills authority status offline. Read: DOT_NUMBER
 * (digits, leading zeros dropped) and STATUS_CODE (A active, I inactive; R revoked accepted). A
 * file without STATUS_CODE (the SMS census lists active carriers only) marks every listed carrier
 * active. Parsed as a stream (papaparse's Node stream) and written in batches of 500 rows; carriers
 * are matched by DOT number, the checked day is the import's. Bad rows are listed and skipped.
 */
export async function importCarrierCensus(ctx: Context, bytes: Uint8Array): Promise<CensusImportResult> {
  const admin = requireAdmin(ctx);
  const today = utcDay();
  const result: CensusImportResult = {
    rows: 0,
    matched: 0,
    unmatched: 0,
    errorCount: 0,
    errors: [],
    columnsRead: [],
  };
  const fail = (row: number, field: string, message: string) => {
    result.errorCount++;
    if (result.errors.length < CENSUS_MAX_ROW_ERRORS) result.errors.push({ row, field, message });
  };
  let hasStatus: boolean | null = null;
  let batch: CensusRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const asked = rows.flatMap((row) => [row.dotNumber, row.dotNumber.padStart(8, "0")]);
    const carriers = await carriersByDotNumbers(ctx.db, [...new Set(asked)]);
    const byDot = new Map(carriers.map((carrier) => [withoutZeros(carrier.dotNumber), carrier.id]));
    const matched = rows.filter((row) => byDot.has(row.dotNumber));
    result.matched += matched.length;
    result.unmatched += rows.length - matched.length;
    if (matched.length === 0) return;
    await ctx.db.$transaction(async (tx) => {
      for (const row of matched) {
        await saveCompliance(tx, byDot.get(row.dotNumber)!, {
          authorityStatus: row.status,
          authorityCheckedOn: today,
          authoritySource: "census",
          updatedById: admin.id,
        });
      }
    });
  };

  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header: string) => header.trim().toUpperCase(),
  });
  const source = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  source.pipe(parser);
  for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
    result.rows++;
    if (hasStatus === null) {
      if (!("DOT_NUMBER" in record)) {
        source.destroy();
        throw new ValidationError(COMPLIANCE_MESSAGES.censusNoDotColumn, [
          { field: "file", message: COMPLIANCE_MESSAGES.censusNoDotColumn },
        ]);
      }
      hasStatus = "STATUS_CODE" in record;
      result.columnsRead = hasStatus ? ["DOT_NUMBER", "STATUS_CODE"] : ["DOT_NUMBER"];
    }
    const dot = (record.DOT_NUMBER ?? "").trim();
    if (!/^\d{1,10}$/.test(dot)) {
      fail(result.rows, "DOT_NUMBER", COMPLIANCE_MESSAGES.censusBadDot);
      continue;
    }
    const status = hasStatus ? authorityFromCensus(record.STATUS_CODE ?? "") : "active";
    if (!status) {
      fail(result.rows, "STATUS_CODE", COMPLIANCE_MESSAGES.censusBadStatus);
      continue;
    }
    batch.push({ row: result.rows, dotNumber: withoutZeros(dot), status });
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  if (result.rows === 0) {
    throw new ValidationError(COMPLIANCE_MESSAGES.censusEmpty, [
      { field: "file", message: COMPLIANCE_MESSAGES.censusEmpty },
    ]);
  }
  await recordAudit(ctx.db, {
    actor: auditActor(ctx),
    action: "compliance.census",
    entityType: "CarrierCensus",
    entityId: null,
    details: { rows: result.rows, matched: result.matched, errors: result.errorCount },
  });
  return result;
}

import Papa from "papaparse";
import { CSV_PARSE_CONFIG, csvTableOf } from "../../common/csv-table.ts";
import { headerKey } from "../../common/loads/upload-columns.ts";
import { csvSizeOf, type UploadTable } from "../../common/loads/upload-size.ts";
import { NASS_COLUMNS, NASS_IMPORT_MAX_BYTES, NASS_IMPORT_TOO_LARGE } from "../../common/routing.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAuditWork } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { runWriteTransaction, type SqlWork } from "../db/bulk.ts";
import {
  type Column,
  insertRows,
  updateRowsAtVersion,
  type VersionedRowChange,
} from "../db/bulk-statements.ts";
import { type DbProvider, providerOf } from "../db/client.ts";
import type { SqlValue } from "../db/sql.ts";
import { ConflictError, DomainError, type FieldError, ValidationError } from "../errors.ts";
import { zipCentroid } from "../geo/zip-centroids.ts";
import { assertCleanText } from "../http/input-text.ts";
import { createRowId } from "../lib/ids.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { versionsOfCodes } from "./store.ts";
import { isProblem, NASS_LABELS, type NassValueField, type NassValues, parseNassValue } from "./values.ts";

export const NASS_NO_DATA = "The NASS file has no rows.";
export const NASS_NO_CODE_COLUMN = "The file has no Code column.";
export const NASS_ONE_FORM = "Send the file either as csv or as columns and rows, not both.";
export const CONCURRENT_IMPORT =
  "Another change created some of these codes at the same time; import the file again.";
/** Why a row was skipped: the operator's edit, made while the file was importing, wins over the file. */
export const NASS_ROW_CHANGED_MEANWHILE =
  "This NASS code was changed by someone else while the file was importing; their change was kept and this row was skipped.";
const MAX_REPORTED_ERRORS = 500;

/** What people call each NASS column, written as `headerKey` leaves them (like the load upload). */
const ALIASES: Record<NassValueField, string[]> = {
  code: ["code", "nass", "nasscode", "nassid", "facilitycode"],
  region: ["region", "area"],
  division: ["division", "district"],
  fdbid: ["fdbid", "fdb", "fdbnumber", "facilitydatabaseid"],
  facilityName: ["facilityname", "facility", "name"],
  street: ["street", "address", "streetaddress", "address1"],
  city: ["city"],
  state: ["state", "st"],
  zip: ["zip", "zipcode", "postalcode", "zip5"],
  typeCode: ["typecode", "type"],
  subType: ["subtype"],
  facType: ["facilitytype", "factype", "fac"],
  originating: ["originating", "orig", "origin"],
  destinating: ["destinating", "dest", "destination"],
  latitude: ["latitude", "lat"],
  longitude: ["longitude", "lng", "lon", "long"],
};

const FIELD_BY_KEY = new Map<string, NassValueField>(
  (Object.entries(ALIASES) as [NassValueField, string[]][]).flatMap(([field, keys]) =>
    keys.map((key) => [key, field] as const),
  ),
);

/** Each column's field, or null when it names none (ignored); a repeated field's later column too. */
export function planNassColumns(headers: string[]): (NassValueField | null)[] {
  const taken = new Set<NassValueField>();
  return headers.map((header) => {
    const field = FIELD_BY_KEY.get(headerKey(header)) ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

export interface NassRow {
  rowNumber: number;
  code: string;
  values: NassValues;
}

type Cell = UploadTable["rows"][number][number];

/** Every row checked; problems named `rows.N.field` (N counts data rows from 1). */
export function parseNassRows(
  fields: (NassValueField | null)[],
  rows: Cell[][],
): { rows: NassRow[]; errors: FieldError[] } {
  const parsed: NassRow[] = [];
  const errors: FieldError[] = [];
  const firstRowOfCode = new Map<string, number>();
  rows.forEach((cells, index) => {
    const rowNumber = index + 1;
    if (!Array.isArray(cells)) {
      errors.push({ field: `rows.${rowNumber}`, message: `Row ${rowNumber} is not a list of cells` });
      return;
    }
    const values: NassValues = {};
    let rowHasProblem = false;
    fields.forEach((field, column) => {
      const cell = cells[column];
      if (!field || cell === null || cell === undefined) return;
      const text = String(cell).trim();
      if (!text) return;
      const value = parseNassValue(field, text);
      if (isProblem(value)) {
        rowHasProblem = true;
        errors.push({ field: `rows.${rowNumber}.${field}`, message: `Row ${rowNumber}: ${value.problem}` });
        return;
      }
      (values as Record<string, unknown>)[field] = value;
    });
    if (!values.code) {
      if (cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === "")) return;
      errors.push({ field: `rows.${rowNumber}.code`, message: `Row ${rowNumber}: Code is required` });
      return;
    }
    const earlier = firstRowOfCode.get(values.code);
    if (earlier !== undefined) {
      errors.push({
        field: `rows.${rowNumber}.code`,
        message: `Row ${rowNumber}: Code ${values.code} already appears in row ${earlier}`,
      });
      return;
    }
    firstRowOfCode.set(values.code, rowNumber);
    if (!rowHasProblem) parsed.push({ rowNumber, code: values.code, values });
  });
  return { rows: parsed, errors };
}

/** Coordinates from the file, else from the ZIP centroid; undefined when neither is known. */
export function coordinatesOf(values: NassValues): { latitude: number; longitude: number } | undefined {
  if (typeof values.latitude === "number" && typeof values.longitude === "number") {
    return { latitude: values.latitude, longitude: values.longitude };
  }
  const centroid = zipCentroid(values.zip);
  return centroid ? { latitude: centroid.lat, longitude: centroid.lng } : undefined;
}

const VALUE_COLUMNS: readonly (Column & {
  name: Exclude<NassValueField, "code" | "latitude" | "longitude">;
})[] = [
  { name: "region", type: "text" },
  { name: "division", type: "text" },
  { name: "fdbid", type: "text" },
  { name: "facilityName", type: "text" },
  { name: "street", type: "text" },
  { name: "city", type: "text" },
  { name: "state", type: "text" },
  { name: "zip", type: "text" },
  { name: "typeCode", type: "text" },
  { name: "subType", type: "text" },
  { name: "facType", type: "text" },
  { name: "originating", type: "boolean" },
  { name: "destinating", type: "boolean" },
];
const COORDINATE_COLUMNS: readonly Column[] = [
  { name: "latitude", type: "double precision" },
  { name: "longitude", type: "double precision" },
];
const INSERT_COLUMNS: readonly Column[] = [
  { name: "id", type: "text" },
  { name: "code", type: "text" },
  ...VALUE_COLUMNS,
  ...COORDINATE_COLUMNS,
  { name: "createdAt", type: "timestamp(3)" },
];

/** A row of a known code that someone changed after the import read it: not written. */
export interface NassSkippedRow {
  /** The row's 1-based place among the file's data rows. */
  row: number;
  code: string;
  reason: string;
}

export interface NassImportOutcome {
  createdCount: number;
  updatedCount: number;
  /** Rows left out because their code changed meanwhile (the edit wins), in row order. */
  skipped: NassSkippedRow[];
}

/**
 * Upsert by code in one transaction: new codes inserted, known codes updated in the columns the
 * row fills (empty cells keep the stored value), coordinates from the file or the ZIP centroid.
 * A known code is updated only at the version this transaction read it at, and moves it: an edit
 * committed between the read and the write (PostgreSQL) keeps its change and the row is skipped;
 * an editor who opened the code before the import is refused (409) when saving.
 */
function* writeNassImport(
  provider: DbProvider,
  rows: NassRow[],
  actor: AuditActor,
  fileName: string | null,
  now: Date,
): SqlWork<NassImportOutcome> {
  const existing = yield* versionsOfCodes(
    provider,
    rows.map((row) => row.code),
  );
  const idByCode = new Map(existing.map((row) => [row.code, row.id]));
  const versionByCode = new Map(existing.map((row) => [row.code, Number(row.version)]));
  const fresh = rows.filter((row) => !idByCode.has(row.code));
  const known = rows.filter((row) => idByCode.has(row.code));
  yield* insertRows(provider, "NassCode", INSERT_COLUMNS, fresh.length, (index, out) => {
    const { code, values } = fresh[index];
    out.push(createRowId(now.getTime()), code);
    for (const column of VALUE_COLUMNS) {
      const value = values[column.name];
      out.push(value ?? (column.type === "boolean" ? false : null));
    }
    const point = coordinatesOf(values);
    out.push(point?.latitude ?? null, point?.longitude ?? null, now);
  });
  const changes: VersionedRowChange[] = known.map(({ code, values }) => {
    const point =
      values.zip !== undefined || values.latitude !== undefined ? coordinatesOf(values) : undefined;
    return {
      key: idByCode.get(code)!,
      values: [
        ...VALUE_COLUMNS.map((column) => values[column.name] as SqlValue | undefined),
        point?.latitude,
        point?.longitude,
      ],
      version: versionByCode.get(code)!,
    };
  });
  const written = yield* updateRowsAtVersion(
    provider,
    "NassCode",
    [...VALUE_COLUMNS, ...COORDINATE_COLUMNS],
    changes,
  );
  const skipped = known
    .filter((row) => !written.has(idByCode.get(row.code)!))
    .map((row) => ({ row: row.rowNumber, code: row.code, reason: NASS_ROW_CHANGED_MEANWHILE }));
  const updatedCount = known.length - skipped.length;
  yield* recordAuditWork(
    provider,
    {
      actor,
      action: "nass.import",
      entityType: "NassCode",
      details: {
        fileName,
        rowCount: rows.length,
        createdCount: fresh.length,
        updatedCount,
        ...(skipped.length > 0
          ? { skippedCount: skipped.length, skippedCodes: skipped.map((row) => row.code) }
          : {}),
      },
    },
    now,
  );
  return { createdCount: fresh.length, updatedCount, skipped };
}

function importRefusal(errors: FieldError[]): ValidationError {
  const rowOf = (error: FieldError) => Number(error.field.split(".")[1]);
  const rowsWithErrors = new Set(errors.map(rowOf)).size;
  const listed = errors.toSorted((a, b) => rowOf(a) - rowOf(b)).slice(0, MAX_REPORTED_ERRORS);
  const message = `${rowsWithErrors} ${rowsWithErrors === 1 ? "row has" : "rows have"} errors; nothing was imported. ${listed[0].message}`;
  return new ValidationError(message, listed);
}

/** The file as CSV text, or already parsed into a table (one of the two). */
export interface NassImportInput {
  csv?: string | null;
  table?: UploadTable | null;
  fileName?: string | null;
}

/** The table the input carries, refused when it is larger than the spec's 5 MB of CSV. */
function tableOf(input: NassImportInput): UploadTable {
  if (typeof input.csv === "string" && input.table) {
    throw new ValidationError(NASS_ONE_FORM, [{ field: "csv", message: NASS_ONE_FORM }]);
  }
  if (typeof input.csv === "string") {
    if (input.csv.length > NASS_IMPORT_MAX_BYTES)
      throw new DomainError("PAYLOAD_TOO_LARGE", NASS_IMPORT_TOO_LARGE);
    return parseCsvText(input.csv);
  }
  const table = input.table ?? { columns: [], rows: [] };
  if (csvSizeOf(table) > NASS_IMPORT_MAX_BYTES)
    throw new DomainError("PAYLOAD_TOO_LARGE", NASS_IMPORT_TOO_LARGE);
  return table;
}

/** The NASS CSV import (screen and API): at most 5 MB of CSV, every row valid or nothing changes. */
export async function importNassCodes(ctx: Context, input: NassImportInput): Promise<NassImportOutcome> {
  requireAdmin(ctx);
  const table = tableOf(input);
  // After the size check (413): the parsed cells, so a problem is named by its row and column.
  assertCleanText({ columns: table.columns, rows: table.rows, fileName: input.fileName });
  const fields = planNassColumns(table.columns);
  if (!fields.includes("code")) {
    throw new ValidationError(NASS_NO_CODE_COLUMN, [{ field: "columns", message: NASS_NO_CODE_COLUMN }]);
  }
  const { rows, errors } = parseNassRows(fields, table.rows);
  if (errors.length > 0) throw importRefusal(errors);
  if (rows.length === 0) throw new ValidationError(NASS_NO_DATA, [{ field: "rows", message: NASS_NO_DATA }]);
  const fileName = input.fileName?.slice(0, 200) ?? null;
  return runWriteTransaction(ctx.db, ctx.config.databaseUrl, () =>
    writeNassImport(providerOf(ctx.config.databaseUrl), rows, auditActor(ctx), fileName, new Date()),
  ).catch((error: unknown) => {
    const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } }).meta;
    if (isUniqueViolation(error) || cause?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation") {
      throw new ConflictError(CONCURRENT_IMPORT);
    }
    throw error;
  });
}

/** CSV text read exactly as the import dialog reads a picked file. */
function parseCsvText(text: string): UploadTable {
  return csvTableOf(Papa.parse<Record<string, string | undefined>>(text, CSV_PARSE_CONFIG));
}

/** The spec's 14 column titles, for the template the screen offers. */
export const NASS_TEMPLATE_HEADERS = NASS_COLUMNS.map(([title]) => title);
export { NASS_LABELS };

import { FIELD_LABELS, type UploadField } from "../../../common/loads/upload-columns.ts";
import {
  type Cell,
  csvSizeOf,
  MAX_UPLOAD_CSV_BYTES,
  type UploadTable,
} from "../../../common/loads/upload-size.ts";

export type { UploadTable };

/** Spec section 2: .txt and .csv files of these types, at most 5 MB each. */
export const ACCEPTED_TYPES = ["text/plain", "text/csv", "application/vnd.ms-excel"] as const;
export const ACCEPTED_EXTENSIONS = [".txt", ".csv"] as const;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FILE_INPUT_ACCEPT = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_TYPES].join(",");

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/**
 * Why a picked or dropped file is refused, or null when it is fine. Some systems report no type
 * for a .csv file: then the extension decides.
 */
export function fileProblem(file: FileFacts): string | null {
  const name = file.name.toLowerCase();
  const extensionOk = ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension));
  const typeOk = file.type === "" || (ACCEPTED_TYPES as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) {
    return `${file.name} was not added: only .txt and .csv files (text/plain, text/csv, application/vnd.ms-excel) can be uploaded.`;
  }
  if (file.size > MAX_FILE_BYTES) return `${file.name} was not added: it is larger than 5 MB.`;
  if (file.size === 0) return `${file.name} was not added: it is empty.`;
  return null;
}

/** One parsed file: its header row and its rows' cells in that order. */
export interface ParsedFile extends UploadTable {
  name: string;
  /** The parser's complaints (ragged rows, stray quotes), already worded for people. */
  warnings: string[];
}

/** Where a file's rows sit among an upload's rows. */
export interface FileSpan {
  name: string;
  /** 0-based index of the file's first row in the upload. */
  start: number;
  count: number;
}

export interface PreparedUpload {
  table: UploadTable;
  files: FileSpan[];
}

/**
 * Several files become one table: the columns of all of them, in the order first seen. Files with
 * the same header row keep their row arrays as they are (no copy of 30,000 rows).
 */
export function combineFiles(files: ParsedFile[]): PreparedUpload {
  const columns: string[] = [];
  const indexOf = new Map<string, number>();
  for (const file of files) {
    for (const column of file.columns) {
      if (!indexOf.has(column)) {
        indexOf.set(column, columns.length);
        columns.push(column);
      }
    }
  }
  const rows: Cell[][] = [];
  const spans: FileSpan[] = [];
  for (const file of files) {
    spans.push({ name: file.name, start: rows.length, count: file.rows.length });
    const sameOrder = file.columns.every((column, index) => indexOf.get(column) === index);
    if (sameOrder) {
      for (const row of file.rows) rows.push(row);
      continue;
    }
    const targets = file.columns.map((column) => indexOf.get(column)!);
    for (const row of file.rows) {
      const cells: Cell[] = new Array(columns.length).fill(null);
      targets.forEach((target, index) => {
        cells[target] = row[index];
      });
      rows.push(cells);
    }
  }
  return { table: { columns, rows }, files: spans };
}

/**
 * The requests an upload takes. The server takes at most 5 MB of CSV per request and checks the
 * rows of one request all together (any bad row refuses that request): files that fit together go
 * in one request; otherwise each file goes in its own (each is at most 5 MB).
 */
export function uploadRequests(files: ParsedFile[]): PreparedUpload[] {
  const all = combineFiles(files);
  if (files.length <= 1 || csvSizeOf(all.table) <= MAX_UPLOAD_CSV_BYTES) return [all];
  return files.map((file) => combineFiles([file]));
}

export interface UploadPreview {
  columns: string[];
  rows: string[][];
  /** Each preview row's number as the error list words it: "3", or "b.csv, row 3" for several files. */
  rowLabels: string[];
  total: number;
}

/** The header row and the first rows, as text, for the dialog's preview. */
export function previewOf({ table, files }: PreparedUpload, count = 5): UploadPreview {
  const rows = table.rows.slice(0, count).map((row) =>
    table.columns.map((_column, index) => {
      const cell = row[index];
      return cell === null || cell === undefined ? "" : String(cell);
    }),
  );
  const rowLabels = rows.map((_row, index) => {
    const span = files.find((file) => index >= file.start && index < file.start + file.count);
    if (!span) return String(index + 1);
    const fileRow = index - span.start + 1;
    return files.length > 1 ? `${span.name}, row ${fileRow}` : String(fileRow);
  });
  return { columns: table.columns, rows, rowLabels, total: table.rows.length };
}

/** A problem the server found, in the words the dialog lists. */
export interface UploadProblem {
  /** The row among the request's rows (1-based), or null for the upload as a whole. */
  row: number | null;
  fileName: string | null;
  /** The row within its file, counting from the first row under the header. */
  fileRow: number | null;
  field: string;
  reason: string;
}

const ROW_FIELD = /^rows\.(\d+)\.(.+)$/;

function fieldLabel(field: string): string {
  if (field === "row") return "Row";
  return FIELD_LABELS[field as UploadField] ?? field;
}

/**
 * Reads the server's row errors (`rows.12.pickupDate` / "Row 12: Pickup Date '…' is not a valid
 * date") back into row, file, field and reason.
 */
export function uploadProblems(
  fields: ReadonlyArray<{ readonly field: string; readonly message: string }>,
  files: FileSpan[],
): UploadProblem[] {
  return fields.map(({ field, message }) => {
    const match = ROW_FIELD.exec(field);
    if (!match)
      return { row: null, fileName: null, fileRow: null, field: fieldLabel(field), reason: message };
    const row = Number(match[1]);
    const span = files.find((file) => row - 1 >= file.start && row - 1 < file.start + file.count);
    return {
      row,
      fileName: span?.name ?? null,
      fileRow: span ? row - span.start : null,
      field: fieldLabel(match[2]),
      reason: message.replace(/^Row \d+:\s*/, ""),
    };
  });
}

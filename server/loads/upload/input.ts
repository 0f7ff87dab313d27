import { DomainError } from "../../errors.ts";
import type { Cell } from "./rows.ts";

/** The spec's limit per file; the server measures an upload as the CSV it came from. */
export const MAX_UPLOAD_CSV_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "The upload is larger than 5 MB.";

/** Rows as columns + cell lists: what the GraphQL mutation takes and what the service works on. */
export interface UploadTable {
  columns: string[];
  rows: Cell[][];
}

/**
 * REST sends rows as objects keyed by the CSV header (papaparse's `header: true`). The columns are
 * the keys in the order first seen; anything that is not an object becomes a row the validation
 * reports.
 */
export function tableFromObjects(objects: unknown[]): UploadTable {
  const columnIndex: Record<string, number> = Object.create(null);
  const columns: string[] = [];
  const rows: Cell[][] = new Array(objects.length);
  for (let rowIndex = 0; rowIndex < objects.length; rowIndex++) {
    const object = objects[rowIndex] as Record<string, Cell>;
    if (typeof object !== "object" || object === null || Array.isArray(object)) {
      rows[rowIndex] = null as unknown as Cell[];
      continue;
    }
    const cells: Cell[] = new Array(columns.length);
    for (const key in object) {
      let index = columnIndex[key];
      if (index === undefined) {
        index = columns.length;
        columnIndex[key] = index;
        columns.push(key);
      }
      cells[index] = object[key];
    }
    rows[rowIndex] = cells;
  }
  return { columns, rows };
}

/**
 * The size of the CSV file these rows make: the header line plus one line per row, cells joined
 * by commas, counted in characters (bytes for ASCII text; quoting ignored). A 5 MB file is
 * accepted whatever JSON form it travelled in; anything larger answers 413.
 */
export function csvSizeOf(table: UploadTable): number {
  const separators = Math.max(0, table.columns.length - 1) + 1;
  let size = table.columns.reduce((sum, column) => sum + column.length, 0) + separators;
  for (const row of table.rows) {
    if (!Array.isArray(row)) continue;
    size += separators;
    for (let index = 0; index < row.length; index++) {
      const cell = row[index];
      if (typeof cell === "string") size += cell.length;
      else if (cell !== null && cell !== undefined) size += String(cell).length;
    }
    if (size > MAX_UPLOAD_CSV_BYTES) break;
  }
  return size;
}

export function assertUploadSize(table: UploadTable): void {
  if (csvSizeOf(table) > MAX_UPLOAD_CSV_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", UPLOAD_TOO_LARGE);
}

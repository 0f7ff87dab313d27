/** Upload rows as both sides see them, and the spec's size limit measured the same way on both. */

/** A cell as clients send it: CSV text, or a number/boolean when their parser typed it. */
export type Cell = string | number | boolean | null | undefined;

/** The spec's limit per file; the server measures an upload as the CSV it came from. */
export const MAX_UPLOAD_CSV_BYTES = 5 * 1024 * 1024;
export const STREAM_REQUIRED = "Select the stream before upload.";
export const NO_DATA = "No data to upload.";
export const UPLOAD_TOO_LARGE = "The upload is larger than 5 MB.";

/** Rows as columns + cell lists: what the GraphQL mutation takes and what the service works on. */
export interface UploadTable {
  columns: string[];
  rows: Cell[][];
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

import type Papa from "papaparse";

/** The settings every CSV file is read with, in the browser and on the server: a header row; blank lines skipped. */
export const CSV_PARSE_CONFIG = { header: true, skipEmptyLines: "greedy" } as const;

export type CsvParse = Pick<Papa.ParseResult<Record<string, string | undefined>>, "data" | "errors" | "meta">;

/** A CSV file as its header and cell lists in header order (empty cells null). */
export interface CsvTable {
  columns: string[];
  rows: (string | null)[][];
}

/**
 * papaparse's rows (objects keyed by header) as cell lists in header order: the compact form the
 * uploads send, and much cheaper to hand from a Web Worker to the page.
 */
export function csvTableOf(result: CsvParse): CsvTable {
  const columns = result.meta.fields ?? [];
  const rows = new Array<(string | null)[]>(result.data.length);
  for (let index = 0; index < result.data.length; index++) {
    const object = result.data[index];
    const cells = new Array<string | null>(columns.length);
    for (let column = 0; column < columns.length; column++) cells[column] = object[columns[column]] ?? null;
    rows[index] = cells;
  }
  return { columns, rows };
}

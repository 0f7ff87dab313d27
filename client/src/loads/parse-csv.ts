import type Papa from "papaparse";
import type { ParsedFile } from "./upload-table.ts";

/** Files above this size are parsed in a Web Worker, so the dialog stays responsive. */
const WORKER_THRESHOLD_BYTES = 256 * 1024;
const MAX_WARNINGS = 5;

type Row = Record<string, string | undefined>;

function warningsOf(name: string, errors: Papa.ParseError[]): string[] {
  const listed = errors
    .slice(0, MAX_WARNINGS)
    .map((error) => `${name}${error.row === undefined ? "" : ` row ${error.row + 1}`}: ${error.message}`);
  if (errors.length > MAX_WARNINGS) listed.push(`${name}: ${errors.length - MAX_WARNINGS} more problems.`);
  return listed;
}

/**
 * Reads a CSV (or tab/semicolon separated .txt) file with its header row, the way the legacy
 * screen did (papaparse, `header: true`), and keeps the rows as cell lists in header order: the
 * compact form the upload sends.
 */
export async function parseCsvFile(file: File): Promise<ParsedFile> {
  // The parser is only downloaded once someone picks a file.
  const { default: Papa } = await import("papaparse");
  return new Promise((resolve, reject) => {
    Papa.parse<Row>(file, {
      header: true,
      skipEmptyLines: "greedy",
      worker: file.size > WORKER_THRESHOLD_BYTES,
      complete: (result) => {
        const columns = result.meta.fields ?? [];
        const rows = new Array<(string | null)[]>(result.data.length);
        for (let index = 0; index < result.data.length; index++) {
          const object = result.data[index];
          const cells = new Array<string | null>(columns.length);
          for (let column = 0; column < columns.length; column++)
            cells[column] = object[columns[column]] ?? null;
          rows[index] = cells;
        }
        resolve({ name: file.name, columns, rows, warnings: warningsOf(file.name, result.errors) });
      },
      error: (error: Error) => reject(error),
    });
  });
}

import type Papa from "papaparse";
import type { ParsedFile } from "./upload-table.ts";

const MAX_WARNINGS = 5;

/** The settings every load file is read with: a header row; blank lines skipped. */
export const CSV_PARSE_CONFIG = { header: true, skipEmptyLines: "greedy" } as const;

function warningsOf(name: string, errors: Papa.ParseError[]): string[] {
  const listed = errors
    .slice(0, MAX_WARNINGS)
    .map((error) => `${name}${error.row === undefined ? "" : ` row ${error.row + 1}`}: ${error.message}`);
  if (errors.length > MAX_WARNINGS) listed.push(`${name}: ${errors.length - MAX_WARNINGS} more problems.`);
  return listed;
}

/**
 * papaparse's rows (objects keyed by header) as cell lists in header order: the compact form the
 * upload sends, and much cheaper to hand from a Web Worker to the page.
 */
export function parsedFileOf(
  name: string,
  result: Pick<Papa.ParseResult<Record<string, string | undefined>>, "data" | "errors" | "meta">,
): ParsedFile {
  const columns = result.meta.fields ?? [];
  const rows = new Array<(string | null)[]>(result.data.length);
  for (let index = 0; index < result.data.length; index++) {
    const object = result.data[index];
    const cells = new Array<string | null>(columns.length);
    for (let column = 0; column < columns.length; column++) cells[column] = object[columns[column]] ?? null;
    rows[index] = cells;
  }
  return { name, columns, rows, warnings: warningsOf(name, result.errors) };
}

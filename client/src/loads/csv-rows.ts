import type Papa from "papaparse";
import { type CsvParse, csvTableOf } from "../../../common/csv-table.ts";
import type { ParsedFile } from "./upload-table.ts";

export { CSV_PARSE_CONFIG } from "../../../common/csv-table.ts";

const MAX_WARNINGS = 5;

function warningsOf(name: string, errors: Papa.ParseError[]): string[] {
  const listed = errors
    .slice(0, MAX_WARNINGS)
    .map((error) => `${name}${error.row === undefined ? "" : ` row ${error.row + 1}`}: ${error.message}`);
  if (errors.length > MAX_WARNINGS) listed.push(`${name}: ${errors.length - MAX_WARNINGS} more problems.`);
  return listed;
}

/** A parsed file as the upload dialogs show and send it, with papaparse's problems as warnings. */
export function parsedFileOf(name: string, result: CsvParse): ParsedFile {
  return { name, ...csvTableOf(result), warnings: warningsOf(name, result.errors) };
}

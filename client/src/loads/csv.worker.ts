import Papa from "papaparse";
import { CSV_PARSE_CONFIG, parsedFileOf } from "./csv-rows.ts";
import type { ParsedFile } from "./upload-table.ts";

export type CsvWorkerRequest = { file: File };
export type CsvWorkerAnswer = { parsed: ParsedFile } | { error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<CsvWorkerRequest>) => void) | null;
  postMessage(answer: CsvWorkerAnswer): void;
}
const scope = self as unknown as WorkerScope;

/** Reads one big load file off the page's thread. */
scope.onmessage = async ({ data: { file } }) => {
  try {
    const result = Papa.parse<Record<string, string | undefined>>(await file.text(), CSV_PARSE_CONFIG);
    scope.postMessage({ parsed: parsedFileOf(file.name, result) });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : "The file could not be read." });
  }
};

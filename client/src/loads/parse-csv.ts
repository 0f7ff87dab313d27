import type { CsvWorkerAnswer } from "./csv.worker.ts";
import { CSV_PARSE_CONFIG, parsedFileOf } from "./csv-rows.ts";
import type { ParsedFile } from "./upload-table.ts";

/** Files above this size are parsed in a Web Worker, so the dialog stays responsive. */
const WORKER_THRESHOLD_BYTES = 256 * 1024;

/**
 * papaparse's own `worker: true` builds its worker from its function's source text, which the
 * production minifier breaks; so big files go to our own module worker running papaparse.
 */
function parseInWorker(file: File): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./csv.worker.ts", import.meta.url), { type: "module" });
    const finish = () => worker.terminate();
    worker.onmessage = ({ data }: MessageEvent<CsvWorkerAnswer>) => {
      finish();
      if ("parsed" in data) resolve(data.parsed);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || "The file could not be read."));
    };
    worker.postMessage({ file });
  });
}

/**
 * Reads a load file with its header row, the way the legacy screen did (papaparse,
 * `header: true`), keeping rows as cell lists in header order.
 */
export async function parseCsvFile(file: File): Promise<ParsedFile> {
  if (file.size > WORKER_THRESHOLD_BYTES) return parseInWorker(file);
  // The parser is only downloaded once someone picks a file.
  const { default: Papa } = await import("papaparse");
  const result = Papa.parse<Record<string, string | undefined>>(await file.text(), CSV_PARSE_CONFIG);
  return parsedFileOf(file.name, result);
}

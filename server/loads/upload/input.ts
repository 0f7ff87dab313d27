import { isUsTimeZone, US_TIME_ZONES, type UsTimeZone } from "../../../common/date-time.ts";
import { LONG_TEXT_MAX } from "../../../common/loads/fields.ts";
import {
  type Cell,
  csvSizeOf,
  MAX_UPLOAD_CSV_BYTES,
  STREAM_REQUIRED,
  UPLOAD_TOO_LARGE,
  type UploadTable,
} from "../../../common/loads/upload-size.ts";
import { DomainError, ValidationError } from "../../errors.ts";
import { assertCleanText } from "../../http/input-text.ts";

/** What an upload carries, however it came in. */
export interface UploadInput {
  stream: unknown;
  table: UploadTable;
  fileNames?: string[] | null;
  /** The zone to read dates without an offset in; absent: the uploader's chosen zone. */
  timeZone?: unknown;
}

/** An upload that passed the checks made before its rows are read. */
export interface UploadRequest {
  stream: string;
  table: UploadTable;
  fileNames: string[];
  /** The zone the request names, or null: then the uploader's chosen zone. */
  timeZone: UsTimeZone | null;
}

export const UPLOAD_ZONE_MESSAGE = `Time zone must be one of ${US_TIME_ZONES.map((entry) => entry.zone).join(", ")}`;

/**
 * An integrator's file says 08:00 meaning the uploader's 08:00: dates without an offset are read
 * in the zone the request names (the screens send the zone they show), else the one chosen on My
 * Account, else Eastern (the spec's default). A 'Z' or '-05:00' in the text always wins.
 */
function requestedZone(requested: unknown): UsTimeZone | null {
  if (requested === undefined || requested === null || requested === "") return null;
  if (isUsTimeZone(requested)) return requested;
  throw new ValidationError(UPLOAD_ZONE_MESSAGE, [{ field: "timeZone", message: UPLOAD_ZONE_MESSAGE }]);
}

/** The rows fit in 5 MB of CSV (413) and the stream is named (400). */
export function checkedUploadRequest(input: UploadInput): UploadRequest {
  assertUploadSize(input.table);
  const stream = typeof input.stream === "string" ? input.stream.trim() : "";
  if (!stream) throw new ValidationError(STREAM_REQUIRED, [{ field: "stream", message: STREAM_REQUIRED }]);
  if (stream.length > 40) {
    throw new ValidationError("Stream is too long", [{ field: "stream", message: "Stream is too long" }]);
  }
  const fileNames = (input.fileNames ?? []).map((name) => name.slice(0, 200)).slice(0, 50);
  return { stream, table: input.table, fileNames, timeZone: requestedZone(input.timeZone) };
}

/** REST's JSON body: `{ loads: [{ <CSV header>: cell }], stream, fileNames, timeZone }`. */
export function uploadRequestFromRestBody(body: unknown): UploadRequest {
  assertCleanText(body, { fields: { loads: LONG_TEXT_MAX } });
  const { loads, stream, fileNames, timeZone } = (body ?? {}) as {
    loads?: unknown;
    stream?: unknown;
    fileNames?: unknown;
    timeZone?: unknown;
  };
  return checkedUploadRequest({
    stream,
    timeZone,
    table: tableFromObjects(Array.isArray(loads) ? loads : []),
    fileNames: Array.isArray(fileNames) ? fileNames.filter((name) => typeof name === "string") : [],
  });
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

export function assertUploadSize(table: UploadTable): void {
  if (csvSizeOf(table) > MAX_UPLOAD_CSV_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", UPLOAD_TOO_LARGE);
}

import {
  type Cell,
  csvSizeOf,
  MAX_UPLOAD_CSV_BYTES,
  UPLOAD_TOO_LARGE,
  type UploadTable,
} from "../../../common/loads/upload-size.ts";
import { DomainError } from "../../errors.ts";

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

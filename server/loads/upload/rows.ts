import { isRealDateTime } from "../../../common/date-time.ts";
import { isProblem, type Problem, tooLongMessage } from "../../../common/fields.ts";
import {
  facilityTimeMessage,
  instantInZone,
  readWallTime,
  type WallTime,
} from "../../../common/loads/appointments.ts";
import {
  datesInOrder,
  LOAD_TEXT_FIELDS,
  LONG_TEXT_MAX,
  type LoadTextField,
  loadText,
} from "../../../common/loads/fields.ts";
import {
  APPOINTMENT_UPLOAD_FIELDS,
  type AppointmentUploadField,
  type ColumnPlan,
  FIELD_LABELS,
  type UploadField,
} from "../../../common/loads/upload-columns.ts";
import type { Cell } from "../../../common/loads/upload-size.ts";
import {
  type DateReadZone,
  parseDateValue,
  parseMode,
  parseMoneyCell,
  parseNonNegativeNumber,
  parseStatus,
  parseStopNumber,
  parseTrackingLink,
  parseYesNo,
} from "../../../common/loads/values.ts";
import type { FieldError } from "../../errors.ts";

/** Load columns an upload row can set, with their parsed values. */
export interface LoadValues {
  bolNumber?: string;
  customer?: string;
  status?: string;
  mode?: string;
  referenceNumber?: string;
  weight?: number;
  volume?: number;
  freightClass?: string;
  commodity?: string;
  orderInfo?: string;
  stopCount?: number;
  originAddress?: string;
  destinationAddress?: string;
  pickupDate?: Date;
  deliveryDate?: Date;
  appointmentsRequired?: boolean;
  appointmentsConfirmed?: boolean;
  trackingLink?: string;
  /** The Customer Rate column, in cents. */
  customerRateCents?: number;
}

/** One valid row. Empty cells are absent: they never overwrite an existing load's value. */
export interface UploadRow {
  /** 1-based position among the uploaded rows. */
  rowNumber: number;
  loadId: string;
  values: LoadValues;
  routeNumber?: string;
  originNass?: string;
  destinationNass?: string;
  /** The non-empty cells of the columns no field claimed, keyed by their header. */
  additionalData?: Record<string, string>;
  /** Appointment cells as wall-clock times; the write reads them on the facility's clock. */
  appointments?: Partial<Record<AppointmentUploadField, WallTime>>;
}

export interface ParsedUpload {
  rows: UploadRow[];
  errors: FieldError[];
  /** Every NASS code the rows name, to check against the NassCode table. */
  nassCodes: Set<string>;
}

/** `zone`: the zone a date without an offset is read in (the uploader's). */
type Setter = (row: UploadRow, text: string, zone: DateReadZone) => Problem | undefined;

function text(field: keyof LoadValues & LoadTextField): Setter {
  return parsed(field, (value) => loadText(field, value));
}

function parsed<T>(
  field: keyof LoadValues & UploadField,
  parse: (value: string, zone: DateReadZone) => T | Problem,
): Setter {
  return (row, value, zone) => {
    const result = parse(value, zone);
    if (isProblem(result)) return result;
    (row.values as Record<string, unknown>)[field] = result;
  };
}

function appointment(field: AppointmentUploadField): Setter {
  return (row, value) => {
    const wall = readWallTime(value);
    if (!wall) return { problem: facilityTimeMessage("format", FIELD_LABELS[field], value, "") };
    if (!isRealDateTime(wall.year, wall.month, wall.day, wall.hour, wall.minute)) {
      return { problem: facilityTimeMessage("calendar", FIELD_LABELS[field], value, "") };
    }
    row.appointments ??= {};
    row.appointments[field] = wall;
  };
}

/** An appointment column needs its stop's NASS code (the facility whose clock it is on). */
function appointmentsWithoutStop(row: UploadRow): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of APPOINTMENT_UPLOAD_FIELDS) {
    if (!row.appointments?.[field]) continue;
    const nass = field.startsWith("origin") ? "originNass" : "destinationNass";
    if (!row[nass]) {
      errors.push(
        rowError(
          row.rowNumber,
          field,
          `${FIELD_LABELS[field]} needs ${FIELD_LABELS[nass]} (its facility's time zone)`,
        ),
      );
    }
  }
  return errors;
}

function identifier(field: "routeNumber" | "originNass" | "destinationNass"): Setter {
  const rule: LoadTextField = field === "routeNumber" ? "routeNumber" : "nassCode";
  return (row, value) => {
    const checked = loadText(rule, value);
    if (isProblem(checked))
      return { problem: checked.problem.replace(LOAD_TEXT_FIELDS[rule].label, FIELD_LABELS[field]) };
    row[field] = checked;
  };
}

const SETTERS: Record<Exclude<UploadField, "loadId">, Setter> = {
  bolNumber: text("bolNumber"),
  customer: text("customer"),
  status: parsed("status", parseStatus),
  mode: parsed("mode", parseMode),
  referenceNumber: text("referenceNumber"),
  weight: parsed("weight", (value) => parseNonNegativeNumber(value, "Weight")),
  volume: parsed("volume", (value) => parseNonNegativeNumber(value, "Volume")),
  freightClass: text("freightClass"),
  commodity: text("commodity"),
  orderInfo: text("orderInfo"),
  stopCount: parsed("stopCount", parseStopNumber),
  originAddress: text("originAddress"),
  destinationAddress: text("destinationAddress"),
  pickupDate: parsed("pickupDate", (value, zone) => parseDateValue(value, "Pickup Date", zone)),
  deliveryDate: parsed("deliveryDate", (value, zone) => parseDateValue(value, "Delivery Date", zone)),
  appointmentsRequired: parsed("appointmentsRequired", (value) => parseYesNo(value, "Appointments Required")),
  appointmentsConfirmed: parsed("appointmentsConfirmed", (value) =>
    parseYesNo(value, "Appointments Confirmed"),
  ),
  trackingLink: parsed("trackingLink", parseTrackingLink),
  routeNumber: identifier("routeNumber"),
  originNass: identifier("originNass"),
  destinationNass: identifier("destinationNass"),
  originAppointmentFrom: appointment("originAppointmentFrom"),
  originAppointmentTo: appointment("originAppointmentTo"),
  destinationAppointmentFrom: appointment("destinationAppointmentFrom"),
  destinationAppointmentTo: appointment("destinationAppointmentTo"),
  customerRate: (row, value) => {
    const cents = parseMoneyCell(value, FIELD_LABELS.customerRate);
    if (isProblem(cents)) return cents;
    row.values.customerRateCents = cents;
  },
};

function cellText(cell: Cell): string | Problem {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string") return cell.trim();
  if (typeof cell === "number" || typeof cell === "boolean") return String(cell);
  return { problem: "must be text" };
}

export function rowError(rowNumber: number, field: string, message: string): FieldError {
  return { field: `rows.${rowNumber}.${field}`, message: `Row ${rowNumber}: ${message}` };
}

/** Where a row reader leaves what it finds besides the rows. */
export interface RowProblems {
  errors: FieldError[];
  /** Every NASS code the rows name, to check against the NassCode table. */
  nassCodes: Set<string>;
}

/**
 * Reads an upload line by line, in order: each call checks one line and returns its row, or null
 * for a blank line (skipped) or a line that is not a list. Problems go to `into`; a Load ID is
 * required and may appear only once per upload. Dates without an offset are read in `zone`.
 */
export function uploadRowReader(
  plan: ColumnPlan,
  zone: DateReadZone,
  into: RowProblems,
): (cells: unknown, index: number) => UploadRow | null {
  const loadIdColumn = plan.fields.indexOf("loadId");
  const firstRowOfLoad = new Map<string, number>();
  const setters = plan.fields.map((field) => (field && field !== "loadId" ? SETTERS[field] : null));

  return (cells, index) => {
    const rowNumber = index + 1;
    if (!Array.isArray(cells)) {
      into.errors.push(rowError(rowNumber, "row", "is not a list of cells"));
      return null;
    }
    const texts: string[] = [];
    let blank = true;
    for (let column = 0; column < plan.fields.length; column++) {
      const value = cellText(cells[column]);
      if (isProblem(value)) {
        into.errors.push(
          rowError(rowNumber, plan.headers[column], `${plan.headers[column]} ${value.problem}`),
        );
        texts.push("");
        continue;
      }
      if (value !== "") blank = false;
      texts.push(value);
    }
    if (blank) return null;

    const loadId = loadIdColumn >= 0 ? texts[loadIdColumn] : "";
    const row: UploadRow = { rowNumber, loadId, values: {} };
    if (loadId === "") {
      into.errors.push(rowError(rowNumber, "loadId", "Load ID is required"));
    } else if (isProblem(loadText("loadId", loadId))) {
      into.errors.push(rowError(rowNumber, "loadId", tooLongMessage("Load ID", LOAD_TEXT_FIELDS.loadId.max)));
    } else {
      const first = firstRowOfLoad.get(loadId);
      if (first !== undefined) {
        into.errors.push(rowError(rowNumber, "loadId", `Load ID '${loadId}' is already on row ${first}`));
      } else {
        firstRowOfLoad.set(loadId, rowNumber);
      }
    }

    for (let column = 0; column < texts.length; column++) {
      const value = texts[column];
      if (value === "") continue;
      const setter = setters[column];
      if (setter) {
        const problem = setter(row, value, zone);
        if (problem) into.errors.push(rowError(rowNumber, plan.fields[column]!, problem.problem));
      } else if (column !== loadIdColumn) {
        if (value.length > LONG_TEXT_MAX) {
          into.errors.push(
            rowError(
              rowNumber,
              plan.headers[column],
              `${plan.headers[column]} is longer than ${LONG_TEXT_MAX} characters`,
            ),
          );
        }
        row.additionalData ??= {};
        row.additionalData[plan.headers[column]] = value;
      }
    }
    const outOfOrder = datesInOrder(row.values.pickupDate, row.values.deliveryDate);
    if (outOfOrder) into.errors.push(rowError(rowNumber, "deliveryDate", outOfOrder.problem));
    if (row.appointments) into.errors.push(...appointmentsWithoutStop(row));
    if (row.originNass) into.nassCodes.add(row.originNass);
    if (row.destinationNass) into.nassCodes.add(row.destinationNass);
    return row;
  };
}

/** Validates every row before anything is written (see uploadRowReader). */
export function parseUploadRows(plan: ColumnPlan, rows: Cell[][], zone: DateReadZone): ParsedUpload {
  const result: ParsedUpload = { rows: [], errors: [], nassCodes: new Set() };
  const read = uploadRowReader(plan, zone, result);
  for (let index = 0; index < rows.length; index++) {
    const row = read(rows[index], index);
    if (row) result.rows.push(row);
  }
  return result;
}

/** The rows, each read (see uploadRowReader) only when the iteration reaches it. */
export function readRowsLazily(
  plan: ColumnPlan,
  rows: Cell[][],
  zone: DateReadZone,
  into: RowProblems,
): Iterable<UploadRow> {
  return {
    *[Symbol.iterator]() {
      const read = uploadRowReader(plan, zone, into);
      for (let index = 0; index < rows.length; index++) {
        const row = read(rows[index], index);
        if (row) yield row;
      }
    },
  };
}

/** What the write looks up before the rows themselves are read. */
export interface UploadKeys {
  loadIds: string[];
  routeNumbers: string[];
  nassCodes: string[];
}

/**
 * The keys of an upload's rows, from their cells alone (a fraction of reading the rows): the load
 * ids, route numbers and NASS codes the rows name. When the upload is valid they are exactly
 * those of its rows; when it is not, nothing is written anyway.
 */
export function uploadKeys(plan: ColumnPlan, rows: Cell[][]): UploadKeys {
  const column = (field: UploadField) => plan.fields.indexOf(field);
  const keys: UploadKeys = { loadIds: [], routeNumbers: [], nassCodes: [] };
  const read = (cells: Cell[], position: number, rule: LoadTextField, into: string[]) => {
    if (position < 0) return;
    const text = cellText(cells[position]);
    if (isProblem(text) || text === "") return;
    const checked = loadText(rule, text);
    if (!isProblem(checked)) into.push(checked);
  };
  const [loadId, route, origin, destination] = [
    column("loadId"),
    column("routeNumber"),
    column("originNass"),
    column("destinationNass"),
  ];
  for (const cells of rows) {
    if (!Array.isArray(cells)) continue;
    read(cells, loadId, "loadId", keys.loadIds);
    read(cells, route, "routeNumber", keys.routeNumbers);
    read(cells, origin, "nassCode", keys.nassCodes);
    read(cells, destination, "nassCode", keys.nassCodes);
  }
  return keys;
}

/** The keys of rows already read. */
export function keysOfRows(rows: UploadRow[]): UploadKeys {
  return {
    loadIds: rows.map((row) => row.loadId),
    routeNumbers: rows.flatMap((row) => (row.routeNumber ? [row.routeNumber] : [])),
    nassCodes: rows.flatMap((row) =>
      [row.originNass, row.destinationNass].filter((code) => code !== undefined),
    ),
  };
}

/** Rows naming a NASS code that does not exist. */
export function unknownNassErrors(rows: UploadRow[], known: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  for (const row of rows) {
    for (const field of ["originNass", "destinationNass"] as const) {
      const code = row[field];
      if (code && !known.has(code)) {
        errors.push(rowError(row.rowNumber, field, `Unknown NASS code '${code}' in ${FIELD_LABELS[field]}`));
      }
    }
  }
  return errors;
}

/** A stop's appointment window as instants. */
export interface StopWindow {
  from: Date | null;
  to: Date | null;
}

const WALL_TEXT = (wall: WallTime) =>
  `${String(wall.month).padStart(2, "0")}/${String(wall.day).padStart(2, "0")}/${wall.year} ${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;

/**
 * The row's appointment cells read on each facility's clock (its NASS code's zone): the origin
 * and destination windows, or the row's problems (a time the zone skips or lives twice, a window
 * that ends before it starts, a to without a from, a facility without a time zone).
 */
export function appointmentWindows(
  row: UploadRow,
  /** The facility's zone: null when it has no coordinates, undefined for an unknown code (skipped). */
  zoneOf: (code: string) => string | null | undefined,
): { windows: Record<"origin" | "destination", StopWindow>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const windows: Record<"origin" | "destination", StopWindow> = {
    origin: { from: null, to: null },
    destination: { from: null, to: null },
  };
  if (!row.appointments) return { windows, errors };
  for (const end of ["origin", "destination"] as const) {
    const code = row[end === "origin" ? "originNass" : "destinationNass"];
    if (!code) continue;
    const known = zoneOf(code);
    if (known === undefined) continue;
    const zone = known ?? "";
    for (const side of ["From", "To"] as const) {
      const field = `${end}Appointment${side}` as AppointmentUploadField;
      const wall = row.appointments[field];
      if (!wall) continue;
      const instant = instantInZone(wall, zone);
      if (instant instanceof Date) {
        windows[end][side === "From" ? "from" : "to"] = instant;
      } else {
        errors.push(
          rowError(
            row.rowNumber,
            field,
            facilityTimeMessage(instant, FIELD_LABELS[field], WALL_TEXT(wall), zone),
          ),
        );
      }
    }
    const { from, to } = windows[end];
    const toField = `${end}AppointmentTo` as AppointmentUploadField;
    if (to && !from && !row.appointments[`${end}AppointmentFrom`]) {
      errors.push(
        rowError(
          row.rowNumber,
          toField,
          `${FIELD_LABELS[toField]} needs ${FIELD_LABELS[`${end}AppointmentFrom`]}`,
        ),
      );
    } else if (from && to && to.getTime() < from.getTime()) {
      errors.push(
        rowError(
          row.rowNumber,
          toField,
          `${FIELD_LABELS[toField]} must not be before ${FIELD_LABELS[`${end}AppointmentFrom`]}`,
        ),
      );
    }
  }
  return { windows, errors };
}

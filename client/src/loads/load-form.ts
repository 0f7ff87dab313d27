import { isProblem } from "../../../common/fields.ts";
import {
  APPOINTMENT_TEXTS,
  facilityTimeMessage,
  parseFacilityTime,
  toZoneInput,
} from "../../../common/loads/appointments.ts";
import { datesInOrder, LOAD_FORM_TEXT_FIELDS, loadTextProblems } from "../../../common/loads/fields.ts";
import {
  invalidDate,
  type LoadMode,
  type LoadStatus,
  parseNonNegativeNumber,
  parseStopNumber,
  parseTrackingLink,
  STOPS_MESSAGE,
  type StopType,
} from "../../../common/loads/values.ts";
import { fromDateTimeInput, toDateTimeInput } from "../lib/dates.ts";

/** A NASS record as the stop editor shows and sends it (the id is its Relay id). */
export interface NassOption {
  id: string;
  code: string;
  facilityName?: string | null;
  city?: string | null;
  state?: string | null;
  /** The facility's IANA zone (from its coordinates): appointments are entered on its clock. */
  timeZone?: string | null;
}

export interface StopRow {
  /** Stable across moves, for React and for focus. */
  key: string;
  sequence: string;
  type: StopType;
  nass: NassOption | null;
  /** Loads only: the appointment window as datetime-local values on the facility's clock ('' or absent: none). */
  appointmentFrom?: string;
  appointmentTo?: string;
}

export interface LoadFormValues {
  bolNumber: string;
  customer: string;
  status: LoadStatus;
  mode: LoadMode;
  assignedUserKey: string;
  referenceNumber: string;
  weight: string;
  volume: string;
  freightClass: string;
  commodity: string;
  orderInfo: string;
  additionalData: string;
  routeNumber: string;
  originAddress: string;
  destinationAddress: string;
  pickupDate: string;
  deliveryDate: string;
  appointmentsRequired: boolean;
  appointmentsConfirmed: boolean;
  trackingLink: string;
  stops: StopRow[];
}

/** The load as the form's fragment reads it. */
export interface LoadFormSource {
  bolNumber?: string | null;
  customer?: string | null;
  status: string;
  mode: string;
  assignedUserKey?: string | null;
  referenceNumber?: string | null;
  weight?: number | null;
  volume?: number | null;
  freightClass?: string | null;
  commodity?: string | null;
  orderInfo?: string | null;
  additionalData?: string | null;
  routeNumber?: string | null;
  origin: { readonly address?: string | null };
  destination: { readonly address?: string | null };
  pickupDate?: string | null;
  deliveryDate?: string | null;
  appointmentsRequired: boolean;
  appointmentsConfirmed: boolean;
  trackingLink?: string | null;
  stops: ReadonlyArray<{
    readonly id: string;
    readonly sequence: number;
    readonly type: string;
    readonly nass?: NassOption | null;
    readonly appointmentFrom?: string | null;
    readonly appointmentTo?: string | null;
  }>;
}

let nextKey = 1;
export const newStopKey = () => `new-${nextKey++}`;

const text = (value: string | null | undefined) => value ?? "";
const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

function prettyJson(value: string | null | undefined): string {
  if (!value) return "";
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

export function valuesOf(load: LoadFormSource): LoadFormValues {
  return {
    bolNumber: text(load.bolNumber),
    customer: text(load.customer),
    status: load.status as LoadStatus,
    mode: load.mode as LoadMode,
    assignedUserKey: text(load.assignedUserKey),
    referenceNumber: text(load.referenceNumber),
    weight: numberText(load.weight),
    volume: numberText(load.volume),
    freightClass: text(load.freightClass),
    commodity: text(load.commodity),
    orderInfo: text(load.orderInfo),
    additionalData: prettyJson(load.additionalData),
    routeNumber: text(load.routeNumber),
    originAddress: text(load.origin.address),
    destinationAddress: text(load.destination.address),
    pickupDate: toDateTimeInput(load.pickupDate),
    deliveryDate: toDateTimeInput(load.deliveryDate),
    appointmentsRequired: load.appointmentsRequired,
    appointmentsConfirmed: load.appointmentsConfirmed,
    trackingLink: text(load.trackingLink),
    stops: load.stops.map((stop) => ({
      key: stop.id,
      sequence: String(stop.sequence),
      type: stop.type as StopType,
      nass: stop.nass ? { ...stop.nass } : null,
      appointmentFrom: toZoneInput(stop.appointmentFrom, stop.nass?.timeZone ?? ""),
      appointmentTo: toZoneInput(stop.appointmentTo, stop.nass?.timeZone ?? ""),
    })),
  };
}

export const APPOINTMENT_LABELS = {
  appointmentFrom: "Appointment from",
  appointmentTo: "Appointment to",
} as const;

/**
 * A stop's appointment window read on its facility's clock: the two instants (null for a blank
 * end), or the problems by field. A time the facility's clock skips or lives twice is refused.
 */
export function stopWindowOf(
  stop: StopRow,
):
  | { from: string | null; to: string | null }
  | { problems: Partial<Record<"appointmentFrom" | "appointmentTo", string>> } {
  const problems: Partial<Record<"appointmentFrom" | "appointmentTo", string>> = {};
  const read = (field: "appointmentFrom" | "appointmentTo"): string | null => {
    const text = (stop[field] ?? "").trim();
    if (!text) return null;
    const zone = stop.nass?.timeZone;
    if (!zone) {
      problems[field] = stop.nass
        ? facilityTimeMessage("zone", APPOINTMENT_LABELS[field], text, "")
        : "Pick the stop's NASS code first: the appointment is on its clock";
      return null;
    }
    const instant = parseFacilityTime(text, zone);
    if (instant instanceof Date) return instant.toISOString();
    problems[field] = facilityTimeMessage(instant, APPOINTMENT_LABELS[field], text.replace("T", " "), zone);
    return null;
  };
  const from = read("appointmentFrom");
  const to = read("appointmentTo");
  if (!problems.appointmentTo && to && !from && !problems.appointmentFrom) {
    problems.appointmentTo = APPOINTMENT_TEXTS.toWithoutFrom;
  } else if (from && to && Date.parse(to) < Date.parse(from)) {
    problems.appointmentTo = APPOINTMENT_TEXTS.toBeforeFrom;
  }
  return Object.keys(problems).length > 0 ? { problems } : { from, to };
}

export type FormProblems = Record<string, string>;

const DATE_LABELS = { pickupDate: "Pickup Date", deliveryDate: "Delivery Date" } as const;

/** The form's own checks (the server repeats them); keys are field names or `stops.N.field`. */
export function problemsOf(values: LoadFormValues): FormProblems {
  const problems: FormProblems = {};
  for (const [field, label] of [
    ["weight", "Weight"],
    ["volume", "Volume"],
  ] as const) {
    const value = values[field].trim();
    if (value) {
      const parsed = parseNonNegativeNumber(value, label);
      if (isProblem(parsed)) problems[field] = parsed.problem;
    }
  }
  Object.assign(problems, loadTextProblems(values, LOAD_FORM_TEXT_FIELDS));
  const dates = {
    pickupDate: fromDateTimeInput(values.pickupDate),
    deliveryDate: fromDateTimeInput(values.deliveryDate),
  };
  for (const field of ["pickupDate", "deliveryDate"] as const) {
    if (dates[field] === undefined)
      problems[field] = invalidDate(DATE_LABELS[field], values[field].trim()).problem;
  }
  const outOfOrder = datesInOrder(
    dates.pickupDate ? new Date(dates.pickupDate) : null,
    dates.deliveryDate ? new Date(dates.deliveryDate) : null,
  );
  if (outOfOrder) problems.deliveryDate ??= outOfOrder.problem;
  if (values.trackingLink.trim()) {
    const link = parseTrackingLink(values.trackingLink);
    if (isProblem(link)) problems.trackingLink = link.problem;
  }
  if (values.additionalData.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.additionalData);
    } catch {
      parsed = null;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      problems.additionalData = "Additional data must be a JSON object";
    }
  }
  const seen = new Map<number, number>();
  values.stops.forEach((stop, index) => {
    const sequence = parseStopNumber(stop.sequence);
    if (isProblem(sequence)) {
      problems[`stops.${index}.sequence`] = STOPS_MESSAGE;
    } else if (seen.has(sequence)) {
      problems[`stops.${index}.sequence`] =
        `Sequence ${sequence} is already used by stop ${seen.get(sequence)! + 1}`;
    } else {
      seen.set(sequence, index);
    }
    if (!stop.nass) problems[`stops.${index}.nass`] = "NASS code is required";
    const window = stopWindowOf(stop);
    if ("problems" in window) {
      for (const [field, message] of Object.entries(window.problems))
        problems[`stops.${index}.${field}`] = message;
    }
  });
  return problems;
}

export interface LoadChanges {
  bolNumber?: string | null;
  customer?: string | null;
  status?: LoadStatus;
  mode?: LoadMode;
  driver?: string | null;
  referenceNumber?: string | null;
  weight?: number | null;
  volume?: number | null;
  freightClass?: string | null;
  commodity?: string | null;
  orderInfo?: string | null;
  additionalData?: string | null;
  routeNumber?: string | null;
  originAddress?: string | null;
  destinationAddress?: string | null;
  pickupDate?: string | null;
  deliveryDate?: string | null;
  appointmentsRequired?: boolean;
  appointmentsConfirmed?: boolean;
  trackingLink?: string | null;
  stops?: {
    sequence: number;
    type: StopType;
    nass: string;
    appointmentFrom: string | null;
    appointmentTo: string | null;
  }[];
}

const TEXT_FIELDS = [...LOAD_FORM_TEXT_FIELDS, "trackingLink"] as const;

const sameStops = (a: StopRow[], b: StopRow[]) =>
  a.length === b.length &&
  a.every(
    (stop, index) =>
      stop.sequence.trim() === b[index].sequence.trim() &&
      stop.type === b[index].type &&
      stop.nass?.id === b[index].nass?.id &&
      (stop.appointmentFrom ?? "") === (b[index].appointmentFrom ?? "") &&
      (stop.appointmentTo ?? "") === (b[index].appointmentTo ?? ""),
  );

/**
 * What the save sends: only the fields that changed (blank clears a field), so a save touches
 * nothing else and the audit log names what really changed. Expects values without problems.
 */
export function changesOf(values: LoadFormValues, initial: LoadFormValues): LoadChanges {
  const changes: LoadChanges = {};
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== initial[field].trim()) changes[field] = values[field].trim() || null;
  }
  if (values.status !== initial.status) changes.status = values.status;
  if (values.mode !== initial.mode) changes.mode = values.mode;
  if (values.assignedUserKey.trim() !== initial.assignedUserKey.trim()) {
    changes.driver = values.assignedUserKey.trim() || null;
  }
  for (const field of ["weight", "volume"] as const) {
    if (values[field].trim() !== initial[field].trim()) {
      const parsed = values[field].trim() ? parseNonNegativeNumber(values[field], field) : null;
      changes[field] = typeof parsed === "number" ? parsed : null;
    }
  }
  if (values.additionalData.trim() !== initial.additionalData.trim()) {
    changes.additionalData = values.additionalData.trim()
      ? JSON.stringify(JSON.parse(values.additionalData))
      : null;
  }
  for (const field of ["pickupDate", "deliveryDate"] as const) {
    if (values[field] !== initial[field]) changes[field] = fromDateTimeInput(values[field]) ?? null;
  }
  for (const field of ["appointmentsRequired", "appointmentsConfirmed"] as const) {
    if (values[field] !== initial[field]) changes[field] = values[field];
  }
  if (!sameStops(values.stops, initial.stops)) {
    changes.stops = values.stops.map((stop) => {
      const window = stopWindowOf(stop);
      return {
        sequence: Number(stop.sequence.trim()),
        type: stop.type,
        nass: stop.nass!.id,
        appointmentFrom: "problems" in window ? null : window.from,
        appointmentTo: "problems" in window ? null : window.to,
      };
    });
  }
  return changes;
}

/** Where the server's field names show on this form. */
const SERVER_FIELDS: Record<string, string> = {
  origin: "originAddress",
  destination: "destinationAddress",
  assignedUserId: "assignedUserKey",
  driver: "assignedUserKey",
  user: "assignedUserKey",
  stopCount: "stops",
};

export function formProblemsFromServer(
  fields: ReadonlyArray<{ readonly field: string; readonly message: string }>,
): FormProblems {
  const problems: FormProblems = {};
  for (const { field, message } of fields) {
    const key = SERVER_FIELDS[field] ?? field;
    problems[key] ??= message;
  }
  return problems;
}

/** The next stop row: after the highest sequence, a pickup when it is the first. */
export function newStop(stops: StopRow[]): StopRow {
  const sequences = stops
    .map((stop) => parseStopNumber(stop.sequence))
    .filter((value) => typeof value === "number");
  const next = sequences.length ? Math.max(...(sequences as number[])) + 1 : 1;
  return {
    key: newStopKey(),
    sequence: String(next),
    type: stops.length === 0 ? "pickup" : "stop",
    nass: null,
  };
}

/**
 * Moves a stop one place up or down. The two rows swap places and sequences, so the sequence
 * order keeps following the list order.
 */
export function moveStop(stops: StopRow[], index: number, offset: -1 | 1): StopRow[] {
  const other = index + offset;
  if (other < 0 || other >= stops.length) return stops;
  const moved = [...stops];
  moved[index] = { ...stops[other], sequence: stops[index].sequence };
  moved[other] = { ...stops[index], sequence: stops[other].sequence };
  return moved;
}

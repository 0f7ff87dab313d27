/** The Load Manual Assignment form (spec sections 2, 3, 5 and 8): values, checks and the payload. */

import { isProblem, type Problem } from "../../../common/fields.ts";
import {
  datesInOrder,
  LOAD_FORM_TEXT_FIELDS,
  LOAD_MESSAGES,
  loadTextProblems,
} from "../../../common/loads/fields.ts";
import {
  invalidDate,
  type LoadMode,
  type LoadStatus,
  parseNonNegativeNumber,
  parseStopNumber,
} from "../../../common/loads/values.ts";
import { fromDateTimeInput } from "../lib/dates.ts";

export const MANUAL_ASSIGNMENT_TEXTS = {
  title: "ILA / Load / Load Manual Assignment",
  createFailed: "Error al crear el load",
} as const;

export const TEXT_FIELDS = [
  "loadId",
  "customer",
  "assignedUserKey",
  "bolNumber",
  "referenceNumber",
  "weight",
  "volume",
  "freightClass",
  "commodity",
  "orderInfo",
  "additionalData",
  "stops",
  "routeNumber",
  "originAddress",
  "destinationAddress",
  "pickupDate",
  "deliveryDate",
] as const;
export type ManualAssignmentTextField = (typeof TEXT_FIELDS)[number];
export type ManualAssignmentField =
  | ManualAssignmentTextField
  | "status"
  | "mode"
  | "appointmentsRequired"
  | "appointmentsConfirmed";

export type ManualAssignmentValues = Record<ManualAssignmentTextField, string> & {
  status: LoadStatus;
  mode: LoadMode;
  appointmentsRequired: boolean;
  appointmentsConfirmed: boolean;
};

export const EMPTY_MANUAL_ASSIGNMENT: ManualAssignmentValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, ""])) as Record<
    ManualAssignmentTextField,
    string
  >),
  status: "pending",
  mode: "TRUCK",
  appointmentsRequired: false,
  appointmentsConfirmed: false,
};

export type ManualAssignmentProblems = Partial<Record<ManualAssignmentField, string>>;

const blank = (value: string) => value.trim() === "";

/** A date-time field, read like every load date (zone-less means UTC: common/loads/fields.ts). */
function instantOf(value: string, label: string): Date | null | Problem {
  const iso = fromDateTimeInput(value);
  if (iso === undefined) return invalidDate(label, value.trim());
  return iso === null ? null : new Date(iso);
}

const RULED_FIELDS = ["loadId", ...LOAD_FORM_TEXT_FIELDS] as const;

/** The server's checks (common/loads), run before sending: same limits, same messages. */
export function manualAssignmentProblems(values: ManualAssignmentValues): ManualAssignmentProblems {
  const problems: ManualAssignmentProblems = {};
  const note = (field: ManualAssignmentField, result: unknown) => {
    if (isProblem(result)) problems[field] ??= result.problem;
  };
  if (blank(values.loadId)) problems.loadId = LOAD_MESSAGES.loadIdRequired;
  if (blank(values.customer)) problems.customer = LOAD_MESSAGES.customerRequired;
  if (blank(values.assignedUserKey)) problems.assignedUserKey = LOAD_MESSAGES.driverRequired;
  for (const [field, problem] of Object.entries(loadTextProblems(values, RULED_FIELDS))) {
    problems[field as ManualAssignmentField] ??= problem;
  }
  if (!blank(values.stops)) note("stops", parseStopNumber(values.stops));
  if (!blank(values.weight)) note("weight", parseNonNegativeNumber(values.weight, "Weight"));
  if (!blank(values.volume)) note("volume", parseNonNegativeNumber(values.volume, "Volume"));
  const pickup = instantOf(values.pickupDate, "Pickup Date");
  const delivery = instantOf(values.deliveryDate, "Delivery Date");
  note("pickupDate", pickup);
  note("deliveryDate", delivery);
  if (!isProblem(pickup) && !isProblem(delivery)) note("deliveryDate", datesInOrder(pickup, delivery));
  return problems;
}

export interface ManualAssignmentPayload {
  carrierId: string;
  loadId: string;
  customer: string;
  assignedUserKey: string;
  status: LoadStatus;
  mode: LoadMode;
  appointmentsRequired: boolean;
  appointmentsConfirmed: boolean;
  bolNumber?: string;
  referenceNumber?: string;
  weight?: number;
  volume?: number;
  freightClass?: string;
  commodity?: string;
  orderInfo?: string;
  additionalData?: string;
  stops?: number;
  routeNumber?: string;
  origin?: { address: string };
  destination?: { address: string };
  pickupDate?: string;
  deliveryDate?: string;
}

const text = (value: string) => (blank(value) ? undefined : value.trim());
const number = (value: string) => (blank(value) ? undefined : Number(value.trim()));
const place = (value: string) => (blank(value) ? undefined : { address: value.trim() });
/** A checked date-time field as the ISO instant it stands for (UTC, like the edit form). */
const instant = (value: string) => fromDateTimeInput(value) ?? undefined;

/** The checked form as createManualAssignment's input: blanks left out, stops and amounts as numbers. */
export function manualAssignmentPayload(
  values: ManualAssignmentValues,
  carrierId: string,
): ManualAssignmentPayload {
  return {
    carrierId,
    loadId: values.loadId.trim(),
    customer: values.customer.trim(),
    assignedUserKey: values.assignedUserKey,
    status: values.status,
    mode: values.mode,
    appointmentsRequired: values.appointmentsRequired,
    appointmentsConfirmed: values.appointmentsConfirmed,
    bolNumber: text(values.bolNumber),
    referenceNumber: text(values.referenceNumber),
    weight: number(values.weight),
    volume: number(values.volume),
    freightClass: text(values.freightClass),
    commodity: text(values.commodity),
    orderInfo: text(values.orderInfo),
    additionalData: text(values.additionalData),
    stops: number(values.stops),
    routeNumber: text(values.routeNumber),
    origin: place(values.originAddress),
    destination: place(values.destinationAddress),
    pickupDate: instant(values.pickupDate),
    deliveryDate: instant(values.deliveryDate),
  };
}

const SERVER_FIELD: Record<string, ManualAssignmentField> = {
  "origin.address": "originAddress",
  origin: "originAddress",
  "destination.address": "destinationAddress",
  destination: "destinationAddress",
};
const KNOWN_FIELDS: readonly string[] = [
  ...TEXT_FIELDS,
  "status",
  "mode",
  "appointmentsRequired",
  "appointmentsConfirmed",
];

/** Where a server field error shows on the form (null: only in the form's alert). */
export function manualAssignmentFieldOf(path: string): ManualAssignmentField | null {
  return SERVER_FIELD[path] ?? (KNOWN_FIELDS.includes(path) ? (path as ManualAssignmentField) : null);
}

/** The Load Manual Assignment form (spec sections 2, 3, 5 and 8): values, checks and the payload. */

import type { LoadMode, LoadStatus } from "../../../server/loads/values.ts";

export const MANUAL_ASSIGNMENT_TEXTS = {
  title: "ILA / Load / Load Manual Assignment",
  loadIdRequired: "Load ID es requerido",
  customerRequired: "Customer es requerido",
  driverRequired: "Driver requerido",
  stopsInvalid: "Stops debe ser un número válido mayor o igual a 0",
  // The server's texts for the rules the spec leaves open.
  weightInvalid: "Weight debe ser un número válido mayor o igual a 0",
  volumeInvalid: "Volume debe ser un número válido mayor o igual a 0",
  pickupDateInvalid: "Pickup Date no es una fecha válida",
  deliveryDateInvalid: "Delivery Date no es una fecha válida",
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
const isCount = (value: string) => /^\d+$/.test(value.trim());
const isAmount = (value: string) => {
  const number = Number(value.trim());
  return Number.isFinite(number) && number >= 0;
};
const isDate = (value: string) => !Number.isNaN(new Date(value).getTime());

export function manualAssignmentProblems(values: ManualAssignmentValues): ManualAssignmentProblems {
  const T = MANUAL_ASSIGNMENT_TEXTS;
  const problems: ManualAssignmentProblems = {};
  if (blank(values.loadId)) problems.loadId = T.loadIdRequired;
  if (blank(values.customer)) problems.customer = T.customerRequired;
  if (blank(values.assignedUserKey)) problems.assignedUserKey = T.driverRequired;
  if (!blank(values.stops) && !isCount(values.stops)) problems.stops = T.stopsInvalid;
  if (!blank(values.weight) && !isAmount(values.weight)) problems.weight = T.weightInvalid;
  if (!blank(values.volume) && !isAmount(values.volume)) problems.volume = T.volumeInvalid;
  if (!blank(values.pickupDate) && !isDate(values.pickupDate)) problems.pickupDate = T.pickupDateInvalid;
  if (!blank(values.deliveryDate) && !isDate(values.deliveryDate)) {
    problems.deliveryDate = T.deliveryDateInvalid;
  }
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
/** A datetime-local value is the operator's local time: sent as an ISO instant. */
const instant = (value: string) => (blank(value) ? undefined : new Date(value).toISOString());

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

import {
  CARRIER_TYPES,
  type CarrierKind,
  createCarrierInput,
  updateCarrierInput,
} from "../../../common/carriers.ts";
import { formatPhone } from "../../../common/fields.ts";

/** The carrier screens' literal texts (spec sections 2, 5 and 8) and the form rules they share with the server. */
export const CARRIER_TEXTS = {
  listTitle: "ILA / Carrier /",
  noCarriers: "No carriers found.",
  listFetchFailed: "No se pudieron obtener los carriers",
  carrierFetchFailed: "No se pudo obtener el carrier",
  driversFetchFailed: "No se pudieron obtener los drivers por carrier",
  addCarrier: "Add new Carrier",
  addCarrierTitle: "Add Carrier",
  createConflict: "Error creating carrier: A carrier with this email already exists.",
  createInlineFallback: "An unexpected error occurred while creating the carrier.",
  updated: "Carrier successfully updated",
  saveFailed: "Error saving the changes",
  manualAssignment: "Load Manual Assignment",
} as const;

export { CARRIER_TYPES, type CarrierKind };

export const isCarrierKind = (value: string): value is CarrierKind =>
  (CARRIER_TYPES as readonly string[]).includes(value);

export type Problems<Field extends string> = Partial<Record<Field, string>>;

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The first message per field, for the fields the form has. */
function problemsOf<Field extends string>(
  issues: readonly Issue[],
  fieldOf: (path: string) => Field | null,
): Problems<Field> {
  const problems: Problems<Field> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String).join("."));
    if (field) problems[field] ??= issue.message;
  }
  return problems;
}

// --- Add Carrier -------------------------------------------------------------------------------

export const NEW_CARRIER_FIELDS = [
  "carrierName",
  "dotNumber",
  "mcNumber",
  "type",
  "contact",
  "phone",
  "email",
] as const;
export type NewCarrierField = (typeof NEW_CARRIER_FIELDS)[number];
export type NewCarrierValues = Record<Exclude<NewCarrierField, "type">, string> & { type: CarrierKind };

/** Spec section 5: the type defaults to Trucking. */
export const EMPTY_NEW_CARRIER: NewCarrierValues = {
  carrierName: "",
  dotNumber: "",
  mcNumber: "",
  type: "Trucking",
  contact: "",
  phone: "",
  email: "",
};

const newCarrierFieldOf = (path: string): NewCarrierField | null =>
  (NEW_CARRIER_FIELDS as readonly string[]).includes(path) ? (path as NewCarrierField) : null;

/** The server's own rules, run before sending: 'Carrier name is required', 'DOT # is required', ... */
export function newCarrierProblems(values: NewCarrierValues): Problems<NewCarrierField> {
  const checked = createCarrierInput.safeParse(values);
  return checked.success ? {} : problemsOf(checked.error.issues, newCarrierFieldOf);
}

/** A server field error's field on the Add Carrier form. */
export const newCarrierFieldOfServer = newCarrierFieldOf;

// --- Carrier detail (edit) -------------------------------------------------------------------

export type EditCarrierField =
  | "carrierName"
  | "dotNumber"
  | "mcNumber"
  | "type"
  | "contactName"
  | "contactPhone"
  | "contactEmail";
export type EditCarrierValues = Record<Exclude<EditCarrierField, "type">, string> & { type: CarrierKind };

export interface CarrierShape {
  carrierName: string;
  dotNumber: string;
  mcNumber: string;
  type: string;
  contact: { name: string; phone: string; email: string };
}

export function editValuesOf(carrier: CarrierShape): EditCarrierValues {
  return {
    carrierName: carrier.carrierName,
    dotNumber: carrier.dotNumber,
    mcNumber: carrier.mcNumber,
    type: isCarrierKind(carrier.type) ? carrier.type : "Trucking",
    contactName: carrier.contact.name,
    contactPhone: formatPhone(carrier.contact.phone) ?? carrier.contact.phone,
    contactEmail: carrier.contact.email,
  };
}

/** The edit form as updateCarrier's input (PATCH /carriers/{id} shape: contact{name, phone, email}). */
export function updateFieldsOf(values: EditCarrierValues) {
  return {
    carrierName: values.carrierName,
    dotNumber: values.dotNumber,
    mcNumber: values.mcNumber,
    type: values.type,
    contact: { name: values.contactName, phone: values.contactPhone, email: values.contactEmail },
  };
}

const EDIT_FIELD_OF_PATH: Record<string, EditCarrierField> = {
  carrierName: "carrierName",
  dotNumber: "dotNumber",
  mcNumber: "mcNumber",
  type: "type",
  contact: "contactName",
  "contact.name": "contactName",
  "contact.phone": "contactPhone",
  "contact.email": "contactEmail",
  // conflicts name the unique column the way the Add Carrier form does
  email: "contactEmail",
};

/** A server field error's field on the edit form ("contact.phone" is the Contact phone field). */
export const editFieldOfServer = (path: string): EditCarrierField | null => EDIT_FIELD_OF_PATH[path] ?? null;

/** Spec section 5: carrierName and contact phone 'Required', e-mail 'Valid email required' (and the server's other rules). */
export function editCarrierProblems(values: EditCarrierValues): Problems<EditCarrierField> {
  const checked = updateCarrierInput.safeParse(updateFieldsOf(values));
  return checked.success ? {} : problemsOf(checked.error.issues, editFieldOfServer);
}

// --- Display -------------------------------------------------------------------------------------

export const carrierDetailPath = (carrierId: string) =>
  `/admin/ila/carriers/${encodeURIComponent(carrierId)}`;
export const manualAssignmentPath = (carrierId: string) =>
  `/admin/ila/load/manual-assignment/${encodeURIComponent(carrierId)}`;
export const loadDetailPath = (loadId: string) => `/admin/ila/load/${encodeURIComponent(loadId)}`;

import { type Problem, tooLongMessage } from "../fields.ts";
import type { TextLimits } from "../input-text.ts";

/**
 * The load's field rules, once: every input that writes a load (the edit form and updateLoad /
 * PUT /loads, the manual assignment, the bulk upload) and the client forms check a field with the
 * same limit and the same message.
 *
 * Dates: a date or date-time without a zone ("2026-11-21", "11/21/2026 8:30 AM") means that wall
 * time in UTC, on every path. The screens send instants with their zone (the operator's local time
 * as `toISOString()`), so only hand-written API calls and upload files rely on the UTC reading.
 */

export const LOAD_TEXT_FIELDS = {
  loadId: { label: "Load ID", max: 64 },
  bolNumber: { label: "BOL Number", max: 100 },
  customer: { label: "Customer", max: 200 },
  referenceNumber: { label: "Reference Number", max: 100 },
  freightClass: { label: "Freight Class", max: 40 },
  commodity: { label: "Commodity", max: 200 },
  orderInfo: { label: "Order Info", max: 2000 },
  routeNumber: { label: "Route Number", max: 64 },
  originAddress: { label: "Origin", max: 300 },
  destinationAddress: { label: "Destination", max: 300 },
  driver: { label: "Driver", max: 100 },
  nassCode: { label: "NASS code", max: 64 },
} as const;

export type LoadTextField = keyof typeof LOAD_TEXT_FIELDS;

/** An upload cell of a column no field claims (kept in additionalData), at most this long. */
export const LONG_TEXT_MAX = 2000;

/** additionalData (extra values by header, JSON text) as a whole, at most this long. */
export const ADDITIONAL_DATA_MAX = 64 * 1024;

/** The load inputs' text limits beyond the default (common/input-text.ts). */
export const LOAD_INPUT_LIMITS: TextLimits = {
  fields: { orderInfo: LOAD_TEXT_FIELDS.orderInfo.max, additionalData: ADDITIONAL_DATA_MAX },
};

/** The free-text fields every load form edits under these names (besides the load ID). */
export const LOAD_FORM_TEXT_FIELDS = [
  "bolNumber",
  "customer",
  "referenceNumber",
  "freightClass",
  "commodity",
  "orderInfo",
  "routeNumber",
  "originAddress",
  "destinationAddress",
] as const satisfies readonly LoadTextField[];

export const LOAD_MESSAGES = {
  /** The spec's texts (manual assignment). */
  loadIdRequired: "Load ID es requerido",
  customerRequired: "Customer es requerido",
  driverRequired: "Driver requerido",
  deliveryBeforePickup: "Delivery Date cannot be before Pickup Date",
} as const;

/** A text field's value within its limit (trimmed), or the one message for that limit. */
export function loadText(field: LoadTextField, text: string): string | Problem {
  const { label, max } = LOAD_TEXT_FIELDS[field];
  const trimmed = text.trim();
  return trimmed.length > max ? { problem: tooLongMessage(label, max) } : trimmed;
}

/** Each named text field over its limit, with its message (a form's field names are the rules' names). */
export function loadTextProblems<Field extends LoadTextField>(
  values: Readonly<Record<Field, string>>,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const checked = loadText(field, values[field]);
    if (typeof checked !== "string") problems[field] = checked.problem;
  }
  return problems;
}

/** Delivery may not come before pickup; either may be missing. */
export function datesInOrder(
  pickupDate: Date | null | undefined,
  deliveryDate: Date | null | undefined,
): Problem | null {
  if (!pickupDate || !deliveryDate) return null;
  return deliveryDate.getTime() < pickupDate.getTime()
    ? { problem: LOAD_MESSAGES.deliveryBeforePickup }
    : null;
}

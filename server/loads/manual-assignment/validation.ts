import { z } from "zod";
import { moneyMessage } from "../../../common/billing.ts";
import { type Problem, viaParser } from "../../../common/fields.ts";
import { datesInOrder, LOAD_MESSAGES, type LoadTextField, loadText } from "../../../common/loads/fields.ts";
import {
  parseDateValue,
  parseMode,
  parseNonNegativeNumber,
  parseStatus,
  parseStopNumber,
  parseYesNo,
} from "../../../common/loads/values.ts";
import { parseMoneyCents } from "../../../common/money.ts";

/**
 * The Load Manual Assignment form (ILA / Load / Load Manual Assignment), built from the load's
 * field rules (common/loads): the same limits, dates and messages as the edit form and the upload.
 */
export const MANUAL_ASSIGNMENT_MESSAGES = {
  carrierNotFound: "Carrier not found",
  driverNotFound: "Driver not found",
  driverNotInCarrier: "This driver does not belong to this carrier",
  driverWithoutCarrier: "This driver does not belong to any carrier",
  loadIdTaken: "A load with this Load ID already exists",
} as const;

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && !value.trim());

/** What a form field sends, as text; blank is undefined. */
const asText = (value: unknown) =>
  isBlank(value)
    ? undefined
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : value;

/** An optional field read by one of the load's parsers. */
const optional = <T>(parse: (text: string) => T | Problem) =>
  z
    .preprocess(asText, z.string().optional())
    .transform((value, context) => (value === undefined ? undefined : viaParser(parse)(value, context)));

const text = (field: LoadTextField) => optional((value) => loadText(field, value));

const required = (field: LoadTextField, message: string) =>
  z
    .preprocess(asText, z.string({ error: message }))
    .transform((value, context) => viaParser((raw: string) => loadText(field, raw))(value, context));

/** origin/destination come as {address}; a bare string is read as the address. */
const place = (field: "originAddress" | "destinationAddress") =>
  z.preprocess(
    (value) => (typeof value === "string" ? { address: value } : isBlank(value) ? undefined : value),
    z.object({ address: text(field) }, { error: "Must be {address}" }).optional(),
  );

/** additionalData is stored as JSON text: an object as itself, anything else as a JSON string. */
const additionalData = z
  .preprocess((value) => (isBlank(value) ? undefined : value), z.unknown())
  .transform((value) => {
    if (value === undefined) return undefined;
    if (typeof value === "string") {
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed === "object" && parsed !== null) return JSON.stringify(parsed);
      } catch {
        // plain text
      }
    }
    return JSON.stringify(value);
  });

/** Form fields that come as numbers or yes/no as well as text (for the OpenAPI document). */
const NUMBER_OR_TEXT = { type: ["number", "string", "null"] };
const YES_NO = { type: ["boolean", "string", "null"], description: "true/false or yes/no." };

export const manualAssignmentInput = z
  .object({
    carrierId: optional((value) => loadText("driver", value)),
    loadId: required("loadId", LOAD_MESSAGES.loadIdRequired),
    customer: required("customer", LOAD_MESSAGES.customerRequired),
    assignedUserKey: required("driver", LOAD_MESSAGES.driverRequired),
    bolNumber: text("bolNumber"),
    status: optional(parseStatus).transform((value) => value ?? "pending"),
    mode: optional(parseMode).transform((value) => value ?? "TRUCK"),
    referenceNumber: text("referenceNumber"),
    weight: optional((value) => parseNonNegativeNumber(value, "Weight")).meta(NUMBER_OR_TEXT),
    volume: optional((value) => parseNonNegativeNumber(value, "Volume")).meta(NUMBER_OR_TEXT),
    freightClass: text("freightClass"),
    commodity: text("commodity"),
    orderInfo: text("orderInfo"),
    additionalData,
    stops: optional((value) => parseStopNumber(value))
      .transform((value) => value ?? 0)
      .meta({ ...NUMBER_OR_TEXT, description: "How many stops the load makes (a whole number, default 0)." }),
    routeNumber: text("routeNumber"),
    origin: place("originAddress"),
    destination: place("destinationAddress"),
    pickupDate: optional((value) => parseDateValue(value, "Pickup Date")),
    deliveryDate: optional((value) => parseDateValue(value, "Delivery Date")),
    appointmentsRequired: optional((value) => parseYesNo(value, "Appointments Required"))
      .transform((value) => value ?? false)
      .meta(YES_NO),
    appointmentsConfirmed: optional((value) => parseYesNo(value, "Appointments Confirmed"))
      .transform((value) => value ?? false)
      .meta(YES_NO),
    // Beyond the spec's form: what the shipper pays (issue 14), in cents; a delivered load drafts its invoice.
    customerRate: optional((value) => {
      const parsed = parseMoneyCents(value);
      return "problem" in parsed ? { problem: moneyMessage(parsed.problem, "create") } : parsed.cents;
    }).meta({ ...NUMBER_OR_TEXT, description: "What the shipper pays, in dollars." }),
  })
  .superRefine((input, context) => {
    const outOfOrder = datesInOrder(input.pickupDate, input.deliveryDate);
    if (outOfOrder) context.addIssue({ code: "custom", path: ["deliveryDate"], message: outOfOrder.problem });
  })
  .meta({ required: ["loadId", "customer", "assignedUserKey"] });

export type ManualAssignmentInput = z.output<typeof manualAssignmentInput>;

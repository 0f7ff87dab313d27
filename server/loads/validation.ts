import { z } from "zod";
import { isProblem, type Problem, viaParser } from "../../common/fields.ts";
import { instantInput } from "../../common/instant-input.ts";
import { APPOINTMENT_TEXTS } from "../../common/loads/appointments.ts";
import { LOAD_TEXT_FIELDS, type LoadTextField, loadText } from "../../common/loads/fields.ts";
import {
  parseDateValue,
  parseMode,
  parseNonNegativeNumber,
  parseStatus,
  parseStopNumber,
  parseStopType,
  parseTrackingLink,
  STOPS_MESSAGE,
} from "../../common/loads/values.ts";
import { changedElsewhere } from "../../common/row-version.ts";
import { expectedVersionFields } from "../../common/row-version-input.ts";

export const LOAD_NOT_FOUND = "Load not found";
export const LOAD_ID_READ_ONLY = "Load ID cannot be changed";
export const DRIVER_MUST_BE_CARRIER = "The driver must be a carrier user.";
/** A save named the version it read and the load has moved since (409; spec section 8 has no text for it). */
export const LOAD_CHANGED_ELSEWHERE = changedElsewhere("load");

const via = viaParser;

/** undefined: leave as is; null or blank: clear. */
const clearableText = (field: LoadTextField) =>
  z
    .string({ error: `${LOAD_TEXT_FIELDS[field].label} must be text` })
    .nullish()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const text = via((raw: string) => loadText(field, raw))(value ?? "", context);
      return text === "" ? null : text;
    });

/** A value given as text or its own type; undefined leaves the field, null or blank clears it. */
const clearable = <T>(label: string, parse: (text: string) => T | Problem) =>
  z
    .union([z.string(), z.number(), z.boolean(), z.date()], { error: `${label} is not valid` })
    .nullish()
    .transform((value, context): T | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return null;
      const text = value instanceof Date ? value.toISOString() : String(value);
      if (text.trim() === "") return null;
      return via(parse)(text, context);
    });

const keepable = <T>(label: string, parse: (text: string) => T | Problem) =>
  clearable(label, parse).transform((value) => value ?? undefined);

const yesNo = (label: string) =>
  z
    .union([z.boolean(), z.enum(["true", "false"])], { error: `${label} must be true or false` })
    .nullish()
    .transform((value) =>
      value === null || value === undefined ? undefined : value === true || value === "true",
    );

const address = (field: "originAddress" | "destinationAddress") =>
  z
    .union([z.object({ address: z.string().nullish() }), z.string(), z.null()])
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const text = typeof value === "string" ? value : (value?.address ?? null);
      return text === null ? null : via((raw: string) => loadText(field, raw))(text, context);
    });

/** A reference to a NASS record: its id, its code, or an object with either. */
const nassReference = z
  .union([
    z.string(),
    z.object({ _id: z.string().optional(), id: z.string().optional(), code: z.string().optional() }),
    z.null(),
  ])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const text = typeof value === "string" ? value : (value._id ?? value.id ?? value.code ?? "");
    return text.trim() || null;
  });

/** One end of a stop's appointment window: an instant (ISO-8601 with its offset); null or blank: none. */
const appointmentEnd = (label: string) =>
  z
    .union([z.null(), z.literal(""), instantInput(label)])
    .optional()
    .transform((value) => (value === "" ? null : value))
    .meta({ type: ["string", "null"], format: "date-time", description: `${label}: an instant (ISO-8601).` });

/**
 * A stop's appointment window: both ends, from alone (a fixed appointment time) or neither; to is
 * never before from, nor given alone. The problem's words, or null.
 */
export function appointmentWindowProblem(from: Date | null, to: Date | null): string | null {
  if (to && !from) return APPOINTMENT_TEXTS.toWithoutFrom;
  if (from && to && to.getTime() < from.getTime()) return APPOINTMENT_TEXTS.toBeforeFrom;
  return null;
}

export const stopRowInput = z
  .object({
    sequence: z.unknown().transform((value, context) => {
      const sequence = parseStopNumber(value);
      if (isProblem(sequence)) {
        context.addIssue({ code: "custom", message: STOPS_MESSAGE });
        return z.NEVER;
      }
      return sequence;
    }),
    type: z.string({ error: "Stop type is required" }).transform(via(parseStopType)),
    nass: nassReference,
    nassCode: nassReference,
    nassCodeId: nassReference,
    "nass.code": nassReference,
    appointmentFrom: appointmentEnd("Appointment from"),
    appointmentTo: appointmentEnd("Appointment to"),
  })
  .transform((row, context) => {
    const { sequence, type, nass, nassCode, nassCodeId, "nass.code": dotted } = row;
    const reference = nass ?? nassCodeId ?? nassCode ?? dotted;
    if (!reference) {
      context.addIssue({ code: "custom", path: ["nass"], message: "NASS code is required" });
      return z.NEVER;
    }
    const window = appointmentWindowProblem(row.appointmentFrom ?? null, row.appointmentTo ?? null);
    if (window) {
      context.addIssue({ code: "custom", path: ["appointmentTo"], message: window });
      return z.NEVER;
    }
    return {
      sequence,
      type,
      nassReference: reference,
      appointmentFrom: row.appointmentFrom ?? null,
      appointmentTo: row.appointmentTo ?? null,
    };
  });

export type StopRowInput = z.infer<typeof stopRowInput>;

const stopCount = z
  .unknown()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return undefined;
    const count = parseStopNumber(value);
    if (isProblem(count)) {
      context.addIssue({ code: "custom", message: STOPS_MESSAGE });
      return z.NEVER;
    }
    return count;
  })
  .optional();

/**
 * The load edit form (PUT /loads/{loadId} and updateLoad). Fields left out stay as they are;
 * `stops` is either the ordered stop rows or, as on the create form, a count. `expectedVersion`
 * (REST also takes `version`, as GET answers it, so a round trip carries it) is the version the
 * editor read: the save is refused with 409 when the load has moved since.
 */
export const loadEditInput = z
  .object({
    loadId: z.string().optional(),
    ...expectedVersionFields,
    bolNumber: clearableText("bolNumber"),
    customer: clearableText("customer"),
    status: keepable("Status", parseStatus),
    mode: keepable("Mode", parseMode),
    referenceNumber: clearableText("referenceNumber"),
    weight: clearable("Weight", (text) => parseNonNegativeNumber(text, "Weight")),
    volume: clearable("Volume", (text) => parseNonNegativeNumber(text, "Volume")),
    freightClass: clearableText("freightClass"),
    commodity: clearableText("commodity"),
    orderInfo: clearableText("orderInfo"),
    additionalData: z
      .union([z.record(z.string(), z.unknown()), z.string(), z.null()], {
        error: "Additional data must be an object",
      })
      .optional()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        if (value === null || value === "") return null;
        if (typeof value !== "string") return JSON.stringify(value);
        try {
          const parsed: unknown = JSON.parse(value);
          if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return value;
        } catch {
          // reported below
        }
        context.addIssue({ code: "custom", message: "Additional data must be a JSON object" });
        return z.NEVER;
      }),
    stops: z
      .unknown()
      .transform((value, context): StopRowInput[] | number | undefined => {
        if (!Array.isArray(value)) {
          const count = stopCount.safeParse(value);
          if (count.success) return count.data;
          context.addIssue({ code: "custom", message: STOPS_MESSAGE });
          return z.NEVER;
        }
        const rows = z.array(stopRowInput).safeParse(value);
        if (rows.success) return rows.data;
        for (const issue of rows.error.issues) {
          context.addIssue({ code: "custom", path: issue.path, message: issue.message });
        }
        return z.NEVER;
      })
      .optional()
      .meta({
        type: ["array", "integer", "string"],
        description:
          "The stop rows [{sequence, type, nass, appointmentFrom, appointmentTo}] in order (replacing the load's), or a count.",
      }),
    stopCount,
    routeNumber: clearableText("routeNumber"),
    origin: address("originAddress"),
    destination: address("destinationAddress"),
    originAddress: clearableText("originAddress"),
    destinationAddress: clearableText("destinationAddress"),
    pickupDate: clearable("Pickup Date", (text) => parseDateValue(text, "Pickup Date")),
    deliveryDate: clearable("Delivery Date", (text) => parseDateValue(text, "Delivery Date")),
    appointmentsRequired: yesNo("Appointments Required"),
    appointmentsConfirmed: yesNo("Appointments Confirmed"),
    trackingLink: clearable("Tracking Link", parseTrackingLink),
    assignedUserKey: clearableText("driver"),
    assignedUserId: clearableText("driver"),
  })
  .superRefine((input, context) => {
    if (!Array.isArray(input.stops)) return;
    const seen = new Map<number, number>();
    input.stops.forEach((stop, index) => {
      const other = seen.get(stop.sequence);
      if (other !== undefined) {
        context.addIssue({
          code: "custom",
          path: ["stops", index, "sequence"],
          message: `Sequence ${stop.sequence} is already used by stop ${other + 1}`,
        });
      } else {
        seen.set(stop.sequence, index);
      }
    });
  });

export type LoadEditInput = z.infer<typeof loadEditInput>;

/** PATCH /loads/{id} {user}: the driver's id, userId, or an object with either; null unassigns. */
export const assignDriverInput = z.object({
  user: z
    .union(
      [
        z.string(),
        z.object({ _id: z.string().optional(), id: z.string().optional(), userId: z.string().optional() }),
        z.null(),
      ],
      { error: "Driver requerido" },
    )
    .transform((value, context) => {
      if (value === null) return null;
      const reference = typeof value === "string" ? value : (value._id ?? value.id ?? value.userId ?? "");
      if (reference.trim() === "") {
        context.addIssue({ code: "custom", message: "Driver requerido" });
        return z.NEVER;
      }
      return reference.trim();
    }),
});

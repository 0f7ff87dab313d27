import { z } from "zod";
import { EMAIL_MESSAGES, email, INVALID_PHONE_MESSAGE, phone, requiredText } from "./fields.ts";
import { changedElsewhere } from "./row-version.ts";
import { expectedVersionFields } from "./row-version-input.ts";

/** Names and contact names: long enough for any real company. */
const NAME_MAX = 120;

export const CARRIER_TYPES = ["Trucking", "Rail", "Air"] as const;
export type CarrierKind = (typeof CARRIER_TYPES)[number];

/** The spec's texts (sections 5 and 8) plus the ones it leaves to us. */
export const CARRIER_MESSAGES = {
  nameRequired: "Carrier name is required",
  dotRequired: "DOT # is required",
  mcRequired: "MC # is required",
  contactRequired: "Contact is required",
  phoneRequired: "Phone is required",
  emailRequired: "Valid email is required",
  editRequired: "Required",
  editEmail: "Valid email required",
  invalidPhone: INVALID_PHONE_MESSAGE,
  dotInvalid: "DOT # must be 1 to 8 digits",
  mcInvalid: "MC # must be 1 to 8 digits",
  typeInvalid: "Type must be Trucking, Rail or Air",
  emailTaken: "A carrier with this email already exists.",
  dotTaken: "A carrier with this DOT # already exists.",
  mcTaken: "A carrier with this MC # already exists.",
  driverRef: "Each driver must be a user id",
  tooManyDrivers: "A carrier can have at most 500 drivers",
  /** 409: the edit named the version it read and the carrier (or its driver list) moved since. */
  changedElsewhere: changedElsewhere("carrier"),
} as const;

export const MAX_DRIVERS_PER_CARRIER = 500;

/** The digits of a docket number, without leading zeros; null when it is not one. */
function docketDigits(raw: string, prefix: RegExp): string | null {
  const withoutPrefix = raw.trim().replace(prefix, "");
  const match = /^[\s#:.-]*(\d{1,16})$/.exec(withoutPrefix);
  if (!match) return null;
  const digits = match[1].replace(/^0+/, "");
  return digits.length > 0 && digits.length <= 8 ? digits : null;
}

/** "DOT 3124587", "USDOT-3124587" and "3124587" are the same DOT number: 3124587. */
export function normalizeDotNumber(raw: string): string | null {
  return docketDigits(raw, /^(?:US\s*)?DOT/i);
}

/** "MC-874512", "MC 874512" and "874512" are the same MC number: 874512. */
export function normalizeMcNumber(raw: string): string | null {
  return docketDigits(raw, /^MC/i);
}

/** Forms send numbers as strings and some callers as numbers; both are text here. */
const numberAsText = (value: unknown) => (typeof value === "number" ? String(value) : value);

const docketNumber = (
  requiredMessage: string,
  invalidMessage: string,
  normalize: (raw: string) => string | null,
) =>
  z.preprocess(
    numberAsText,
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .transform((value, context) => {
        const digits = normalize(value);
        if (!digits) context.addIssue({ code: "custom", message: invalidMessage });
        return digits ?? value;
      }),
  );

const carrierType = z.preprocess((value) => {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value !== "string") return value;
  return CARRIER_TYPES.find((type) => type.toLowerCase() === value.trim().toLowerCase()) ?? value;
}, z.enum(CARRIER_TYPES, { error: CARRIER_MESSAGES.typeInvalid }).optional());

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The create form sends `contact` as the contact's name with `phone` and `email` beside it; the edit
 * form sends `contact: {name, phone, email}`. Either shape is read as the other's when it arrives.
 */
function flatContact(input: unknown): unknown {
  if (!isObject(input) || !isObject(input.contact)) return input;
  const { contact, ...rest } = input;
  return {
    ...rest,
    contact: contact.name,
    phone: rest.phone ?? contact.phone,
    email: rest.email ?? contact.email,
  };
}

function nestedContact(input: unknown): unknown {
  if (!isObject(input) || isObject(input.contact)) return input;
  if (input.contact === undefined && input.phone === undefined && input.email === undefined) return input;
  const { contact, phone, email, ...rest } = input;
  return {
    ...rest,
    contact: {
      ...(contact !== undefined ? { name: contact } : {}),
      ...(phone !== undefined ? { phone } : {}),
      ...(email !== undefined ? { email } : {}),
    },
  };
}

export const createCarrierInput = z.preprocess(
  flatContact,
  z.object({
    carrierName: requiredText(CARRIER_MESSAGES.nameRequired, NAME_MAX, "Carrier name"),
    dotNumber: docketNumber(CARRIER_MESSAGES.dotRequired, CARRIER_MESSAGES.dotInvalid, normalizeDotNumber),
    mcNumber: docketNumber(CARRIER_MESSAGES.mcRequired, CARRIER_MESSAGES.mcInvalid, normalizeMcNumber),
    type: carrierType.transform((type) => type ?? "Trucking"),
    contact: requiredText(CARRIER_MESSAGES.contactRequired, NAME_MAX, "Contact"),
    phone: phone(CARRIER_MESSAGES.phoneRequired),
    email: email(CARRIER_MESSAGES.emailRequired),
  }),
);

/** A user reference in a driver list: an id string, or a user object as the API answers them. */
const driverRef = z.preprocess(
  (value) => (isObject(value) ? (value._id ?? value.id ?? value.userId) : value),
  z.string({ error: CARRIER_MESSAGES.driverRef }).trim().min(1, CARRIER_MESSAGES.driverRef).max(100),
);

/** Every field optional (PATCH): what is sent is checked with the edit form's texts. */
export const updateCarrierInput = z.preprocess(
  nestedContact,
  z.object({
    ...expectedVersionFields,
    carrierName: requiredText(CARRIER_MESSAGES.editRequired, NAME_MAX, "Carrier name").optional(),
    dotNumber: docketNumber(
      CARRIER_MESSAGES.editRequired,
      CARRIER_MESSAGES.dotInvalid,
      normalizeDotNumber,
    ).optional(),
    mcNumber: docketNumber(
      CARRIER_MESSAGES.editRequired,
      CARRIER_MESSAGES.mcInvalid,
      normalizeMcNumber,
    ).optional(),
    type: carrierType,
    contact: z
      .object({
        name: requiredText(CARRIER_MESSAGES.editRequired, NAME_MAX, "Contact").optional(),
        phone: phone(CARRIER_MESSAGES.editRequired).optional(),
        email: email(CARRIER_MESSAGES.editEmail).optional(),
      })
      .optional(),
    drivers: z
      .array(driverRef, { error: CARRIER_MESSAGES.driverRef })
      .max(MAX_DRIVERS_PER_CARRIER, CARRIER_MESSAGES.tooManyDrivers)
      .optional(),
  }),
);

export const CARRIER_SORT_FIELDS = [
  "carrierName",
  "dotNumber",
  "mcNumber",
  "type",
  "contactName",
  "contactPhone",
  "createdAt",
] as const;
export type CarrierSortField = (typeof CARRIER_SORT_FIELDS)[number];

/** Search, filter and sort of the carrier list (GraphQL arguments or REST query parameters). */
export const carrierListFilter = z.object({
  search: z
    .string()
    .trim()
    .max(100, "Search is too long")
    .nullish()
    .transform((value) => value || undefined),
  type: carrierType,
  sortBy: z
    .preprocess(
      (value) => (value === "contact" ? "contactName" : value || undefined),
      z.enum(CARRIER_SORT_FIELDS, { error: `Sort by one of ${CARRIER_SORT_FIELDS.join(", ")}` }).optional(),
    )
    .transform((value) => value ?? "carrierName"),
  sortDirection: z
    .preprocess(
      (value) => (typeof value === "string" && value ? value.toLowerCase() : undefined),
      z.enum(["asc", "desc"], { error: "Sort direction is asc or desc" }).optional(),
    )
    .transform((value) => value ?? "asc"),
});

export const attachDriverInput = z.object({ email: email({ tooLong: EMAIL_MESSAGES.invalid }) });

/**
 * POST /carriers/{id}/drivers: the user to attach, named by `userId` or `_id` (text) when no
 * `email` is sent, else found by `email` (checked as `attachDriverInput`).
 */
export const attachDriverBody = z
  .looseObject({
    userId: z.unknown().optional().meta({ type: "string", description: "The user's userId or database id." }),
    _id: z.unknown().optional().meta({ type: "string", description: "The user's database id." }),
    email: z
      .unknown()
      .optional()
      .meta({ type: "string", format: "email", description: "A signed-up carrier user's e-mail." }),
  })
  .transform((input, context): { userRef: string } | { email: string } => {
    const userRef = input.userId ?? input._id;
    if (typeof userRef === "string" && input.email === undefined) return { userRef };
    const byEmail = attachDriverInput.safeParse({ email: input.email });
    if (byEmail.success) return byEmail.data;
    for (const issue of byEmail.error.issues) {
      context.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });

export type CreateCarrierInput = z.output<typeof createCarrierInput>;
export type UpdateCarrierInput = z.output<typeof updateCarrierInput>;
export type CarrierListFilter = z.output<typeof carrierListFilter>;

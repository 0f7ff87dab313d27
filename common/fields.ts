import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

/**
 * Field rules every domain shares, defined once: e-mail, phone, required text (money: money.ts). Server inputs
 * (GraphQL, REST, uploads) and client forms build on these, so a rule and its message cannot drift.
 * Plain TypeScript + zod (+ libphonenumber-js, itself plain JS): no node:, Prisma or React.
 */

/** A parser's refusal, with the text to show. Parsers return it instead of throwing. */
export interface Problem {
  problem: string;
}

export const isProblem = (value: unknown): value is Problem =>
  typeof value === "object" && value !== null && "problem" in value;

export const EMAIL_MAX = 254;

export const EMAIL_MESSAGES = {
  required: "Email is required",
  invalid: "Enter a valid email address",
  tooLong: "Email is too long",
} as const;

/** One message for every failure (a screen whose spec names a single text), or the usual three. */
type EmailMessages = string | Partial<Record<keyof typeof EMAIL_MESSAGES, string>>;

function emailMessages(messages: EmailMessages = {}) {
  return typeof messages === "string"
    ? { required: messages, invalid: messages, tooLong: messages }
    : { ...EMAIL_MESSAGES, ...messages };
}

/** An e-mail address: trimmed, at most 254 characters, lower-cased. */
export function email(messages?: EmailMessages) {
  const text = emailMessages(messages);
  return z
    .string({ error: text.required })
    .trim()
    .min(1, text.required)
    .max(EMAIL_MAX, text.tooLong)
    .pipe(z.email({ error: text.invalid }))
    .transform((value) => value.toLowerCase());
}

/** The e-mail rule as a form checks it before sending: the message, or null when it is fine. */
export function emailProblem(value: string, messages?: EmailMessages): string | null {
  const result = email(messages).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? emailMessages(messages).invalid);
}

export const PHONE_COUNTRIES = ["US", "CA"] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export const INVALID_PHONE_MESSAGE = "Invalid phone number";

/**
 * A valid US or Canadian number in E.164, or null. Accepts "+1…" or national digits, read in the
 * chosen country.
 */
export function normalizeUsCaPhone(input: string, country: PhoneCountry = "US"): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]{2,25}$/.test(trimmed)) return null;
  const phone = parsePhoneNumberFromString(trimmed, country);
  if (!phone?.isValid() || phone.countryCallingCode !== "1") return null;
  if (phone.country && !PHONE_COUNTRIES.includes(phone.country as PhoneCountry)) return null;
  return phone.number;
}

/**
 * The one way a phone number is shown everywhere: US and Canadian numbers as '(201) 555-0123',
 * other valid numbers internationally ('+44 20 7946 0958'), anything unreadable as it was stored.
 */
export function formatPhone(stored: string | null | undefined): string | null {
  const text = stored?.trim();
  if (!text) return null;
  const phone = parsePhoneNumberFromString(text, "US");
  if (!phone?.isValid()) return text;
  return phone.countryCallingCode === "1" ? phone.formatNational() : phone.formatInternational();
}

/** A required US/Canadian phone, stored in E.164. */
export function phone(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, context) => {
      const normalized = normalizeUsCaPhone(value);
      if (!normalized) context.addIssue({ code: "custom", message: INVALID_PHONE_MESSAGE });
      return normalized ?? value;
    });
}

/** The message when text is over its limit; one wording everywhere. */
export const tooLongMessage = (label: string, max: number) => `${label} is longer than ${max} characters`;

/** Forms send numbers as strings and some callers as numbers; both are text here. */
const numberAsText = (value: unknown) => (typeof value === "number" ? String(value) : value);

/** Text that must be there: trimmed, non-empty, at most `max` characters. */
export function requiredText(message: string, max: number, label = "This field") {
  return z.preprocess(
    numberAsText,
    z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(label, max)),
  );
}

/**
 * Runs a parser that returns a `Problem` inside zod: the problem becomes the issue's message.
 * The bridge between the shared parsers and zod inputs.
 */
export function viaParser<T>(parse: (text: string) => T | Problem) {
  return (value: string, context: z.RefinementCtx): T => {
    const result = parse(value);
    if (isProblem(result)) {
      context.addIssue({ code: "custom", message: result.problem });
      return z.NEVER;
    }
    return result;
  };
}

import { normalizeUsCaPhone, PHONE_COUNTRIES, type PhoneCountry } from "../../../common/fields.ts";

export { PHONE_COUNTRIES, type PhoneCountry };
export const DIAL_CODE = "+1";
/** Spec section 9: national numbers are at most 17 digits. */
export const MAX_NATIONAL_DIGITS = 17;

/** The phone input accepts digits only: anything else typed or pasted is dropped. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "").slice(0, MAX_NATIONAL_DIGITS);
}

/** The number in E.164 when it is a valid number of the chosen country (libphonenumber-js), else null. */
export function validPhone(digits: string, country: PhoneCountry): string | null {
  if (digits.length < 2) return null;
  return normalizeUsCaPhone(digits, country);
}

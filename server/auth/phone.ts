import { parsePhoneNumberFromString } from "libphonenumber-js";

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

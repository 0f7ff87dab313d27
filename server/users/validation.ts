import { z } from "zod";
import { EMAIL_REVERT_INVALID } from "../../common/auth.ts";
import { isUsTimeZone, US_TIME_ZONES } from "../../common/date-time.ts";
import { email, INVALID_PHONE_MESSAGE, normalizeUsCaPhone } from "../../common/fields.ts";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Every field optional: a partial update touches only what it names. */
export const profileInput = z
  .object({
    fullName: optionalText(120, "Full name"),
    email: email().optional(),
    /** Needed only when `email` changes: proves it is the user, not a stolen token (never stored). */
    currentPassword: z.string().max(200).nullish(),
    contactPhone: z
      .string()
      .trim()
      .nullish()
      .transform((value, context) => {
        if (!value) return null;
        const phone = normalizeUsCaPhone(value);
        if (!phone) context.addIssue({ code: "custom", message: INVALID_PHONE_MESSAGE });
        return phone;
      }),
    mcDot: optionalText(40, "MC/DOT"),
    cargoTypes: optionalText(300, "Cargo types"),
    experienceYears: z
      .union([z.number(), z.string().trim()])
      .nullish()
      .transform((value, context) => {
        if (value === null || value === undefined || value === "") return null;
        const years = Number(value);
        if (!Number.isInteger(years) || years < 0 || years > 80) {
          context.addIssue({
            code: "custom",
            message: "Experience years must be a whole number from 0 to 80",
          });
          return null;
        }
        return years;
      }),
    areasOfOperation: optionalText(500, "Areas of operation"),
    companyName: optionalText(120, "Company name"),
    /** New load offers in the carrier's areas also by e-mail (My Account). */
    offerEmails: z.boolean({ error: "offerEmails must be true or false" }).optional(),
    /** The zone every date is shown and read in (My Account's clock). */
    timeZone: z
      .string()
      .nullish()
      .refine((value) => value === null || value === undefined || isUsTimeZone(value), {
        message: `Time zone must be one of ${US_TIME_ZONES.map((entry) => entry.zone).join(", ")}`,
      }),
  })
  .partial();

export type ProfileInput = z.infer<typeof profileInput>;

/** The link mailed to the old address after an e-mail change: its token undoes the change. */
export const revertEmailChangeInput = z.object({
  token: z
    .string({ error: EMAIL_REVERT_INVALID })
    .trim()
    .min(20, EMAIL_REVERT_INVALID)
    .max(200, EMAIL_REVERT_INVALID),
});

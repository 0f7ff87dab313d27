import { z } from "zod";
import { INVALID_PHONE_MESSAGE, normalizeUsCaPhone } from "../../common/fields.ts";

const text = (label: string) =>
  z
    .string()
    .trim()
    .max(120, `${label} is too long`)
    .nullish()
    .transform((value) => value || null);

const phone = z
  .string()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const normalized = normalizeUsCaPhone(value);
    if (!normalized) context.addIssue({ code: "custom", message: INVALID_PHONE_MESSAGE });
    return normalized;
  });

/** The section-2 confirmation fields; all optional, phones in E.164, carrierRate a percentage. */
export const confirmDetailsInput = z
  .object({
    carrier: text("Carrier"),
    tier: text("Tier"),
    trackBy: text("Track by"),
    dispatcher: text("Dispatcher"),
    dispatcherEmail: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .pipe(z.email({ error: "Enter a valid email address" }).nullable()),
    dispatcherPhone: phone,
    carrierRate: z
      .union([z.number(), z.string().trim()])
      .nullish()
      .transform((value, context) => {
        if (value === null || value === undefined || value === "") return null;
        const rate = Number(value);
        if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
          context.addIssue({ code: "custom", message: "Carrier rate must be a percentage from 0 to 100" });
          return null;
        }
        return rate;
      }),
    truckNumber: text("Truck number"),
    trailerNumber: text("Trailer number"),
    firstDriverName: text("First driver name"),
    firstDriverPhone: phone,
    secondDriverName: text("Second driver name"),
  })
  .partial();
export type ConfirmDetailsInput = z.infer<typeof confirmDetailsInput>;

export const CONFIRM_FIELDS = [
  "carrier",
  "tier",
  "trackBy",
  "dispatcher",
  "dispatcherEmail",
  "dispatcherPhone",
  "carrierRate",
  "truckNumber",
  "trailerNumber",
  "firstDriverName",
  "firstDriverPhone",
  "secondDriverName",
] as const;

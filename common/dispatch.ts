import { z } from "zod";
import { phone, requiredText } from "./fields.ts";

export const DISPATCH_MESSAGES = {
  driverNameRequired: "Driver name is required",
  driverPhoneRequired: "Driver phone is required",
  notDispatchable: "This load cannot be dispatched: it is delivered or cancelled.",
  dispatched: "Load dispatched",
  tripLink: "The driver's trip link:",
} as const;

const optionalUnit = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} is longer than 40 characters`)
    .optional()
    .transform((value) => value || null);

/** POST /loads/{loadId}/dispatch and dispatchLoad: who drives, and the equipment. */
export const dispatchInput = z.object({
  driverName: requiredText(DISPATCH_MESSAGES.driverNameRequired, 120, "Driver name"),
  driverPhone: phone(DISPATCH_MESSAGES.driverPhoneRequired),
  truckNumber: optionalUnit("Truck number"),
  trailerNumber: optionalUnit("Trailer number"),
});
export type DispatchInput = z.infer<typeof dispatchInput>;

/** How long a trip link works after the load is dispatched, when nothing revokes it first. */
export const TRIP_LINK_DAYS = 30;

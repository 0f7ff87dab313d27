import { z } from "zod";
import type { TextLimits } from "../../common/input-text.ts";

export const BID_STATUSES = ["winner", "loser", "folded"] as const;

export const NOTIFICATION_MESSAGE_MAX = 2000;
/** A notification's text limits beyond the default (common/input-text.ts). */
export const NOTIFICATION_TEXT_LIMITS: TextLimits = { fields: { message: NOTIFICATION_MESSAGE_MAX } };

export const createNotificationInput = z.object({
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(100),
  title: z.string({ error: "title is required" }).trim().min(1, "title is required").max(200),
  message: z
    .string({ error: "message is required" })
    .trim()
    .min(1, "message is required")
    .max(NOTIFICATION_MESSAGE_MAX),
  type: z.string().trim().min(1).max(40).optional().default("bid"),
  bidStatus: z.enum(BID_STATUSES).nullish(),
  details: z.record(z.string(), z.unknown()).nullish(),
});

export type CreateNotificationInput = z.input<typeof createNotificationInput>;

import { z } from "zod";

export const BID_STATUSES = ["winner", "loser", "folded"] as const;

export const createNotificationInput = z.object({
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(100),
  title: z.string({ error: "title is required" }).trim().min(1, "title is required").max(200),
  message: z.string({ error: "message is required" }).trim().min(1, "message is required").max(2000),
  type: z.string().trim().min(1).max(40).optional().default("bid"),
  bidStatus: z.enum(BID_STATUSES).nullish(),
  details: z.record(z.string(), z.unknown()).nullish(),
});

export type CreateNotificationInput = z.input<typeof createNotificationInput>;

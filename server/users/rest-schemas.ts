import { z } from "zod";
import { ACCOUNT_STATUSES, APPROVAL_DECISIONS } from "../../common/workspace.ts";
import { publicUserSchema } from "../auth/account-json.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** The REST answers of the users domain (users/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();

/** `adminUserJson`: a user in Workspace Control, with the account's state. */
export const adminUserSchema = publicUserSchema
  .extend({
    status: z.enum(ACCOUNT_STATUSES),
    approvalStatus: z.enum(["pending", ...APPROVAL_DECISIONS]),
    approvalNote: text,
    approvalDecidedAt: dateTime.nullable(),
    disabledAt: dateTime.nullable(),
    lastSignInAt: dateTime.nullable(),
    carrier: z
      .object({ carrierId: z.string(), carrierName: z.string() })
      .nullable()
      .optional()
      .describe("The carrier the user drives for (lists only)."),
    openSessions: z.number().int().optional().describe("Sessions not ended or expired (lists only)."),
  })
  .meta({ id: "AdminUser", description: "A user in Workspace Control, with the account's state." });

/** GET /user/{id}/rating. */
export const userRatingSchema = z.object({
  userId: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  totalBids: z.number().int(),
  rating: z.number().nullable().describe("0 to 5 from the share of decided bids won; null before any."),
});

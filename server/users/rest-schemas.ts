import { z } from "zod";
import { ACCOUNT_STATUSES, APPROVAL_DECISIONS, USER_ROLES } from "../../common/workspace.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** The REST answers of the users domain (users/json.ts), as the OpenAPI document describes them. */

const text = z.string().nullable();

/** `publicUser`: the user as every REST answer carries it. */
export const publicUserSchema = z
  .object({
    _id: z.string().describe("The database id."),
    id: z.string().describe("The database id (again, for clients that read `id`)."),
    userId: z.string().describe("The readable user key shown on screens."),
    email: z.string(),
    role: z.string().describe(`${USER_ROLES.join(" or ")}: ADMIN is an operator, any other role a carrier.`),
    fullName: text,
    companyName: text,
    phoneNumber: text.describe("The sign-up phone, E.164."),
    contactPhone: text.describe("The profile's contact phone, E.164."),
    mcDot: text,
    cargoTypes: text,
    experienceYears: z.number().int().nullable(),
    areasOfOperation: text,
    offerEmails: z.boolean().describe("New offers in the carrier's areas also by e-mail."),
    timeZone: text.describe("An IANA zone of the profile clock, e.g. America/New_York."),
    carrierId: text.describe("The database id of the carrier the user drives for."),
    createdAt: dateTime,
  })
  .meta({ id: "User", description: "A user as every REST answer carries it." });

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

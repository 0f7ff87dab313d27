import { z } from "zod";
import { USER_ROLES } from "../../common/workspace.ts";
import type { User } from "../generated/sqlite/client.ts";
import { dateTime } from "../http/rest-schemas.ts";

/**
 * The account as every REST answer carries it (sign-up, sign-in, session check, and the users,
 * carriers and loads answers that embed a user): auth answers with it, the other domains reuse it.
 */

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

/** The user as the spec's REST payloads carry it. */
export function publicUser(user: User) {
  return {
    _id: user.id,
    id: user.id,
    userId: user.userId,
    email: user.email,
    role: user.role,
    fullName: user.fullName,
    companyName: user.companyName,
    phoneNumber: user.phoneNumber,
    contactPhone: user.contactPhone,
    mcDot: user.mcDot,
    cargoTypes: user.cargoTypes,
    experienceYears: user.experienceYears,
    areasOfOperation: user.areasOfOperation,
    offerEmails: user.offerEmails,
    timeZone: user.timeZone,
    carrierId: user.carrierId,
    createdAt: user.createdAt.toISOString(),
  };
}

import { z } from "zod";
import { USER_ROLES } from "../../common/workspace.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** The REST answers of Workspace Control, as the OpenAPI document describes them. */

const invitationState = z.enum(["pending", "accepted", "expired", "revoked"]);

/** POST /admin/invitations. */
export const invitationSentSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  expiresAt: dateTime,
  state: invitationState,
});

/** GET /admin/invitations. */
export const invitationSchema = invitationSentSchema.extend({ createdAt: dateTime });

/** DELETE /admin/invitations/{id}. */
export const invitationRevokedSchema = z.object({ _id: z.string(), state: invitationState });

/** GET /invitations/{token}: what the invitee sees before choosing a password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(USER_ROLES),
  expiresAt: dateTime,
  valid: z.boolean().describe("False once used, revoked or expired."),
});

/** POST /invitations/{token}/accept. */
export const invitationAcceptedSchema = z.object({
  email: z.string().describe("The new account's e-mail: sign in with it."),
});

const waitlistFields = {
  id: z.string(),
  email: z.string(),
  domain: z.string().describe("The e-mail domain that was refused."),
  createdAt: dateTime,
  invitedAt: dateTime.nullable(),
  dismissedAt: dateTime.nullable(),
};

/** A waitlist entry as the invite and dismiss actions answer it. */
export const waitlistEntrySchema = z.object(waitlistFields);

/** A waitlist entry in the list. */
export const waitlistListEntrySchema = z.object({ _id: z.string(), ...waitlistFields });

/** DELETE /admin/users/{id}/sessions. */
export const sessionsEndedSchema = z.object({ ended: z.number().int().describe("How many sessions ended.") });

import { z } from "zod";
import { publicUserSchema } from "../auth/account-json.ts";

/** The REST answers of the auth domain, as the OpenAPI document describes them. */

const accessToken = z
  .string()
  .describe("The access token (JWT): send it as `Authorization: Bearer <token>`.");

/** POST /auth/register. */
export const registeredSchema = z.object({ token: accessToken, user: publicUserSchema });

/** POST /auth/login. */
export const signedInSchema = z.object({
  token: accessToken,
  usuario: publicUserSchema.describe("The signed-in user (its `role` decides the client's area)."),
  sessionReplaced: z.boolean().describe("Another session of the user on this platform was signed out."),
  message: z.string().describe("Shown in an alert when `sessionReplaced`."),
});

/** GET /auth/check-session. */
export const sessionSchema = z.object({
  valid: z.literal(true),
  platform: z.string(),
  user: publicUserSchema,
});

/** POST /auth/change-password. */
export const passwordChangedSchema = z.object({
  message: z.string(),
  endedSessions: z.number().int().describe("How many other sessions of the user were signed out."),
});

/** POST /refresh/refresh-token. */
export const refreshedSchema = z.object({ accessToken });

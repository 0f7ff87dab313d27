import { z } from "zod";
import { markHandledInput } from "../../common/contact.ts";
import { dateTime } from "../http/rest-schemas.ts";

/** The REST shapes of the contact domain, as the OpenAPI document describes them. */

/** `contactMessageJson`: a message of the landing page's contact form. */
export const contactMessageSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    message: z.string(),
    createdAt: dateTime,
    handledAt: dateTime.nullable(),
    handled: z.boolean(),
  })
  .meta({ id: "ContactMessage", description: "A message of the landing page's contact form." });

/** POST /contact. */
export const contactSentSchema = z.object({ message: z.string(), _id: z.string() });

/** PATCH /contact/{id}: the `handled` of the service's input (the id is the path's). */
export const markHandledBody = markHandledInput.pick({ handled: true });

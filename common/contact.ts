import { z } from "zod";
import { email } from "./fields.ts";
import type { TextLimits } from "./input-text.ts";

export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_NAME_MAX = 120;
/** The contact form's text limits beyond the default (common/input-text.ts): the message may be long. */
export const CONTACT_TEXT_LIMITS: TextLimits = { fields: { message: CONTACT_MESSAGE_MAX } };
export const CONTACT_RECEIVED = "Thank you! Your message was sent. We will get back to you soon.";
export const CONTACT_RATE_LIMITED = "You have sent several messages already. Please try again later.";

/** The landing page's contact form; the client validates with the same schema before sending. */
export const contactMessageInput = z.object({
  email: email(),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_NAME_MAX, `Name is too long (${CONTACT_NAME_MAX} characters at most)`),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(
      CONTACT_MESSAGE_MAX,
      `Message is too long (${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters at most)`,
    ),
});

export type ContactMessageInput = z.input<typeof contactMessageInput>;

export const CONTACT_STATUSES = ["open", "handled", "all"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const contactListQuery = z.object({
  status: z.enum(CONTACT_STATUSES, { error: "status must be open, handled or all" }).default("all"),
});

export const markHandledInput = z.object({
  id: z.string().trim().min(1, "id is required").max(100),
  handled: z.boolean().default(true),
});

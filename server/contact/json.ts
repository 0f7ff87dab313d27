import type { ContactMessage } from "../generated/sqlite/client.ts";

/** The REST shape: `_id` beside the fields. */
export function contactMessageJson(message: ContactMessage) {
  return {
    _id: message.id,
    email: message.email,
    name: message.name,
    message: message.message,
    createdAt: message.createdAt.toISOString(),
    handledAt: message.handledAt?.toISOString() ?? null,
    handled: message.handledAt !== null,
  };
}

import { ownerOnly } from "../auth/read-policy.ts";

/** A message to one user: only that user reads it (an admin too, only its own). */
export const notificationReadPolicy = ownerOnly<{ userId: string }>((notification) => notification.userId);

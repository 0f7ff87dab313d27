import { ownerOrAdmin } from "../auth/read-policy.ts";

/** A user's record (profile, rating): the user itself and admins; to anyone else it does not exist. */
export const userReadPolicy = ownerOrAdmin<{ id: string }>((user) => user.id);

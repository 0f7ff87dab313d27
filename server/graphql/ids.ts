import { decodeGlobalID } from "@pothos/plugin-relay";
import { ValidationError } from "../errors.ts";

/** The database id inside a Relay global id of the expected type; anything else is bad input. */
export function decodeGlobalIdOf(typename: string, globalId: string | number): string {
  try {
    const decoded = decodeGlobalID(String(globalId));
    if (decoded.typename === typename) return decoded.id;
  } catch {
    // fall through
  }
  throw new ValidationError(`Not a ${typename} id`, [{ field: "id", message: `Not a ${typename} id` }]);
}

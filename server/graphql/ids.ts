import { decodeGlobalID } from "@pothos/plugin-relay";
import { ValidationError } from "../errors.ts";

/** Printable ASCII (row ids are); anything else takes the Buffer path. */
const PRINTABLE_ASCII = /^[ -~]*$/;

/**
 * A Relay global id, as Pothos writes it (base64 of "Type:id", UTF-8). Row ids are ASCII, and
 * for ASCII text `btoa` gives the same characters about four times faster than a Buffer: a page
 * of 50 rows encodes 50 of them.
 */
export function encodeGlobalId(typename: string, id: string | number | bigint): string {
  const text = `${typename}:${id}`;
  return PRINTABLE_ASCII.test(text) ? btoa(text) : Buffer.from(text).toString("base64");
}

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

/**
 * The database id inside a Relay global id of `typename`, or the text itself when it is not one
 * (a database id, or a readable reference the service resolves: a code, a loadId, a userId).
 */
export function idOrReference(typename: string, value: string): string {
  try {
    const decoded = decodeGlobalID(value);
    if (decoded.typename === typename && decoded.id) return decoded.id;
  } catch {
    // not a global id
  }
  return value;
}

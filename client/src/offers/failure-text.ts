import type { RequestFailure } from "../lib/request-errors.ts";
import { INTERNAL_ERROR_TEXT, NETWORK_ERROR_TEXT } from "../lib/request-errors.ts";

/** The server's message when there is one. */
export function failureText(failure: RequestFailure): string {
  if (failure.kind === "network") return NETWORK_ERROR_TEXT;
  if (failure.kind === "internal") return INTERNAL_ERROR_TEXT;
  return failure.message ?? `Error in the API request: ${failure.status}`;
}

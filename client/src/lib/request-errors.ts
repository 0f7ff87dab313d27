/**
 * How a failed call reads on screen (spec section 8, "Create carrier"; billing creates behave alike):
 * GraphQL gives typed failures or top-level errors, which map back onto the HTTP statuses the spec
 * talks about.
 */

export const NETWORK_ERROR_TEXT = "Network Error: Could not connect to the server. Please try again.";
export const INTERNAL_ERROR_TEXT = "Internal request processing error.";

export const apiRequestErrorText = (status: number) => `Error in the API request: ${status}`;

/** What a failed call reads as (the shape of `MutationFailure` these texts need). */
export interface RequestFailure {
  kind: "http" | "network" | "internal";
  status: number | null;
  message: string | null;
}

/** The alert text for a failed create; `conflictText` is the 409's fallback. */
export function requestFailureText(failure: RequestFailure, conflictText: string): string {
  switch (failure.kind) {
    case "network":
      return NETWORK_ERROR_TEXT;
    case "internal":
      return INTERNAL_ERROR_TEXT;
    case "http":
      return (
        failure.message ||
        (failure.status === 409 ? conflictText : apiRequestErrorText(failure.status ?? 500))
      );
  }
}

/** The inline text of a form: the server's own message (typed or top-level), or the form's fallback. */
export function inlineFailureText(failure: RequestFailure, fallback: string): string {
  return failure.kind === "http" && failure.message ? failure.message : fallback;
}

/** A typed failure's own message (a rule the server named), or the form's fallback for the rest. */
export function failureText(failure: RequestFailure & { typename: string | null }, fallback: string): string {
  return failure.typename && failure.message ? failure.message : fallback;
}

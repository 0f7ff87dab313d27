/**
 * How a failed call reads on screen (spec section 8, "Create carrier"; billing creates behave alike):
 * GraphQL gives typed failures or top-level errors, which map back onto the HTTP statuses the spec
 * talks about.
 */

export const NETWORK_ERROR_TEXT = "Network Error: Could not connect to the server. Please try again.";
export const INTERNAL_ERROR_TEXT = "Internal request processing error.";

export const apiRequestErrorText = (status: number) => `Error in the API request: ${status}`;

export type RequestFailure =
  | { kind: "http"; status: number; message: string | null }
  | { kind: "network" }
  | { kind: "internal" };

/** The HTTP status each typed failure of a mutation stands for. */
const STATUS_OF_TYPENAME: Record<string, number> = {
  ValidationError: 400,
  AuthenticationError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  RateLimitedError: 429,
};

/** A mutation's failure member (`... on Error { message }`). */
export function failureOfResult(result: { __typename: string; message?: string | null }): RequestFailure {
  return {
    kind: "http",
    status: STATUS_OF_TYPENAME[result.__typename] ?? 500,
    message: result.message || null,
  };
}

interface ErrorExtensions {
  code?: unknown;
  http?: { status?: unknown };
}

function firstGraphQLError(error: object): { message?: unknown; extensions?: ErrorExtensions } | null {
  const source = (error as { source?: { errors?: unknown } }).source;
  const errors = source?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const first: unknown = errors[0];
  return typeof first === "object" && first !== null ? first : null;
}

/**
 * What Relay's onError received: the network layer's NetworkError means no answer at all; a
 * top-level GraphQL error with an HTTP status is that status and message; the rest (masked
 * unexpected errors, client bugs) is internal.
 */
export function failureOfError(error: unknown): RequestFailure {
  if (!(error instanceof Error)) return { kind: "internal" };
  if (error.name === "NetworkError") return { kind: "network" };
  const first = firstGraphQLError(error);
  const status = first?.extensions?.http?.status;
  if (typeof status === "number" && status >= 400) {
    return { kind: "http", status, message: typeof first?.message === "string" ? first.message : null };
  }
  return { kind: "internal" };
}

/** The alert text for a failed create; `conflictText` is the 409's fallback. */
export function requestFailureText(failure: RequestFailure, conflictText: string): string {
  switch (failure.kind) {
    case "network":
      return NETWORK_ERROR_TEXT;
    case "internal":
      return INTERNAL_ERROR_TEXT;
    case "http":
      return failure.message || (failure.status === 409 ? conflictText : apiRequestErrorText(failure.status));
  }
}

/** The inline text of a form: the server's own message, or the form's fallback. */
export function inlineFailureText(failure: RequestFailure, fallback: string): string {
  return failure.kind === "http" && failure.message ? failure.message : fallback;
}

import { NetworkError } from "./graphql-http.ts";

/** How a failed mutation reads, whatever failed: a typed failure, a top-level error or the network. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

export interface MutationFailure {
  /** "http": the server answered (a typed failure or a top-level error); "network": no answer. */
  kind: "http" | "network" | "internal";
  /** The HTTP status the failure stands for (typed failures map onto the spec's statuses). */
  status: number | null;
  /** The typed failure's GraphQL type (ValidationError, ConflictError, ...), when it was one. */
  typename: string | null;
  message: string | null;
  /** The first message per input field. */
  fields: Record<string, string>;
  /** Every per-field message, in the server's order (row-numbered upload problems). */
  problems: readonly FieldProblem[];
}

export interface MutationHandlers<Data> {
  onSuccess(data: Data): void;
  onFailure(failure: MutationFailure): void;
}

/** The HTTP status each typed failure of a mutation stands for. */
export const STATUS_OF_TYPENAME: Record<string, number> = {
  ValidationError: 400,
  AuthenticationError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  RateLimitedError: 429,
};

/** A ValidationError's per-field messages keyed by field, the first message per field. */
export function fieldMessages(fields: readonly FieldProblem[] | null | undefined): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { field, message } of fields ?? []) byField[field] ??= message;
  return byField;
}

interface ErrorExtensions {
  code?: unknown;
  http?: { status?: unknown };
  /** A top-level ValidationError's per-field messages (e.g. text refused before the operation ran). */
  fields?: unknown;
}

function fieldProblemsOf(fields: unknown): FieldProblem[] {
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (entry): entry is FieldProblem => typeof entry?.field === "string" && typeof entry?.message === "string",
  );
}

function firstGraphQLError(error: object): { message?: unknown; extensions?: ErrorExtensions } | null {
  const source = (error as { source?: { errors?: unknown } }).source;
  const errors = source?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const first: unknown = errors[0];
  return typeof first === "object" && first !== null ? first : null;
}

export const noFields = { typename: null, fields: {}, problems: [] };

/**
 * What Relay's onError received: the network layer's NetworkError means no answer at all; a
 * top-level GraphQL error with an HTTP status is that status and message; the rest (masked
 * unexpected errors, client bugs) is internal.
 */
export function failureOfError(error: unknown): MutationFailure {
  if (error instanceof NetworkError || (error instanceof Error && error.name === "NetworkError")) {
    return { kind: "network", status: null, message: error.message, ...noFields };
  }
  if (!(error instanceof Error)) return { kind: "internal", status: null, message: null, ...noFields };
  const first = firstGraphQLError(error);
  const status = first?.extensions?.http?.status;
  if (typeof status === "number" && status >= 400) {
    const message = typeof first?.message === "string" ? first.message : null;
    const problems = fieldProblemsOf(first?.extensions?.fields);
    return { kind: "http", status, message, typename: null, fields: fieldMessages(problems), problems };
  }
  return { kind: "internal", status: null, message: null, ...noFields };
}

/**
 * A failure's per-field messages under the form's own field names: `fieldOf` maps the input's
 * field to the form's (null when the form has no such field).
 */
export function placeProblems<Field extends string>(
  failure: Pick<MutationFailure, "fields">,
  fieldOf: (field: string) => Field | null | undefined,
): Partial<Record<Field, string>> {
  const placed: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(failure.fields)) {
    const name = fieldOf(field);
    if (name) placed[name] = message;
  }
  return placed;
}

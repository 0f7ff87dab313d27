import { z } from "zod";
import type { RestAccess } from "./router.ts";

/**
 * Building blocks of the REST layer's OpenAPI description (route `schema`s, see router.ts). The
 * answer shapes are documentation: the edge sends the handler's JSON as it is.
 */

/** An instant as the serializers write it: `Date.toISOString()`. */
export const dateTime = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "Expected an ISO 8601 date-time")
  .meta({ format: "date-time" });

/** A row's optimistic-concurrency version (server/lib/row-version.ts), as every edited thing answers it. */
export const rowVersion = z
  .number()
  .int()
  .describe(
    "Moves forward with every write; send it back with an edit to be refused with 409 if it changed.",
  );

/** The JSON body of every refused call (server/errors.ts `errorBody`). */
export const errorBody = z
  .object({
    message: z.string().describe("What went wrong, in words a user can read."),
    error: z.string().describe("The same text, for clients that read `error`."),
    code: z
      .string()
      .describe(
        "VALIDATION, UNAUTHENTICATED, SESSION_ENDED, TRIP_LINK_INVALID, FORBIDDEN, NOT_FOUND, CONFLICT, PAYLOAD_TOO_LARGE, " +
          "UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED or DATABASE_UNAVAILABLE.",
      ),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe("Each invalid field (dotted path) with its message; the first one is `message`."),
    logout: z
      .literal(true)
      .optional()
      .describe("The session ended: drop the stored credentials and sign in again."),
  })
  .meta({ id: "Error", description: "The body of every refused call." });

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

const ERROR_TEXTS: Record<ErrorStatus, string> = {
  400: "Invalid input: `errors` names each field's problem.",
  401: "Not signed in, or the session ended (`logout: true`).",
  403: "Signed in, but not allowed to do this.",
  404: "Not found.",
  409: "Conflicts with the current state.",
  413: "The body is larger than this path accepts.",
  415: "The body is not JSON.",
  429: "Too many attempts: try again later.",
  503: "The database is briefly unavailable (`DATABASE_UNAVAILABLE`): nothing was changed; retry after `Retry-After` seconds.",
};

/**
 * The error answers of a route, each `errorBody` described for its status: `errors(400, 404)`
 * with the default texts, or `errors({ 404: "Load not found" })` with the route's own.
 */
export function errors(
  ...statuses: (ErrorStatus | Partial<Record<ErrorStatus, string>>)[]
): Record<number, z.ZodType> {
  const texts: Partial<Record<ErrorStatus, string>> = {};
  for (const entry of statuses) {
    if (typeof entry === "number") texts[entry] = ERROR_TEXTS[entry];
    else Object.assign(texts, entry);
  }
  return Object.fromEntries(
    Object.entries(texts).map(([status, text]) => [Number(status), errorBody.describe(text)]),
  );
}

/**
 * The refusals any route may answer whatever its handler does: by the route's access rule, and
 * 503 while the database is unreachable.
 */
export function accessErrors(access: RestAccess) {
  if (access === "public") return errors(503);
  return errors(
    access === "admin" ? { 401: ERROR_TEXTS[401], 403: "Signed in, but not an operator (ADMIN)." } : 401,
    503,
  );
}

/** `{ message }`: the answer of a call that only confirms what it did. */
export const messageBody = z.object({ message: z.string() });

/** A file answer: the content type and what it holds, instead of a JSON schema. */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: "binary" }) } } };
}

/**
 * A query parameter as the handler reads it: optional text. `values` documents the accepted ones
 * (the service checks them and answers 400 with its own text), without the edge enforcing them.
 */
export function queryParam(description: string, values?: readonly string[]) {
  const param = z.string().optional().describe(description);
  return values ? param.meta({ enum: [...values] }) : param;
}

import type { z } from "zod";
import type { TextLimits } from "../../common/input-text.ts";
import { ValidationError } from "../errors.ts";
import { assertCleanText } from "../http/input-text.ts";

/**
 * Parses untrusted input with a zod schema; failures become one ValidationError whose message is
 * the first problem and whose fields carry every problem (they map onto form helper texts).
 * Before the schema, every text in the input obeys common/input-text.ts (at most TEXT_MAX
 * characters unless `limits` declares a field's own, no control characters): REST bodies and
 * queries get the rule GraphQL's schema gives its arguments (server/graphql/bounded-input.ts).
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  limits?: TextLimits,
): z.infer<Schema> {
  assertCleanText(input, limits);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationErrorOf(result.error);
}

/** A zod failure as the API's ValidationError: the first problem, and every one by field. */
export function validationErrorOf(error: z.ZodError): ValidationError {
  const fields = error.issues.map((issue) => ({
    field: issue.path.join(".") || "input",
    message: issue.message,
  }));
  return new ValidationError(fields[0]?.message ?? "Invalid input", fields);
}

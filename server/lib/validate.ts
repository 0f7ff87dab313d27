import type { z } from "zod";
import { ValidationError } from "../errors.ts";

/**
 * Parses untrusted input with a zod schema; failures become one ValidationError whose message is
 * the first problem and whose fields carry every problem (they map onto form helper texts).
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.join(".") || "input",
    message: issue.message,
  }));
  throw new ValidationError(fields[0]?.message ?? "Invalid input", fields);
}

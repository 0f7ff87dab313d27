/** Small checks the forms share (the server repeats every one of them). */

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return "Email is required";
  if (!EMAIL_SHAPE.test(email)) return "Enter a valid email address";
  return null;
}

/** A server ValidationError's per-field messages, keyed by field, the first message per field. */
export function fieldMessages(
  fields: ReadonlyArray<{ readonly field: string; readonly message: string }> | null | undefined,
): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { field, message } of fields ?? []) byField[field] ??= message;
  return byField;
}

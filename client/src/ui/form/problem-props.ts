/** A field's problem as MUI shows it: red, with the message under the field (else the hint). */
export function problemProps(problem: string | null | undefined, hint?: string) {
  return { error: Boolean(problem), helperText: problem ?? hint };
}

/** The rate confirmation is the broker's own paper: carriers read it, only operators file it. */
export const OPERATOR_ONLY_TYPES: ReadonlySet<string> = new Set(["RATE_CONFIRMATION"]);

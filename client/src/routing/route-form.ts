import { DUPLICATE_SEQUENCE, LOADS_REQUIRED } from "../../../common/routing.ts";
import type { StopRow } from "../loads/load-form.ts";

export type RouteFormProblems = Record<string, string>;

const SEQUENCE = /^\d+$/;

/** The form's own checks before saving; the server applies the same rules. */
export function routeFormProblems(stops: StopRow[], loadIds: string[]): RouteFormProblems {
  const problems: RouteFormProblems = {};
  const seen = new Set<number>();
  stops.forEach((stop, index) => {
    const text = stop.sequence.trim();
    if (!SEQUENCE.test(text)) {
      problems[`stops.${index}.sequence`] = "Sequence must be a whole number of 0 or more";
      return;
    }
    const sequence = Number(text);
    if (seen.has(sequence)) problems[`stops.${index}.sequence`] = DUPLICATE_SEQUENCE;
    seen.add(sequence);
    if (!stop.nass) problems[`stops.${index}.nass`] = "Choose the stop's NASS code";
  });
  stops.forEach((stop, index) => {
    if (!stop.nass && !problems[`stops.${index}.nass`])
      problems[`stops.${index}.nass`] = "Choose the stop's NASS code";
  });
  if (loadIds.length === 0) problems.assignedLoads = LOADS_REQUIRED;
  return problems;
}

/** Server field names onto the form's (assignedUserKey is the driver picker). */
export function problemsFromServer(
  fields: ReadonlyArray<{ field: string; message: string }>,
): RouteFormProblems {
  const problems: RouteFormProblems = {};
  for (const { field, message } of fields) {
    const key = field === "loadIds" ? "assignedLoads" : field;
    problems[key] ??= message;
  }
  return problems;
}

/** Stops in sequence order, the way the page lists them. */
export function bySequence(stops: StopRow[]): StopRow[] {
  return [...stops].sort((a, b) => Number(a.sequence) - Number(b.sequence));
}

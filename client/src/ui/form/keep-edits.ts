/**
 * A form's values moved onto a newer copy of the record (a live update, another screen's save):
 * a field the person has not edited takes the new value; a field they edited keeps their value.
 * `conflict` says an update changed a field they edited to something else than what they typed:
 * the form must then keep the version its edits were based on, so the server refuses the save and
 * the person reloads, rather than their save silently undoing a colleague's change.
 */
export function keepEdits<Values extends object>(
  current: Values,
  before: Values,
  next: Values,
): { values: Values; conflict: boolean } {
  const values = { ...next };
  let conflict = false;
  for (const key of Object.keys(next) as (keyof Values)[]) {
    if (same(current[key], before[key]) || same(current[key], next[key])) continue;
    values[key] = current[key];
    if (!same(before[key], next[key])) conflict = true;
  }
  return { values, conflict };
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b);
}

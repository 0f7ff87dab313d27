/** Whether every name in `names` is in `allowed`. */
export function isSubsetOf(names: Iterable<string>, allowed: ReadonlySet<string>): boolean {
  for (const name of names) if (!allowed.has(name)) return false;
  return true;
}

/**
 * An enum's values from a shared value list, each with its GraphiQL description: the record is
 * keyed by the list, so a value added to the list without a description fails the typecheck.
 */
export function describedValues<Value extends string>(
  values: readonly Value[],
  descriptions: Record<Value, string>,
): Record<Value, { value: Value; description: string }> {
  return Object.fromEntries(
    values.map((value) => [value, { value, description: descriptions[value] }]),
  ) as Record<Value, { value: Value; description: string }>;
}

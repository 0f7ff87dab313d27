export interface FieldChange {
  from: unknown;
  to: unknown;
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/**
 * The fields whose value differs between two versions of a record, as `{field: {from, to}}` — the
 * shape the audit trail shows as before/after. Put it in an audit entry's details as `changes`.
 */
export function changedFields<Row extends object>(
  before: Row,
  after: Partial<Row>,
  fields: readonly (keyof Row & string)[] = Object.keys(after) as (keyof Row & string)[],
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = comparable(before[field]);
    const to = comparable(after[field]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

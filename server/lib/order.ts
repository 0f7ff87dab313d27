/** Rows read by `id IN (...)` come back in any order: this puts them in the order of `ids`. */
export function inIdOrder<Row extends { id: string }>(rows: Row[], ids: readonly string[]): Row[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

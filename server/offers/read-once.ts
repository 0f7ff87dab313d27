/**
 * One event reaches every subscriber as the same object. Subscribers whose Prisma query is the
 * same (same fields, and the same viewer-specific filters, which are part of the query) share
 * one database read per event instead of one each; field permissions are still checked per
 * subscriber by the schema. Entries go away with the event object.
 */
const reads = new WeakMap<object, Map<string, Promise<unknown>>>();

export function readOncePerEvent<T>(event: object, query: unknown, read: () => Promise<T>): Promise<T> {
  let byQuery = reads.get(event);
  if (!byQuery) {
    byQuery = new Map();
    reads.set(event, byQuery);
  }
  const key = JSON.stringify(query);
  let pending = byQuery.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    byQuery.set(key, pending);
  }
  return pending;
}

/**
 * GraphQL operation names as metric labels: each name is a time series, and clients choose names,
 * so the set is bounded. Unnamed operations share one label, names that are not GraphQL names
 * (or are very long) another, and past `max` distinct names the rest count as "other".
 */
export const MAX_OPERATION_NAMES = 200;

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

export function createOperationLabels(
  max = MAX_OPERATION_NAMES,
): (name: string | null | undefined) => string {
  const known = new Set<string>();
  return (name) => {
    if (!name) return "unnamed";
    if (!GRAPHQL_NAME.test(name)) return "unknown";
    if (known.has(name)) return name;
    if (known.size >= max) return "other";
    known.add(name);
    return name;
  };
}

/** The process's labels (one registry per process: server/ops/metrics.ts). */
export const operationLabel = createOperationLabels();

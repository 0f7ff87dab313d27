import { useCallback, useEffect, useRef } from "react";
import { useQueryLoader } from "react-relay";
import type { FetchPolicy, GraphQLTaggedNode, OperationType } from "relay-runtime";

/**
 * A screen's query, loaded for these variables (again whenever they change: another record), and
 * its retry, which asks the network.
 */
export function usePageQuery<Query extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Query["variables"],
  fetchPolicy: FetchPolicy = "store-and-network",
) {
  const [queryRef, loadQuery] = useQueryLoader<Query>(query);
  const latest = useRef(variables);
  latest.current = variables;
  const key = JSON.stringify(variables);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the variables' value (key) decides, not their identity
  useEffect(() => loadQuery(latest.current, { fetchPolicy }), [loadQuery, key, fetchPolicy]);
  const retry = useCallback(() => loadQuery(latest.current, { fetchPolicy: "network-only" }), [loadQuery]);
  return { queryRef, retry };
}

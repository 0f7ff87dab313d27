import { useCallback, useEffect, useRef } from "react";
import { fetchQuery, useRelayEnvironment } from "react-relay";
import type { GraphQLTaggedNode, OperationType, Subscription } from "relay-runtime";

/** How long after `soon()` the extra fetch runs: a worker's send takes a moment. */
const SOON_MS = 1_000;

/**
 * Asks the network for a query again every `intervalMs` while the page is visible, into the store:
 * whatever renders that query (a `useLazyLoadQuery` with the same variables) shows the fresh data
 * without suspending. A failed poll is left to the next one. Returns `soon()`: one more fetch
 * shortly (after an action whose outcome a server worker decides).
 */
export function usePolledQuery<Query extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Query["variables"],
  intervalMs: number,
): () => void {
  const environment = useRelayEnvironment();
  const key = JSON.stringify(variables);
  const poll = useRef<() => void>(() => {});
  useEffect(() => {
    let inFlight: Subscription | null = null;
    const fetchNow = () => {
      if (inFlight || document.visibilityState !== "visible") return;
      inFlight = fetchQuery<Query>(environment, query, JSON.parse(key), {
        fetchPolicy: "network-only",
      }).subscribe({
        complete: () => {
          inFlight = null;
        },
        error: () => {
          inFlight = null;
        },
      });
    };
    poll.current = fetchNow;
    const timer = window.setInterval(fetchNow, intervalMs);
    return () => {
      window.clearInterval(timer);
      inFlight?.unsubscribe();
      poll.current = () => {};
    };
  }, [environment, query, key, intervalMs]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => poll.current(), SOON_MS);
  }, []);
}

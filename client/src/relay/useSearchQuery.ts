import { useEffect, useRef, useState } from "react";
import { fetchQuery, useRelayEnvironment } from "react-relay";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";

export interface SearchAnswer<Result> {
  /** The latest search's answer; null before the first one (or after `variables` became null). */
  result: Result | null;
  loading: boolean;
  failed: boolean;
}

interface SearchQueryOptions {
  /** How long typing must pause before the search is sent. */
  delayMs: number;
  /** Send nothing and keep the last answer (a closed picker). */
  paused?: boolean;
}

const NOTHING = { result: null, loading: false, failed: false };

/**
 * A search sent as the user types: once typing pauses, and only the latest search's answer counts
 * (a newer search drops the one in flight). `variables` null means there is nothing to search: the
 * answer empties.
 */
export function useSearchQuery<Query extends OperationType, Result>(
  query: GraphQLTaggedNode,
  variables: Query["variables"] | null,
  read: (data: Query["response"]) => Result,
  { delayMs, paused = false }: SearchQueryOptions,
): SearchAnswer<Result> {
  const environment = useRelayEnvironment();
  const [answer, setAnswer] = useState<SearchAnswer<Result>>(NOTHING);
  const latest = useRef({ variables, read });
  latest.current = { variables, read };
  const key = variables === null ? null : JSON.stringify(variables);

  useEffect(() => {
    if (paused) return;
    const { variables: sent, read: readNow } = latest.current;
    if (key === null || sent === null) {
      setAnswer(NOTHING);
      return;
    }
    setAnswer((current) => ({ ...current, loading: true }));
    let subscription: { unsubscribe(): void } | null = null;
    const timer = window.setTimeout(() => {
      subscription = fetchQuery<Query>(environment, query, sent).subscribe({
        next: (data) => setAnswer({ result: readNow(data), loading: false, failed: false }),
        error: () => setAnswer((current) => ({ ...current, loading: false, failed: true })),
      });
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [environment, query, key, paused, delayMs]);

  return answer;
}

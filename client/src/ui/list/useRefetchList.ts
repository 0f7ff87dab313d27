import { useCallback, useRef } from "react";
import type { FetchPolicy } from "relay-runtime";
import type { ListCriteria, ListSpec } from "./list-url.ts";
import { type PageKey, readPage, usePagedList } from "./usePagedList.ts";

interface RefetchOptions {
  fetchPolicy: FetchPolicy;
  onComplete(error: Error | null): void;
}

interface RefetchListOptions<Filter, Field extends string, Variables> {
  /** The list fragment's `refetch` (from `useRefetchableFragment`). */
  refetch(variables: Variables, options: RefetchOptions): unknown;
  /** The list's variables for these criteria. */
  variablesOf(criteria: ListCriteria<Filter, Field>): Variables;
  /** The connection the server answered (it spreads `...usePagedList_page`). */
  answer: PageKey;
  /** Runs after each refetch that succeeded (a 'Last update' time). */
  onFetched?(): void;
}

/**
 * `usePagedList` for a list read with `useRefetchableFragment`: each change of the criteria in the
 * address refetches the fragment with the list's variables.
 */
export function useRefetchList<Filter, Field extends string, Variables>(
  spec: ListSpec<Filter, Field>,
  { refetch, variablesOf, answer, onFetched }: RefetchListOptions<Filter, Field, Variables>,
) {
  const fetched = useRef(onFetched);
  fetched.current = onFetched;
  const refetchWith = useCallback(
    (criteria: ListCriteria<Filter, Field>, fetchPolicy: FetchPolicy) =>
      refetch(variablesOf(criteria), {
        fetchPolicy,
        onComplete: (error) => {
          if (!error) fetched.current?.();
        },
      }),
    [refetch, variablesOf],
  );
  return usePagedList(spec, { refetch: refetchWith, pageCount: readPage(answer).pageCount });
}

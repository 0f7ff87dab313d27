import { type Disposable, type Environment, fetchQuery, type OperationDescriptor } from "relay-runtime";

export interface ScreenQueries {
  /** Fetches every query a mounted screen holds again from the server (network-only). */
  refetch(): void;
  /** How many distinct queries are held now. */
  count(): number;
}

/**
 * Keeps track of the queries the mounted screens hold (every `useLazyLoadQuery`, `loadQuery` /
 * `usePageQuery` and pagination query retains its operation in the environment while it is
 * shown), so that after a gap in the live connection all of them can be fetched again: the store
 * then holds what the server has now, and every component reading it re-renders, with no reload.
 */
export function trackScreenQueries(environment: Environment): ScreenQueries {
  const held = new Map<string, { operation: OperationDescriptor; holders: number }>();
  const retain = environment.retain.bind(environment);
  environment.retain = (operation: OperationDescriptor): Disposable => {
    const key = operation.request.identifier;
    const entry = held.get(key) ?? { operation, holders: 0 };
    entry.holders++;
    held.set(key, entry);
    const retention = retain(operation);
    let released = false;
    return {
      dispose() {
        if (released) return;
        released = true;
        entry.holders--;
        if (entry.holders === 0 && held.get(key) === entry) held.delete(key);
        retention.dispose();
      },
    };
  };
  return {
    refetch() {
      for (const { operation } of held.values()) {
        const { node, variables } = operation.request;
        if (node.params.operationKind !== "query") continue;
        // A failure shows where the screen already shows failures (its next fetch); nothing to add here.
        fetchQuery(environment, node, variables, { fetchPolicy: "network-only" }).subscribe({
          error: () => undefined,
        });
      }
    },
    count: () => held.size,
  };
}

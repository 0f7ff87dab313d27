import { useCallback, useRef, useState } from "react";
import { graphql, readInlineData, useMutation, useRelayEnvironment } from "react-relay";
import {
  commitMutation,
  type Disposable,
  type GraphQLTaggedNode,
  type IEnvironment,
  type MutationConfig,
  type MutationParameters,
} from "relay-runtime";
import type { mutationResult_error$key } from "./__generated__/mutationResult_error.graphql";
import {
  failureOfError,
  fieldMessages,
  type MutationFailure,
  type MutationHandlers,
  noFields,
  STATUS_OF_TYPENAME,
} from "./mutation-failure.ts";

/**
 * The one way a mutation is sent and its answer read. Every mutation document selects its
 * success member's `data` and `...mutationResult_error @alias(as: "error")`; `useAppMutation` turns
 * the answer into `onSuccess(data)` or `onFailure(failure)` with the same failure shape for typed
 * errors, top-level errors and a lost connection.
 */
const errorFragment = graphql`
  fragment mutationResult_error on Error @inline {
    __typename
    message
    code
    fields {
      field
      message
    }
  }
`;

function typedFailure(error: mutationResult_error$key): MutationFailure {
  const { __typename, message, fields } = readInlineData(errorFragment, error);
  return {
    kind: "http",
    status: STATUS_OF_TYPENAME[__typename] ?? 500,
    typename: __typename,
    message: message || null,
    fields: fieldMessages(fields),
    problems: fields,
  };
}

/**
 * A mutation's payload union as selected: the success member's `data`, and the failure members'
 * `...mutationResult_error @alias(as: "error")`.
 */
interface ResultUnion {
  readonly __typename: string;
  readonly data?: unknown;
  readonly error?: mutationResult_error$key | null;
}

type DataOf<Result> = Result extends { readonly data?: infer Data } ? NonNullable<Data> : never;

/** Reads a payload union: the success member's data, or the failure. */
export function readMutationResult<Result extends ResultUnion>(
  result: Result,
): { ok: true; data: DataOf<Result> } | { ok: false; failure: MutationFailure } {
  if (result.data) return { ok: true, data: result.data as DataOf<Result> };
  if (result.error) return { ok: false, failure: typedFailure(result.error) };
  return {
    ok: false,
    failure: { kind: "internal", status: null, message: null, ...noFields, typename: result.__typename },
  };
}

export interface RunOptions<TMutation extends MutationParameters> {
  updater?: MutationConfig<TMutation>["updater"];
  optimisticUpdater?: MutationConfig<TMutation>["optimisticUpdater"];
  /** Request metadata for the network layer (an upload's progress listener). */
  metadata?: Record<string, unknown>;
}

/**
 * `useMutation` with the one answer reader: `pick` selects the payload union from the response.
 * Returns `[run, isInFlight]`; `run(variables, handlers, options)`.
 */
export function useAppMutation<TMutation extends MutationParameters, Result extends ResultUnion>(
  mutation: GraphQLTaggedNode,
  pick: (response: TMutation["response"]) => Result,
) {
  const metadata = useRef<Record<string, unknown> | undefined>(undefined);
  const commitWithMetadata = useCallback(
    (environment: IEnvironment, config: MutationConfig<TMutation>): Disposable =>
      commitMutation(environment, {
        ...config,
        ...(metadata.current ? { cacheConfig: { metadata: metadata.current } } : {}),
      }),
    [],
  );
  const [commit, isInFlight] = useMutation<TMutation>(mutation, commitWithMetadata);
  const run = useCallback(
    (
      variables: TMutation["variables"],
      handlers: MutationHandlers<DataOf<Result>>,
      options: RunOptions<TMutation> = {},
    ) => {
      metadata.current = options.metadata;
      return commit({
        variables,
        updater: options.updater,
        optimisticUpdater: options.optimisticUpdater,
        onCompleted: (response) => {
          const outcome = readMutationResult(pick(response));
          if (outcome.ok) handlers.onSuccess(outcome.data);
          else handlers.onFailure(outcome.failure);
        },
        onError: (error) => handlers.onFailure(failureOfError(error)),
      });
    },
    [commit, pick],
  );
  return [run, isInFlight] as const;
}

/**
 * `useAppMutation` for a mutation whose document (and its Relay artifact, which carries every
 * fragment its payload spreads) is not part of the first screen: `load` gives it (a dynamic import,
 * usually through `warmable`) when `run` is first called. Same `[run, isInFlight]`; `run` returns
 * nothing, as the commit starts once the document is in.
 */
export function useDeferredAppMutation<TMutation extends MutationParameters, Result extends ResultUnion>(
  load: () => Promise<GraphQLTaggedNode>,
  pick: (response: TMutation["response"]) => Result,
) {
  const environment = useRelayEnvironment();
  const [inFlight, setInFlight] = useState(0);
  const run = useCallback(
    (
      variables: TMutation["variables"],
      handlers: MutationHandlers<DataOf<Result>>,
      options: RunOptions<TMutation> = {},
    ) => {
      setInFlight((count) => count + 1);
      const settle = () => setInFlight((count) => count - 1);
      load().then(
        (mutation) =>
          commitMutation<TMutation>(environment, {
            mutation,
            variables,
            updater: options.updater,
            optimisticUpdater: options.optimisticUpdater,
            ...(options.metadata ? { cacheConfig: { metadata: options.metadata } } : {}),
            onCompleted: (response) => {
              settle();
              const outcome = readMutationResult(pick(response));
              if (outcome.ok) handlers.onSuccess(outcome.data);
              else handlers.onFailure(outcome.failure);
            },
            onError: (error) => {
              settle();
              handlers.onFailure(failureOfError(error));
            },
          }),
        // The document's code did not come (offline for a moment): no answer at all.
        (error: unknown) => {
          settle();
          const message = error instanceof Error ? error.message : null;
          handlers.onFailure({ kind: "network", status: null, message, ...noFields });
        },
      );
    },
    [environment, load, pick],
  );
  return [run, inFlight > 0] as const;
}

import { useCallback, useRef } from "react";
import { graphql, readInlineData, useMutation } from "react-relay";
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

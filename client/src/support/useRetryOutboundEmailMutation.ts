import { useCallback } from "react";
import { graphql } from "react-relay";
import type { MutationHandlers } from "../relay/mutation-failure.ts";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useRetryOutboundEmailMutation as RetryMutation } from "./__generated__/useRetryOutboundEmailMutation.graphql";

const mutation = graphql`
  mutation useRetryOutboundEmailMutation($input: RetryOutboundEmailInput!) {
    retryOutboundEmail(input: $input) {
      __typename
      ... on MutationRetryOutboundEmailSuccess {
        data {
          failedEmailCount
          outboundEmail {
            id
            ...OutgoingEmailRow_email
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: RetryMutation["response"]) => response.retryOutboundEmail;

/** "Retry now": the row shows it pending at once, the tab's failed count follows the answer. */
export function useRetryOutboundEmailMutation() {
  const [run, isInFlight] = useAppMutation<RetryMutation, ReturnType<typeof pick>>(mutation, pick);
  const retry = useCallback(
    (id: string, handlers: MutationHandlers<unknown>) =>
      run({ input: { id } }, handlers, {
        optimisticUpdater: (store) => store.get(id)?.setValue("pending", "status"),
        updater: (store, response) => {
          const count = response?.retryOutboundEmail.data?.failedEmailCount;
          if (typeof count === "number") store.getRoot().setValue(count, "failedEmailCount");
        },
      }),
    [run],
  );
  return [retry, isInFlight] as const;
}

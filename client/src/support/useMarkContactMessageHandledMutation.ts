import { useCallback } from "react";
import { graphql } from "react-relay";
import type { MutationHandlers } from "../relay/mutation-failure.ts";
import { useAppMutation } from "../relay/mutation-result.ts";
import type {
  MarkContactMessageHandledInput,
  useMarkContactMessageHandledMutation as MarkHandledMutation,
} from "./__generated__/useMarkContactMessageHandledMutation.graphql";

const mutation = graphql`
  mutation useMarkContactMessageHandledMutation($input: MarkContactMessageHandledInput!) {
    markContactMessageHandled(input: $input) {
      __typename
      ... on MutationMarkContactMessageHandledSuccess {
        data {
          openContactMessageCount
          contactMessage {
            id
            handled
            handledAt
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: MarkHandledMutation["response"]) => response.markContactMessageHandled;

/** Marks a message handled (or reopens it); the page's open count follows from the answer. */
export function useMarkContactMessageHandledMutation() {
  const [run, isInFlight] = useAppMutation<MarkHandledMutation, ReturnType<typeof pick>>(mutation, pick);
  const markHandled = useCallback(
    (input: MarkContactMessageHandledInput, handlers: MutationHandlers<unknown>) =>
      run({ input }, handlers, {
        updater: (store, response) => {
          const count = response?.markContactMessageHandled.data?.openContactMessageCount;
          if (typeof count === "number") store.getRoot().setValue(count, "openContactMessageCount");
        },
      }),
    [run],
  );
  return [markHandled, isInFlight] as const;
}

import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { failureOfError, failureOfResult, type RequestFailure } from "../lib/request-errors.ts";
import type { useConfirmWinnerMutation as ConfirmWinnerMutation } from "./__generated__/useConfirmWinnerMutation.graphql";

const mutation = graphql`
  mutation useConfirmWinnerMutation($input: ConfirmWinnerInput!) {
    confirmWinner(input: $input) {
      __typename
      ... on MutationConfirmWinnerSuccess {
        data {
          offer {
            id
            status
            winnerBid {
              id
              status
            }
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface ConfirmWinnerHandlers {
  onConfirmed(): void;
  onFailed(failure: RequestFailure): void;
}

export function useConfirmWinnerMutation() {
  const [commit, isInFlight] = useMutation<ConfirmWinnerMutation>(mutation);
  const confirm = useCallback(
    (offerId: string, bidId: string, handlers: ConfirmWinnerHandlers) =>
      commit({
        variables: { input: { offerId, bidId } },
        onCompleted: ({ confirmWinner: result }) => {
          if (result.data) handlers.onConfirmed();
          else handlers.onFailed(failureOfResult(result));
        },
        onError: (error) => handlers.onFailed(failureOfError(error)),
      }),
    [commit],
  );
  return [confirm, isInFlight] as const;
}

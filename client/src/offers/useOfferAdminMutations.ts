import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { failureOfError, failureOfResult, type RequestFailure } from "../lib/request-errors.ts";
import type { useOfferAdminMutationsRoundMutation as RoundMutation } from "./__generated__/useOfferAdminMutationsRoundMutation.graphql";
import type { useOfferAdminMutationsStatusMutation as StatusMutation } from "./__generated__/useOfferAdminMutationsStatusMutation.graphql";

const roundMutation = graphql`
  mutation useOfferAdminMutationsRoundMutation($input: StartOfferRoundInput!) {
    startOfferRound(input: $input) {
      __typename
      ... on MutationStartOfferRoundSuccess {
        data {
          offer {
            id
            roundNumber
            roundEnds
            roundEndsAt
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const statusMutation = graphql`
  mutation useOfferAdminMutationsStatusMutation($input: SetOfferStatusInput!) {
    setOfferStatus(input: $input) {
      __typename
      ... on MutationSetOfferStatusSuccess {
        data {
          offer {
            id
            status
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface OfferActionHandlers {
  onDone(): void;
  onFailed(failure: RequestFailure): void;
}

/** Another round on an offer whose round ended, and cancelling an offer. */
export function useOfferAdminMutations() {
  const [commitRound, roundInFlight] = useMutation<RoundMutation>(roundMutation);
  const [commitStatus, statusInFlight] = useMutation<StatusMutation>(statusMutation);
  const startRound = useCallback(
    (offerId: string, roundMinutes: number, handlers: OfferActionHandlers) =>
      commitRound({
        variables: { input: { offerId, roundMinutes } },
        onCompleted: ({ startOfferRound: result }) =>
          result.data ? handlers.onDone() : handlers.onFailed(failureOfResult(result)),
        onError: (error) => handlers.onFailed(failureOfError(error)),
      }),
    [commitRound],
  );
  const cancel = useCallback(
    (offerId: string, handlers: OfferActionHandlers) =>
      commitStatus({
        variables: { input: { offerId, status: "cancelled" } },
        onCompleted: ({ setOfferStatus: result }) =>
          result.data ? handlers.onDone() : handlers.onFailed(failureOfResult(result)),
        onError: (error) => handlers.onFailed(failureOfError(error)),
      }),
    [commitStatus],
  );
  return { startRound, cancel, busy: roundInFlight || statusInFlight };
}

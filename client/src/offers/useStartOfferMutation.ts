import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import { failureOfError, failureOfResult, type RequestFailure } from "../lib/request-errors.ts";
import type {
  StartOfferInput,
  useStartOfferMutation as StartOfferMutation,
} from "./__generated__/useStartOfferMutation.graphql";

const mutation = graphql`
  mutation useStartOfferMutation($input: StartOfferInput!) {
    startOffer(input: $input) {
      __typename
      ... on MutationStartOfferSuccess {
        data {
          offer {
            id
            loadId
          }
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
    }
  }
`;

export interface StartOfferHandlers {
  onStarted(loadId: string): void;
  onFailed(failure: RequestFailure, fields: Record<string, string>): void;
}

export function useStartOfferMutation() {
  const [commit, isInFlight] = useMutation<StartOfferMutation>(mutation);
  const start = useCallback(
    (input: StartOfferInput, handlers: StartOfferHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ startOffer: result }) => {
          if (result.data) handlers.onStarted(result.data.offer.loadId);
          else handlers.onFailed(failureOfResult(result), fieldMessages(result.fields));
        },
        onError: (error) => handlers.onFailed(failureOfError(error), {}),
      }),
    [commit],
  );
  return [start, isInFlight] as const;
}

import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  ReviewCarrierInput,
  useReviewCarrierMutation as ReviewCarrierMutation,
  useReviewCarrierMutation$data,
} from "./__generated__/useReviewCarrierMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useReviewCarrierMutation($input: ReviewCarrierInput!) {
    reviewCarrier(input: $input) {
      __typename
      ... on MutationReviewCarrierSuccess {
        data {
          user {
            ...UserRow_user
            ...VettingCard_user
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
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`;

type Data = NonNullable<useReviewCarrierMutation$data["reviewCarrier"]["data"]>;

export function useReviewCarrierMutation() {
  const [commit, isInFlight] = useMutation<ReviewCarrierMutation>(mutation);
  const run = useCallback(
    (input: ReviewCarrierInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.reviewCarrier, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

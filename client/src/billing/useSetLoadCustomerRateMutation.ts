import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useSetLoadCustomerRateMutation as SetLoadCustomerRateMutation } from "./__generated__/useSetLoadCustomerRateMutation.graphql";

const mutation = graphql`
  mutation useSetLoadCustomerRateMutation($input: SetLoadCustomerRateInput!) {
    setLoadCustomerRate(input: $input) {
      __typename
      ... on MutationSetLoadCustomerRateSuccess {
        data {
          load {
            id
            ...LoadFinancials_load
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: SetLoadCustomerRateMutation["response"]) => response.setLoadCustomerRate;

/** Saves a load's customer rate; the financials (and a drafted invoice) come back in the answer. */
export function useSetLoadCustomerRateMutation() {
  return useAppMutation<SetLoadCustomerRateMutation, ReturnType<typeof pick>>(mutation, pick);
}

import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useUpdateCarrierMutation as UpdateCarrierMutation } from "./__generated__/useUpdateCarrierMutation.graphql";

const mutation = graphql`
  mutation useUpdateCarrierMutation($input: UpdateCarrierInput!) {
    updateCarrier(input: $input) {
      __typename
      ... on MutationUpdateCarrierSuccess {
        data {
          carrier {
            ...CarrierForm_carrier
            ...CarrierRow_carrier
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: UpdateCarrierMutation["response"]) => response.updateCarrier;

export function useUpdateCarrierMutation() {
  return useAppMutation<UpdateCarrierMutation, ReturnType<typeof pick>>(mutation, pick);
}

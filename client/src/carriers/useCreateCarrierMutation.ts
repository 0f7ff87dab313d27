import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useCreateCarrierMutation as CreateCarrierMutation } from "./__generated__/useCreateCarrierMutation.graphql";

const mutation = graphql`
  mutation useCreateCarrierMutation($input: CreateCarrierInput!) {
    createCarrier(input: $input) {
      __typename
      ... on MutationCreateCarrierSuccess {
        data {
          carrier {
            id
            carrierId
            carrierName
            ...CarrierRow_carrier
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: CreateCarrierMutation["response"]) => response.createCarrier;

export function useCreateCarrierMutation() {
  return useAppMutation<CreateCarrierMutation, ReturnType<typeof pick>>(mutation, pick);
}

import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useDetachDriverMutation as DetachDriverMutation } from "./__generated__/useDetachDriverMutation.graphql";

const mutation = graphql`
  mutation useDetachDriverMutation($input: DetachDriverInput!) {
    detachDriver(input: $input) {
      __typename
      ... on MutationDetachDriverSuccess {
        data {
          carrier {
            version
            ...CarrierDrivers_carrier
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: DetachDriverMutation["response"]) => response.detachDriver;

export function useDetachDriverMutation() {
  return useAppMutation<DetachDriverMutation, ReturnType<typeof pick>>(mutation, pick);
}

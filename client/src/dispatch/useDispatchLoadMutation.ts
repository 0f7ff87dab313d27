import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useDispatchLoadMutation as DispatchMutation } from "./__generated__/useDispatchLoadMutation.graphql";

const mutation = graphql`
  mutation useDispatchLoadMutation($input: DispatchLoadInput!) {
    dispatchLoad(input: $input) {
      __typename
      ... on MutationDispatchLoadSuccess {
        data {
          loadId
          message
          tripUrl
          expiresAt
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: DispatchMutation["response"]) => response.dispatchLoad;

/** The carrier (or an operator) names the driver and equipment and sends the load out. */
export function useDispatchLoadMutation() {
  return useAppMutation<DispatchMutation, ReturnType<typeof pick>>(mutation, pick);
}

import { graphql } from "react-relay";
import { useAppMutation } from "../../relay/mutation-result.ts";
import type { useAddLoadsToRouteMutation as AddLoadsToRouteMutation } from "./__generated__/useAddLoadsToRouteMutation.graphql";

const mutation = graphql`
  mutation useAddLoadsToRouteMutation($input: CreateRouteInput!) {
    addLoadsToRoute(input: $input) {
      __typename
      ... on MutationAddLoadsToRouteSuccess {
        data {
          route {
            id
            routeNumber
          }
          addedLoadIds
          movedLoads {
            loadId
            fromRouteNumber
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: AddLoadsToRouteMutation["response"]) => response.addLoadsToRoute;

export function useAddLoadsToRouteMutation() {
  return useAppMutation<AddLoadsToRouteMutation, ReturnType<typeof pick>>(mutation, pick);
}

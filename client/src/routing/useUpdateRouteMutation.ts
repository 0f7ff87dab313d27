import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useUpdateRouteMutation as UpdateRouteMutation } from "./__generated__/useUpdateRouteMutation.graphql";

const mutation = graphql`
  mutation useUpdateRouteMutation($input: UpdateRouteInput!) {
    updateRoute(input: $input) {
      __typename
      ... on MutationUpdateRouteSuccess {
        data {
          route {
            id
            version
            ...RouteForm_route
            ...RouteRow_route
          }
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

export const ROUTE_SAVE_FAILED = "The route could not be saved.";

const pick = (response: UpdateRouteMutation["response"]) => response.updateRoute;

/** 'Save changes' on the route page; the route (and its list row) update from the answer. */
export function useUpdateRouteMutation() {
  return useAppMutation<UpdateRouteMutation, ReturnType<typeof pick>>(mutation, pick);
}

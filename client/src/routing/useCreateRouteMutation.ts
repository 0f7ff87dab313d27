import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useCreateRouteMutation as CreateRouteMutation } from "./__generated__/useCreateRouteMutation.graphql";

const mutation = graphql`
  mutation useCreateRouteMutation($input: CreateRouteInput!) {
    createRoute(input: $input) {
      __typename
      ... on MutationCreateRouteSuccess {
        data {
          route {
            id
            routeNumber
            ...RouteRow_route
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

const pick = (response: CreateRouteMutation["response"]) => response.createRoute;

/** The sentence the list shows: the route and any loads that moved to it. */
export function createdRouteMessage(data: {
  readonly route: { readonly routeNumber: string };
  readonly addedLoadIds: readonly string[];
  readonly movedLoads: readonly { readonly loadId: string; readonly fromRouteNumber: string }[];
}): string {
  const count = data.addedLoadIds.length;
  const moved = data.movedLoads.length
    ? ` Moved from other routes: ${data.movedLoads.map((load) => `${load.loadId} (from ${load.fromRouteNumber})`).join(", ")}.`
    : "";
  return `Route ${data.route.routeNumber} created with ${count} ${count === 1 ? "load" : "loads"}.${moved}`;
}

export function useCreateRouteMutation() {
  return useAppMutation<CreateRouteMutation, ReturnType<typeof pick>>(mutation, pick);
}

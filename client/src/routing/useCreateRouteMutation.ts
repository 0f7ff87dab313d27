import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { CREATE_ROUTE_FAILED } from "../../../common/routing.ts";
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
      ... on Error {
        message
      }
    }
  }
`;

export interface CreateRouteHandlers {
  /** A sentence for the snackbar: the route and any loads that moved to it. */
  onCreated(message: string): void;
  /** The server's message, or 'Hubo un error al crear la ruta.' (spec section 8). */
  onError(message: string): void;
}

export function useCreateRouteMutation() {
  const [commit, isInFlight] = useMutation<CreateRouteMutation>(mutation);
  const create = useCallback(
    (routeNumber: string, loadIds: string[], handlers: CreateRouteHandlers) =>
      commit({
        variables: { input: { routeNumber, loadIds } },
        onCompleted: ({ createRoute: result }) => {
          if (!result.data) {
            handlers.onError(result.message || CREATE_ROUTE_FAILED);
            return;
          }
          const { route, addedLoadIds, movedLoads } = result.data;
          const count = addedLoadIds.length;
          const moved = movedLoads.length
            ? ` Moved from other routes: ${movedLoads.map((load) => `${load.loadId} (from ${load.fromRouteNumber})`).join(", ")}.`
            : "";
          handlers.onCreated(
            `Route ${route.routeNumber} created with ${count} ${count === 1 ? "load" : "loads"}.${moved}`,
          );
        },
        onError: () => handlers.onError(CREATE_ROUTE_FAILED),
      }),
    [commit],
  );
  return [create, isInFlight] as const;
}

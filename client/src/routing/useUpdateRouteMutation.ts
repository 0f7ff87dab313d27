import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  UpdateRouteInput,
  useUpdateRouteMutation as UpdateRouteMutation,
} from "./__generated__/useUpdateRouteMutation.graphql";

const mutation = graphql`
  mutation useUpdateRouteMutation($input: UpdateRouteInput!) {
    updateRoute(input: $input) {
      __typename
      ... on MutationUpdateRouteSuccess {
        data {
          route {
            id
            ...RouteForm_route
            ...RouteRow_route
          }
          movedLoads {
            loadId
            fromRouteNumber
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
    }
  }
`;

export const ROUTE_SAVE_FAILED = "The route could not be saved.";

export interface UpdateRouteHandlers {
  onSaved(moved: ReadonlyArray<{ loadId: string; fromRouteNumber: string }>): void;
  onError(message: string, fields: ReadonlyArray<{ field: string; message: string }>): void;
}

/** 'Save changes' on the route page; the route (and its list row) update from the answer. */
export function useUpdateRouteMutation() {
  const [commit, isInFlight] = useMutation<UpdateRouteMutation>(mutation);
  const save = useCallback(
    (input: UpdateRouteInput, handlers: UpdateRouteHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ updateRoute: result }) => {
          if (result.data) handlers.onSaved(result.data.movedLoads);
          else handlers.onError(result.message ?? ROUTE_SAVE_FAILED, result.fields ?? []);
        },
        onError: () => handlers.onError(ROUTE_SAVE_FAILED, []),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}

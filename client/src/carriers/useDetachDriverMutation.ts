import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useDetachDriverMutation as DetachDriverMutation } from "./__generated__/useDetachDriverMutation.graphql";
import { DRIVER_CHANGE_FAILED } from "./useAttachDriverMutation.ts";

const mutation = graphql`
  mutation useDetachDriverMutation($input: DetachDriverInput!) {
    detachDriver(input: $input) {
      __typename
      ... on MutationDetachDriverSuccess {
        data {
          carrier {
            ...CarrierDrivers_carrier
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface DetachDriverHandlers {
  onDetached(): void;
  onFailed(message: string): void;
}

export function useDetachDriverMutation() {
  const [commit, isInFlight] = useMutation<DetachDriverMutation>(mutation);
  const detach = useCallback(
    (carrierId: string, userId: string, handlers: DetachDriverHandlers) =>
      commit({
        variables: { input: { carrierId, userId } },
        onCompleted: ({ detachDriver: result }) => {
          if (result.data) handlers.onDetached();
          else handlers.onFailed(result.message || DRIVER_CHANGE_FAILED);
        },
        onError: () => handlers.onFailed(DRIVER_CHANGE_FAILED),
      }),
    [commit],
  );
  return [detach, isInFlight] as const;
}

import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  RevokeInvitationInput,
  useRevokeInvitationMutation as RevokeInvitationMutation,
  useRevokeInvitationMutation$data,
} from "./__generated__/useRevokeInvitationMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useRevokeInvitationMutation($input: RevokeInvitationInput!) {
    revokeInvitation(input: $input) {
      __typename
      ... on MutationRevokeInvitationSuccess {
        data {
          invitation {
            id
            state
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Data = NonNullable<useRevokeInvitationMutation$data["revokeInvitation"]["data"]>;

export function useRevokeInvitationMutation() {
  const [commit, isInFlight] = useMutation<RevokeInvitationMutation>(mutation);
  const run = useCallback(
    (input: RevokeInvitationInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.revokeInvitation, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  InviteUserInput,
  useInviteUserMutation as InviteUserMutation,
  useInviteUserMutation$data,
} from "./__generated__/useInviteUserMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useInviteUserMutation($input: InviteUserInput!) {
    inviteUser(input: $input) {
      __typename
      ... on MutationInviteUserSuccess {
        data {
          invitation {
            email
            expiresAt
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
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`;

type Data = NonNullable<useInviteUserMutation$data["inviteUser"]["data"]>;

export function useInviteUserMutation() {
  const [commit, isInFlight] = useMutation<InviteUserMutation>(mutation);
  const run = useCallback(
    (input: InviteUserInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.inviteUser, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

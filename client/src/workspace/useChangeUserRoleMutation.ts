import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  ChangeUserRoleInput,
  useChangeUserRoleMutation as ChangeUserRoleMutation,
  useChangeUserRoleMutation$data,
} from "./__generated__/useChangeUserRoleMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useChangeUserRoleMutation($input: ChangeUserRoleInput!) {
    changeUserRole(input: $input) {
      __typename
      ... on MutationChangeUserRoleSuccess {
        data {
          user {
            ...UserRow_user
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

type Data = NonNullable<useChangeUserRoleMutation$data["changeUserRole"]["data"]>;

export function useChangeUserRoleMutation() {
  const [commit, isInFlight] = useMutation<ChangeUserRoleMutation>(mutation);
  const run = useCallback(
    (input: ChangeUserRoleInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.changeUserRole, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  SetUserDisabledInput,
  useSetUserDisabledMutation as SetUserDisabledMutation,
  useSetUserDisabledMutation$data,
} from "./__generated__/useSetUserDisabledMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useSetUserDisabledMutation($input: SetUserDisabledInput!) {
    setUserDisabled(input: $input) {
      __typename
      ... on MutationSetUserDisabledSuccess {
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

type Data = NonNullable<useSetUserDisabledMutation$data["setUserDisabled"]["data"]>;

export function useSetUserDisabledMutation() {
  const [commit, isInFlight] = useMutation<SetUserDisabledMutation>(mutation);
  const run = useCallback(
    (input: SetUserDisabledInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.setUserDisabled, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  EndUserSessionsInput,
  useEndUserSessionsMutation as EndUserSessionsMutation,
  useEndUserSessionsMutation$data,
} from "./__generated__/useEndUserSessionsMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useEndUserSessionsMutation($input: EndUserSessionsInput!) {
    endUserSessions(input: $input) {
      __typename
      ... on MutationEndUserSessionsSuccess {
        data {
          ended
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

type Data = NonNullable<useEndUserSessionsMutation$data["endUserSessions"]["data"]>;

export function useEndUserSessionsMutation() {
  const [commit, isInFlight] = useMutation<EndUserSessionsMutation>(mutation);
  const run = useCallback(
    (input: EndUserSessionsInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.endUserSessions, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

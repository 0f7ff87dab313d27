import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  AcceptInvitationInput,
  useAcceptInvitationMutation as AcceptInvitationMutation,
  useAcceptInvitationMutation$data,
} from "./__generated__/useAcceptInvitationMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

const mutation = graphql`
  mutation useAcceptInvitationMutation($input: AcceptInvitationInput!) {
    acceptInvitation(input: $input) {
      __typename
      ... on MutationAcceptInvitationSuccess {
        data {
          email
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

type Data = NonNullable<useAcceptInvitationMutation$data["acceptInvitation"]["data"]>;

export function useAcceptInvitationMutation() {
  const [commit, isInFlight] = useMutation<AcceptInvitationMutation>(mutation);
  const run = useCallback(
    (input: AcceptInvitationInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.acceptInvitation, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}

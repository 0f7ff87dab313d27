import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { readClaims } from "../lib/jwt.ts";
import { session } from "../lib/session.ts";
import { PLATFORM } from "../relay/graphql-http.ts";
import type { useLogoutMutation as LogoutMutation } from "./__generated__/useLogoutMutation.graphql";

const mutation = graphql`
  mutation useLogoutMutation($input: LogoutInput) {
    logout(input: $input) {
      __typename
    }
  }
`;

/** Ends the session on the server (which clears the refresh cookie), then here; /login follows. */
export function useLogoutMutation() {
  const [commit, isInFlight] = useMutation<LogoutMutation>(mutation);
  const logout = useCallback(() => {
    const userId = readClaims(session.getState().token)?.sub;
    const finish = () => session.end();
    commit({
      variables: { input: { _id: userId ?? null, platform: PLATFORM } },
      onCompleted: finish,
      onError: finish,
    });
  }, [commit]);
  return [logout, isInFlight] as const;
}

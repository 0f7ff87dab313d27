import { useEffect } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { session } from "../../lib/session.ts";
import { endSession } from "../../relay/end-session.ts";
import { NetworkError } from "../../relay/graphql-http.ts";
import type { SessionWatcherQuery } from "./__generated__/SessionWatcherQuery.graphql";

export const SESSION_CHECK_INTERVAL_MS = 5 * 60_000;

const query = graphql`
  query SessionWatcherQuery {
    checkSession {
      valid
    }
  }
`;

/**
 * Spec section 4: the session is checked every 5 minutes (the layout's own query is the check at
 * start). A refused check logs out on the server with the user id and platform, clears the token
 * and role, and the guards go to /login. An unreachable server is not a refusal: try next time.
 */
export function SessionWatcher() {
  const environment = useRelayEnvironment();
  useEffect(() => {
    const check = () =>
      fetchQuery<SessionWatcherQuery>(environment, query, {}, { fetchPolicy: "network-only" })
        .toPromise()
        .catch((error: unknown) => {
          if (!(error instanceof NetworkError)) endSession(session, null);
        });
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [environment]);
  return null;
}

import { SESSION_ENDED_MESSAGE as SESSION_ENDED } from "../../../common/session-messages.ts";
import { readClaims } from "../lib/jwt.ts";
import type { SessionStore } from "../lib/session-store.ts";
import { PLATFORM, postGraphQL } from "./graphql-http.ts";

const LOGOUT = "mutation EndSessionLogout($input: LogoutInput) { logout(input: $input) { __typename } }";

/**
 * Ends the session on this side and asks the server to do the same (spec section 4: logout with
 * the user id and platform 'desktop', which also clears the refresh cookie). With a message the
 * user sees it in a dialog; the guards then send them to /login.
 */
export function endSession(
  session: SessionStore,
  message: string | null,
  options: { dialog?: boolean } = {},
) {
  const { token } = session.getState();
  if (!token) return;
  const userId = readClaims(token)?.sub;
  const body = JSON.stringify({
    query: LOGOUT,
    operationName: "EndSessionLogout",
    variables: { input: { ...(userId ? { _id: userId } : {}), platform: PLATFORM } },
  });
  void postGraphQL(body, token).catch(() => undefined);
  const showDialog = options.dialog ?? message !== null;
  session.end(showDialog ? { message: message || SESSION_ENDED, kind: "dialog", severity: "warning" } : null);
}

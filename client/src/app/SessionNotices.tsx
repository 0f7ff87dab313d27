import { session } from "../lib/session.ts";
import { deferredUntil } from "../ui/deferred.tsx";
import { useLastShown } from "../ui/useLastShown.ts";
import type { SessionNoticePopupsProps } from "./SessionNoticePopups.tsx";
import { useSession } from "./useSession.ts";

// The dialog and snackbar load when the first notice comes (issue 27: not on the first screen).
const SessionNoticePopups = deferredUntil<SessionNoticePopupsProps>(
  () => import("./SessionNoticePopups.tsx"),
  (props) => props.notice !== null,
);

/**
 * What the spec calls alerts about the session: a dialog when it ended, a snackbar otherwise.
 * The snackbar shows once: closing it, its timeout or logging out drops it from the session store.
 */
export function SessionNotices() {
  const { notice } = useSession();
  const shown = useLastShown(notice);
  return <SessionNoticePopups notice={notice} shown={shown} onClose={() => session.dismissNotice()} />;
}

import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Suspense, useEffect, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Outlet } from "react-router-dom";
import { homeFor } from "../../lib/paths.ts";
import { session } from "../../lib/session.ts";
import { setStoredZone } from "../../lib/viewer-zone.ts";
import { warmDeferredParts } from "../../ui/deferred.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { ShortcutsHelp } from "../../ui/ShortcutsHelp.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "../../ui/SkipLink.tsx";
import { ApprovalBanner } from "../../workspace/ApprovalBanner.tsx";
import { RelayProvider } from "../RelayProvider.tsx";
import { useSession } from "../useSession.ts";
import type { AppLayoutQuery } from "./__generated__/AppLayoutQuery.graphql";
import { Header, type HeaderProps } from "./Header.tsx";
import { LastDataUpdate } from "./LastDataUpdate.tsx";
import type { Area } from "./navigation.tsx";
import { SessionWatcher } from "./SessionWatcher.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { useAfterFirstScreen } from "./useAfterFirstScreen.ts";

interface AppLayoutProps {
  area: Area;
}

/**
 * The signed-in frame: sidebar and bar at once; the user's own parts (their menu, notifications,
 * the approval banner) and the screen once the session check answers (both were started at
 * navigation, with the screen's own query: app/screen-preloads.ts).
 */
export default function AppLayout({ area }: AppLayoutProps) {
  return (
    <RelayProvider>
      <AppFrame area={area} />
    </RelayProvider>
  );
}

const SESSION_QUERY = graphql`
  query AppLayoutQuery {
    checkSession {
      user {
        role
        timeZone
        ...Header_user
        ...ApprovalBanner_user
      }
    }
  }
`;

function useSessionUser() {
  return useLazyLoadQuery<AppLayoutQuery>(SESSION_QUERY, {}).checkSession.user;
}

function AppFrame({ area }: AppLayoutProps) {
  const { role } = useSession();
  const permanent = useMediaQuery((theme) => theme.breakpoints.up("md"), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerProps = { permanentSidebar: permanent, onOpenSidebar: () => setMobileOpen(true) };
  // The dialogs, menus and bars the first screen left out: fetched once a screen has shown its data
  // (never before: on a slow machine they would only delay it), ahead of a first opening.
  const afterFirstScreen = useAfterFirstScreen(null);
  useEffect(() => {
    if (afterFirstScreen) warmDeferredParts();
  }, [afterFirstScreen]);

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <SessionWatcher />
      <ShortcutsHelp />
      <Suspense fallback={<Header user={null} {...headerProps} />}>
        <SessionHeader {...headerProps} />
      </Suspense>
      <Sidebar
        area={area}
        home={homeFor(role)}
        permanent={permanent}
        mobileOpen={mobileOpen}
        onClose={() => setMobileOpen(false)}
      />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, "&:focus": { outline: "none" } }}
      >
        <Toolbar />
        <LastDataUpdate sx={{ display: { xs: "block", sm: "none" }, mb: 1 }} />
        <Suspense fallback={<Loading />}>
          <SignedInScreen area={area} />
        </Suspense>
      </Box>
    </Box>
  );
}

function SessionHeader(props: Omit<HeaderProps, "user">) {
  return <Header user={useSessionUser()} {...props} />;
}

/** The screen, in the user's time zone and with the server's word on their role. */
function SignedInScreen({ area }: AppLayoutProps) {
  const user = useSessionUser();
  // Every date below is shown and read in the user's zone (common/date-time.ts).
  // Set while rendering, so the screens' first render already uses it; public pages get the default back.
  setStoredZone(user.timeZone);
  useEffect(() => {
    setStoredZone(user.timeZone);
    return () => void setStoredZone(null);
  }, [user.timeZone]);
  useEffect(() => session.confirmRole(user.role), [user.role]);
  return (
    <>
      {area === "carrier" ? <ApprovalBanner user={user} /> : null}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

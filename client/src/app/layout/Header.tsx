import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import { lazy, Suspense } from "react";
import { graphql, useFragment } from "react-relay";
import { HeaderSearchSlot } from "../../search/HeaderSearchSlot.tsx";
import type { Header_user$key } from "./__generated__/Header_user.graphql";
import { LastDataUpdate } from "./LastDataUpdate.tsx";
import { DRAWER_WIDTH } from "./Sidebar.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { useAfterFirstScreen } from "./useAfterFirstScreen.ts";

// Loaded once the screen is up (useAfterFirstScreen): not needed to show the first screen. The
// search's '/' works from the start (HeaderSearchSlot).
const NotificationBell = lazy(() =>
  import("../../notifications/NotificationBell.tsx").then((module) => ({ default: module.NotificationBell })),
);

export interface HeaderProps {
  /** Null while the session check is on its way: the bar shows without the user's own parts. */
  user: Header_user$key | null;
  permanentSidebar: boolean;
  onOpenSidebar(): void;
}

export function Header({ user, permanentSidebar, onOpenSidebar }: HeaderProps) {
  const data = useFragment(
    graphql`
      fragment Header_user on User {
        role
        ...UserMenu_user
        ...NotificationBell_user
      }
    `,
    user,
  );
  const bellShown = useAfterFirstScreen();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: "divider",
        width: permanentSidebar ? `calc(100% - ${DRAWER_WIDTH}px)` : "100%",
        ml: permanentSidebar ? `${DRAWER_WIDTH}px` : 0,
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        {permanentSidebar ? null : (
          <IconButton edge="start" aria-label="Open navigation" onClick={onOpenSidebar}>
            <MenuIcon />
          </IconButton>
        )}
        {/* Operators only: a carrier's loads are its offers, searched on the Active Offers screen
            itself, and no carrier screen shows routes, carriers, invoices or bills. */}
        {data?.role === "ADMIN" ? <HeaderSearchSlot /> : null}
        <Box sx={{ flex: { xs: 0, md: 1 } }} />
        <LastDataUpdate sx={{ display: { xs: "none", sm: "block" }, whiteSpace: "nowrap" }} />
        {data ? (
          <>
            <Suspense fallback={null}>{bellShown ? <NotificationBell user={data} /> : null}</Suspense>
            <UserMenu user={data} />
          </>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}

import type { DialogProps } from "@mui/material/Dialog";
import type { DrawerProps } from "@mui/material/Drawer";
import type { MenuProps } from "@mui/material/Menu";
import type { SnackbarProps } from "@mui/material/Snackbar";
import { untilOpened } from "./deferred.tsx";

// MUI's overlays for the first screen's parts (the frame, the home screens): the same components,
// with their transitions, backdrop and focus trap, loaded when they first open (ui/deferred.tsx).
// Drawer is for a temporary drawer only (a permanent one is open from the start).
export const Dialog = untilOpened<DialogProps>(() => import("@mui/material/Dialog"));
export const Drawer = untilOpened<DrawerProps>(() => import("@mui/material/Drawer"));
export const Menu = untilOpened<MenuProps>(() => import("@mui/material/Menu"));
export const Snackbar = untilOpened<SnackbarProps>(() => import("@mui/material/Snackbar"));

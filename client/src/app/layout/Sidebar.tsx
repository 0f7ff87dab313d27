import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Paper from "@mui/material/Paper";
import type { SxProps, Theme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { isUnder } from "../../lib/paths.ts";
import { BrandMark } from "../../ui/BrandMark.tsx";
import { Drawer } from "../../ui/overlays.ts";
import { type Area, NAVIGATION } from "./navigation.tsx";

export const DRAWER_WIDTH = 248;

/** The keyboard focus ring (app/theme.ts), inside the item: the sidebar scrolls and would clip it. */
const FOCUS_RING = { outline: "3px solid #0267a6", outlineOffset: -3 } as const;

/**
 * What MUI's dense List, ListSubheader, ListItem (disablePadding), ListItemButton, ListItemIcon and
 * ListItemText draw, with the theme's ListItemButton overrides (app/theme.ts): the sidebar is their
 * markup and class names styled here once, so those components (2.7 KB Brotli) stay off the first
 * screens. The links stay ButtonBase (ripple, keyboard focus).
 */
const NAV_SX: SxProps<Theme> = (theme) => {
  const { action, primary } = theme.palette;
  return {
    overflowY: "auto",
    "& .MuiList-root": {
      listStyle: "none",
      margin: 0,
      padding: "0 0 8px",
      position: "relative",
      isolation: "isolate",
    },
    "& .MuiListSubheader-root": {
      boxSizing: "border-box",
      listStyle: "none",
      color: theme.palette.text.secondary,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(14),
      fontWeight: 700,
      lineHeight: "32px",
      padding: "0 16px",
      position: "sticky",
      top: 0,
      zIndex: 1,
      backgroundColor: "transparent",
    },
    "& .MuiListItem-root": {
      display: "flex",
      justifyContent: "flex-start",
      alignItems: "center",
      position: "relative",
      textDecoration: "none",
      width: "100%",
      boxSizing: "border-box",
      textAlign: "left",
    },
    "& .MuiListItemButton-root": {
      display: "flex",
      flexGrow: 1,
      justifyContent: "flex-start",
      alignItems: "center",
      position: "relative",
      textDecoration: "none",
      minWidth: 0,
      boxSizing: "border-box",
      textAlign: "left",
      padding: "4px 16px",
      margin: "0 8px",
      borderRadius: 2, // sx: twice the theme's 10 px, as ListItemButton's sx had it
      transition: theme.transitions.create("background-color", {
        duration: theme.transitions.duration.shortest,
      }),
      "&:hover": {
        textDecoration: "none",
        backgroundColor: action.hover,
        "@media (hover: none)": { backgroundColor: "transparent" },
      },
      "&.Mui-selected": { backgroundColor: theme.alpha(primary.main, action.selectedOpacity) },
      "&.Mui-selected:hover": {
        backgroundColor: theme.alpha(primary.main, action.selectedOpacity + action.hoverOpacity),
        "@media (hover: none)": { backgroundColor: theme.alpha(primary.main, action.selectedOpacity) },
      },
      "&.Mui-focusVisible": { ...FOCUS_RING, backgroundColor: "transparent" },
      "&.Mui-selected.Mui-focusVisible": { backgroundColor: "rgba(18, 53, 91, 0.12)" },
    },
    "& .MuiListItemIcon-root": {
      minWidth: 36,
      color: action.active,
      flexShrink: 0,
      display: "inline-flex",
    },
    "& .MuiListItemText-root": { flex: "1 1 auto", minWidth: 0, margin: "4px 0" },
    "& .MuiListItemText-primary": {
      display: "block",
      margin: 0,
      fontFamily: theme.typography.body2.fontFamily,
      fontWeight: theme.typography.body2.fontWeight,
      fontSize: theme.typography.body2.fontSize,
      lineHeight: theme.typography.body2.lineHeight,
      letterSpacing: theme.typography.body2.letterSpacing,
    },
  };
};

interface SidebarProps {
  area: Area;
  home: string;
  permanent: boolean;
  mobileOpen: boolean;
  onClose(): void;
}

function SidebarContent({ area, home, onNavigate }: { area: Area; home: string; onNavigate(): void }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Main navigation" sx={NAV_SX}>
      <Toolbar sx={{ px: 2 }}>
        <RouterLink to={home} onClick={onNavigate} style={{ color: "inherit", textDecoration: "none" }}>
          <BrandMark />
        </RouterLink>
      </Toolbar>
      {NAVIGATION[area].map((group) => (
        <ul key={group.title} className="MuiList-root MuiList-dense MuiList-subheader">
          <li className="MuiListSubheader-root MuiListSubheader-gutters MuiListSubheader-sticky">
            {group.title}
          </li>
          {group.items.map((item) => {
            const selected = isUnder(pathname, item.to);
            return (
              <li key={item.to} className="MuiListItem-root MuiListItem-dense">
                <ButtonBase
                  component={RouterLink}
                  to={item.to}
                  className={`MuiListItemButton-root MuiListItemButton-dense MuiListItemButton-gutters${selected ? " Mui-selected" : ""}`}
                  aria-current={selected ? "page" : undefined}
                  onClick={onNavigate}
                >
                  <div className="MuiListItemIcon-root">{item.icon}</div>
                  <div className="MuiListItemText-root MuiListItemText-dense">
                    <span className="MuiTypography-root MuiTypography-body2 MuiListItemText-primary">
                      {item.label}
                    </span>
                  </div>
                </ButtonBase>
              </li>
            );
          })}
        </ul>
      ))}
    </Box>
  );
}

/**
 * Permanent on wide screens: what MUI's permanent Drawer renders (its classes and styles), without
 * the Drawer's modal and slide code on the first screen. On phones and tablets, MUI's temporary
 * Drawer, which slides in (its code loads when first opened).
 */
export function Sidebar({ area, home, permanent, mobileOpen, onClose }: SidebarProps) {
  if (permanent) {
    return (
      <Box
        className="MuiDrawer-root MuiDrawer-anchorLeft MuiDrawer-docked"
        sx={{ flex: "0 0 auto", width: DRAWER_WIDTH, flexShrink: 0 }}
      >
        <Paper
          elevation={0}
          square
          className="MuiDrawer-paper"
          sx={{
            overflowY: "auto",
            display: "flex",
            flexDirection: "column",
            height: "100%",
            flex: "1 0 auto",
            zIndex: "drawer",
            position: "fixed",
            top: 0,
            left: 0,
            outline: 0,
            borderRight: 1,
            borderColor: "divider",
            width: DRAWER_WIDTH,
            boxSizing: "border-box",
          }}
        >
          <SidebarContent area={area} home={home} onNavigate={() => undefined} />
        </Paper>
      </Box>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={mobileOpen}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" } }}
    >
      <SidebarContent area={area} home={home} onNavigate={onClose} />
    </Drawer>
  );
}

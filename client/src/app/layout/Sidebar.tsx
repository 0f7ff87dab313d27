import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Paper from "@mui/material/Paper";
import Toolbar from "@mui/material/Toolbar";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { isUnder } from "../../lib/paths.ts";
import { BrandMark } from "../../ui/BrandMark.tsx";
import { Drawer } from "../../ui/overlays.ts";
import { type Area, NAVIGATION } from "./navigation.tsx";

export const DRAWER_WIDTH = 248;

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
    <Box component="nav" aria-label="Main navigation" sx={{ overflowY: "auto" }}>
      <Toolbar sx={{ px: 2 }}>
        <RouterLink to={home} onClick={onNavigate} style={{ color: "inherit", textDecoration: "none" }}>
          <BrandMark />
        </RouterLink>
      </Toolbar>
      {NAVIGATION[area].map((group) => (
        <List
          key={group.title}
          dense
          subheader={
            <ListSubheader sx={{ bgcolor: "transparent", lineHeight: "32px", fontWeight: 700 }}>
              {group.title}
            </ListSubheader>
          }
        >
          {group.items.map((item) => {
            const selected = isUnder(pathname, item.to);
            return (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.to}
                  selected={selected}
                  aria-current={selected ? "page" : undefined}
                  onClick={onNavigate}
                  sx={{ mx: 1, borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
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

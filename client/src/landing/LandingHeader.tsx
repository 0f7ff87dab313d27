import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Toolbar from "@mui/material/Toolbar";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { BrandMark } from "../ui/BrandMark.tsx";
import { SECTION_LINKS } from "./content.ts";

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <Toolbar sx={{ gap: 1 }}>
        <Box
          component="a"
          href="#top"
          sx={{ textDecoration: "none", mr: 2 }}
          aria-label="Freightway, top of page"
        >
          <BrandMark />
        </Box>
        <Box
          component="nav"
          aria-label="Sections"
          sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, flex: 1 }}
        >
          {SECTION_LINKS.map((link) => (
            <Button key={link.href} href={link.href} color="inherit">
              {link.label}
            </Button>
          ))}
          <Button href="#testimonials" color="inherit">
            Testimonials
          </Button>
        </Box>
        <Box sx={{ flex: { xs: 1, md: 0 } }} />
        <Button
          component={RouterLink}
          to="/login"
          color="primary"
          sx={{ display: { xs: "none", sm: "inline-flex" } }}
        >
          Log in
        </Button>
        <Button component={RouterLink} to="/signup" variant="contained" color="secondary">
          Sign up
        </Button>
        <IconButton
          aria-label="Open sections menu"
          onClick={() => setMenuOpen(true)}
          sx={{ display: { xs: "inline-flex", md: "none" } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)}>
        <List sx={{ width: 240 }} aria-label="Sections">
          {[...SECTION_LINKS, { label: "Testimonials", href: "#testimonials" }].map((link) => (
            <ListItemButton key={link.href} component="a" href={link.href} onClick={() => setMenuOpen(false)}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
          <ListItemButton component={RouterLink} to="/login">
            <ListItemText primary="Log in" />
          </ListItemButton>
        </List>
      </Drawer>
    </AppBar>
  );
}

import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import { lazy, Suspense, useState } from "react";
import { BrandMark } from "../ui/BrandMark.tsx";
import { SECTION_LINKS } from "./content.ts";

const SectionsMenu = lazy(() => import("./SectionsMenu.tsx"));

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first tap on, so the drawer can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);
  const handleMenuOpen = () => {
    setMenuWanted(true);
    setMenuOpen(true);
  };
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
        <Button href="/login" color="primary" sx={{ display: { xs: "none", sm: "inline-flex" } }}>
          Log in
        </Button>
        <Button href="/signup" variant="contained" color="secondary">
          Sign up
        </Button>
        <IconButton
          aria-label="Open sections menu"
          onClick={handleMenuOpen}
          sx={{ display: { xs: "inline-flex", md: "none" } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuWanted ? (
        <Suspense fallback={null}>
          <SectionsMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}

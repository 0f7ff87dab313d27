import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { BrandMark } from "../ui/BrandMark.tsx";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";
import { VISUALLY_HIDDEN } from "../ui/visually-hidden.ts";

export interface AuthTab {
  label: string;
  to: string;
}

export const LOGIN_TABS: AuthTab[] = [
  { label: "Login", to: "/login" },
  { label: "Sign Up", to: "/signup" },
];

interface AuthLayoutProps {
  tabs: AuthTab[];
  current: string;
  /**
   * The page's h1 for screen readers and outlines, where the form shows no heading of its own (the
   * tabs already say it to sighted users).
   */
  heading?: string;
  children: ReactNode;
}

/** The card the login, sign-up and forgot-password forms sit in, with their tabs on top. */
export function AuthLayout({ tabs, current, heading, children }: AuthLayoutProps) {
  useDocumentTitle(tabs.find((tab) => tab.to === current)?.label ?? "Sign in");
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        alignItems: { xs: "flex-start", sm: "center" },
        justifyContent: "center",
        px: 2,
        py: { xs: 3, sm: 6 },
        background: "linear-gradient(160deg, #0c2340 0%, #12355b 55%, #1d4e80 100%)",
      }}
    >
      <Paper elevation={6} sx={{ width: "100%", maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        {heading ? (
          <Typography component="h1" sx={VISUALLY_HIDDEN}>
            {heading}
          </Typography>
        ) : null}
        <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
          <RouterLink to="/" style={{ textDecoration: "none" }} aria-label="Freightway home">
            <BrandMark />
          </RouterLink>
        </Box>
        <Tabs value={current} variant="fullWidth" sx={{ mb: 3 }} aria-label="Account">
          {tabs.map((tab) => (
            <Tab key={tab.to} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
          ))}
        </Tabs>
        {children}
      </Paper>
    </Box>
  );
}

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { BrandMark } from "../ui/BrandMark.tsx";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";

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
  children: ReactNode;
}

/** The card the login, sign-up and forgot-password forms sit in, with their tabs on top. */
export function AuthLayout({ tabs, current, children }: AuthLayoutProps) {
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

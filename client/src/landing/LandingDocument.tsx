import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { StrictMode } from "react";
import { theme } from "../app/theme.ts";
import LandingPage from "./LandingPage.tsx";

/** Everything landing.html holds: rendered at build time and hydrated in the browser, the same tree. */
export function LandingDocument() {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LandingPage />
      </ThemeProvider>
    </StrictMode>
  );
}

import "./lib/zod-jitless.ts";
// Before React, MUI and Relay evaluate: starts the screen's data (vite.config.ts keeps its chunk free of them).
import "./app/preload-first-screen.ts";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { unstable_HistoryRouter as HistoryRouter, useRoutes } from "react-router-dom";
import { appHistory } from "./app/history.ts";
import { preloadScreen } from "./app/screen-preloads.ts";
import { theme } from "./app/theme.ts";
import { routes } from "./routes.tsx";

// The first screen's data started with ./app/preload-first-screen.ts; a route change's starts here.
appHistory.listen(({ location }) => preloadScreen(location));

function AppRoutes() {
  return useRoutes(routes);
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <HistoryRouter history={appHistory}>
        <AppRoutes />
      </HistoryRouter>
    </ThemeProvider>
  </StrictMode>,
);

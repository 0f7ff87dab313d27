import "./lib/zod-jitless.ts";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { preloadScreen } from "./app/screen-preloads.ts";
import { theme } from "./app/theme.ts";
import { routes } from "./routes.tsx";

// The screen's data starts now, while its code loads; then on every route change.
preloadScreen(window.location);
const router = createBrowserRouter(routes);
router.subscribe((state) => preloadScreen(state.location));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  </StrictMode>,
);

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import relay from "vite-plugin-relay";
import { preloadRoutes } from "./preload-routes.ts";

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    relay,
    react(),
    preloadRoutes({
      "/": "src/landing/LandingPage.tsx",
      "/login": "src/auth/LoginPage.tsx",
      "/signup": "src/auth/SignupPage.tsx",
      "/admin/*": "src/app/layout/AppLayout.tsx",
      "/carrier/*": "src/app/layout/AppLayout.tsx",
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:4000",
      "/graphql": { target: "http://localhost:4000", ws: true },
    },
  },
});

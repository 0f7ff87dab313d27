import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import relay from "vite-plugin-relay";
import { precompress } from "./precompress.ts";
import { preloadRoutes } from "./preload-routes.ts";
import { prerenderLanding } from "./prerender-landing.ts";

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    relay,
    react(),
    preloadRoutes({
      "/login": "src/auth/LoginPage.tsx",
      "/signup": "src/auth/SignupPage.tsx",
      "/admin/*": "src/app/layout/AppLayout.tsx",
      "/carrier/*": "src/app/layout/AppLayout.tsx",
    }),
    prerenderLanding([relay, react()]),
    precompress(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // landing.html is "/" (rendered at build time, hydrated without the router or Relay);
    // index.html is the app for every other path.
    rollupOptions: {
      input: {
        index: decodeURIComponent(new URL("index.html", import.meta.url).pathname),
        landing: decodeURIComponent(new URL("landing.html", import.meta.url).pathname),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:4000",
      "/graphql": { target: "http://localhost:4000", ws: true },
    },
  },
});

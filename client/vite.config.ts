import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import relay from "vite-plugin-relay";

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [relay, react()],
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

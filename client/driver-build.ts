import { join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import relay from "vite-plugin-relay";
import { DRIVER_MANIFEST, DRIVER_SCOPE, DRIVER_SW } from "./driver-manifest.ts";

const fromHere = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/**
 * The driver app (/driver) as its own build into the same output folder, run when the main build
 * has written its files: one shared chunk grouping (React with MUI) would otherwise pull MUI into
 * the driver's first load. Its files are prefixed `driver-` so the service worker precaches
 * exactly them (the shell, its chunks and icons), not the admin screens. Runs before the main
 * build's precompress step so its files get .br/.gz twins too.
 */
export function driverApp(): Plugin {
  let outDir = "";
  let mode = "production";
  return {
    name: "freightway:driver-app",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    closeBundle: {
      order: "pre",
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root: fromHere("."),
          mode,
          logLevel: "warn",
          publicDir: false,
          resolve: {
            alias: [{ find: /^react-relay$/, replacement: fromHere("../node_modules/react-relay/hooks.js") }],
          },
          plugins: [
            relay,
            react(),
            VitePWA({
              injectRegister: false,
              filename: DRIVER_SW,
              manifestFilename: "driver.webmanifest",
              scope: DRIVER_SCOPE,
              includeManifestIcons: false,
              manifest: DRIVER_MANIFEST,
              workbox: {
                globDirectory: outDir,
                globPatterns: ["driver.html", "assets/driver-*.{js,css}", "driver-icon-*.png"],
                navigateFallback: "/driver.html",
                navigateFallbackAllowlist: [/^\/driver(?:\/|$)/],
                inlineWorkboxRuntime: true,
                cleanupOutdatedCaches: true,
                clientsClaim: true,
                skipWaiting: true,
                // The API is never cached: the app keeps its own queue for writes.
                runtimeCaching: [],
              },
            }),
          ],
          build: {
            outDir,
            emptyOutDir: false,
            sourcemap: false,
            target: "es2022",
            rolldownOptions: {
              input: { driver: join(fromHere("."), "driver.html") },
              output: {
                entryFileNames: "assets/driver-[name]-[hash].js",
                chunkFileNames: "assets/driver-[name]-[hash].js",
                assetFileNames: "assets/driver-[name]-[hash][extname]",
              },
            },
          },
        });
      },
    },
  };
}

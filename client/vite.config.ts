import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import relay from "vite-plugin-relay";
import { driverApp } from "./driver-build.ts";
import { firstScreenChunks } from "./first-screen-chunks.ts";
import { precompress } from "./precompress.ts";
import { preloadRoutes } from "./preload-routes.ts";
import { prerenderLanding } from "./prerender-landing.ts";

const fromHere = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);
const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  root: "client",
  resolve: {
    alias: [
      // The parts of Relay the app uses: the packages' indexes also bundle the legacy containers,
      // entry points, updatable queries and experimental APIs (CommonJS, kept whole). See the files.
      { find: /^react-relay$/, replacement: fromHere("src/relay/react-relay.cjs") },
      { find: /^relay-runtime$/, replacement: fromHere("src/relay/relay-runtime.cjs") },
      { find: /^\.\/useFragmentInternal_CURRENT$/, replacement: fromHere("src/relay/unused-hook.cjs") },
      // MUI's CSS-variables theming, which the app's theme does not use (see the file).
      {
        find: /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/,
        replacement: fromHere("src/app/css-vars-theme-unsupported.ts"),
      },
      // React Router's package exports only its development build; the production one has no dev checks.
      {
        find: /^react-router$/,
        replacement: fromHere("../node_modules/react-router/dist/production/index.mjs"),
      },
      {
        find: /^react-router\/dom$/,
        replacement: fromHere("../node_modules/react-router/dist/production/dom-export.mjs"),
      },
    ],
  },
  publicDir: "public",
  plugins: [
    relay,
    react(),
    preloadRoutes({
      "/admin/ila/load": ["src/app/layout/AppLayout.tsx", "src/loads/LoadListRoute.tsx"],
      "/carrier/carrier-portal/active-offers": [
        "src/app/layout/AppLayout.tsx",
        "src/offers/CarrierActiveOffersRoute.tsx",
      ],
      "/login": "src/auth/LoginPage.tsx",
      "/signup": "src/auth/SignupPage.tsx",
      "/admin/*": "src/app/layout/AppLayout.tsx",
      "/carrier/*": "src/app/layout/AppLayout.tsx",
    }),
    prerenderLanding([relay, react()]),
    // The driver PWA (/driver): its own build into the same folder, before the .br/.gz twins are written.
    driverApp(),
    precompress(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // Browsers of the last two years run it as is: no down-levelled syntax or helpers.
    target: "es2022",
    chunkSizeWarningLimit: 700,
    // Every browser the target admits supports <link rel="modulepreload">: no polyfill file.
    modulePreload: { polyfill: false },
    // landing.html is "/" (rendered at build time, hydrated without the router or Relay);
    // index.html is the app for every other path.
    rolldownOptions: {
      input: {
        index: fromHere("index.html"),
        landing: fromHere("landing.html"),
      },
      // Fewer, larger files on the first screen: React with MUI's core (landing and app share it),
      // Relay (the app and the landing's contact form only), the signed-in frame and each home
      // screen with what they import. The rest splits by route.
      output: {
        codeSplitting: {
          groups: [
            firstScreenChunks(
              fromHere("src/main.tsx"),
              fromHere("src/landing/main.tsx"),
              fromHere("src/app/layout/AppLayout.tsx"),
              {
                "admin-home": fromHere("src/loads/LoadListRoute.tsx"),
                "carrier-home": fromHere("src/offers/CarrierActiveOffersRoute.tsx"),
              },
              [fromHere("src/lib/zod-jitless.ts"), fromHere("src/app/preload-first-screen.ts")],
              [
                [
                  "react-mui",
                  nodeModule(
                    "react|react-dom|scheduler|react-is|@emotion|@mui[\\\\/](system|utils|styled-engine|private-theming)|@mui[\\\\/]material[\\\\/](styles|utils|internal|ButtonBase|Paper|Typography|SvgIcon|Box|CssBaseline|GlobalStyles|Button|IconButton|CircularProgress|useMediaQuery|transitions)|@babel[\\\\/]runtime|clsx|prop-types|stylis|hoist-non-react-statics|react-transition-group",
                  ),
                ],
                ["frame", nodeModule("relay-runtime|react-relay|invariant|fbjs")],
              ],
            ),
          ],
        },
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

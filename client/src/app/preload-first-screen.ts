import { preloadScreen } from "./screen-preloads.ts";

// Imported by the app's entry before anything else (but zod's switch): its chunk imports neither React
// nor MUI nor Relay (vite.config.ts), so the page's queries leave as soon as the first screen's
// code is in, while those frameworks evaluate, instead of after them.
preloadScreen(window.location);

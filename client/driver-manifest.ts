import type { ManifestOptions } from "vite-plugin-pwa";

/** Where the driver app lives: the service worker controls these paths only. */
export const DRIVER_SCOPE = "/driver";
export const DRIVER_SW = "driver-sw.js";

/** Dark navy on white: the app's own colours, readable in daylight. */
export const DRIVER_THEME_COLOR = "#0b1220";

export const DRIVER_MANIFEST: Partial<ManifestOptions> = {
  id: "/driver",
  name: "Freightway Driver",
  short_name: "Driver",
  description: "Your trips, stops, location sharing and proof of delivery.",
  start_url: "/driver",
  scope: DRIVER_SCOPE,
  display: "standalone",
  orientation: "portrait",
  background_color: "#ffffff",
  theme_color: DRIVER_THEME_COLOR,
  icons: [
    { src: "/driver-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/driver-icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/driver-icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

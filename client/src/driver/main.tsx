import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DriverApp } from "./DriverApp.tsx";
import "./driver.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <DriverApp />
    </StrictMode>,
  );
}

// The service worker (vite-plugin-pwa's Workbox build) keeps the app's shell for offline starts.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void navigator.serviceWorker.register("/driver-sw.js", { scope: "/driver" });
  });
}

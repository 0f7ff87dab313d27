import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

function AppShell() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: 32 }}>
      <h1>Freightway</h1>
      <p>The client is on its way.</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppShell />
  </StrictMode>,
);

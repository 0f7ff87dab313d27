import "../lib/zod-jitless.ts";
import { hydrateRoot } from "react-dom/client";
import { guardDecision } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { LandingDocument } from "./LandingDocument.tsx";

// landing.html is served for "/" only. A signed-in visitor goes to their area, as the app's guard does.
const decision = guardDecision(window.location.pathname, session.getState(), window.location);
if (decision.kind === "redirect") window.location.replace(decision.to);
else hydrateRoot(document.getElementById("root")!, <LandingDocument />);

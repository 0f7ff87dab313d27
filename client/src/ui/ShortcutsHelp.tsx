import { useState } from "react";
import { untilOpened } from "./deferred.tsx";
import { useShortcuts } from "./shortcuts.ts";

// The dialog (with the list it builds) loads when '?' first opens it (issue 27).
const ShortcutsDialog = untilOpened(() => import("./ShortcutsDialog.tsx"));

/** '?' opens a dialog listing every shortcut the screen has registered, by group. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useShortcuts([
    { key: "?", description: "Show keyboard shortcuts", group: "General", run: () => setOpen(true) },
  ]);
  return <ShortcutsDialog open={open} onClose={() => setOpen(false)} />;
}

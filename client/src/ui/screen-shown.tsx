import { useEffect } from "react";

let shown = false;
const listeners = new Set<() => void>();

/** Whether a screen has shown its data since the page loaded. */
export const screenShown = () => shown;

export function subscribeScreenShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Rendered beside a screen's loaded content (inside its Suspense): commits when the data shows. */
export function ScreenShown() {
  useEffect(() => {
    if (shown) return;
    shown = true;
    for (const listener of listeners) listener();
  }, []);
  return null;
}

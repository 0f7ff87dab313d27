import { useEffect, useState, useSyncExternalStore } from "react";
import { lastDataArrival, subscribeDataArrivals } from "../../relay/data-freshness.ts";

let screenShown = false;
const listeners = new Set<() => void>();

function subscribeScreenShown(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Rendered beside the screen in the frame: its code is in and it has rendered. */
export function ScreenShown() {
  useEffect(() => {
    if (screenShown) return;
    screenShown = true;
    for (const listener of listeners) listener();
  }, []);
  return null;
}

/**
 * False until the first screen's code has rendered, data has arrived and the browser is idle
 * after that (at most `ms` later): for parts of the frame that should not compete with the
 * screen's own code and data on a cold load.
 */
export function useAfterFirstScreen(ms = 2000): boolean {
  const shown = useSyncExternalStore(subscribeScreenShown, () => screenShown);
  const dataArrived = useSyncExternalStore(subscribeDataArrivals, lastDataArrival) !== null;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!shown || !dataArrived) return;
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setReady(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setReady(true), { timeout: ms });
    return () => window.cancelIdleCallback(handle);
  }, [shown, dataArrived, ms]);
  return ready;
}

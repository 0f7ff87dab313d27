import { useEffect, useState, useSyncExternalStore } from "react";
import { lastDataArrival, subscribeDataArrivals } from "../../relay/data-freshness.ts";

/**
 * False until the first screen's data has arrived and the browser is idle after it (at most `ms`
 * later): for parts of the frame that should not compete with the screen's own code and data on a
 * cold load.
 */
export function useAfterFirstScreen(ms = 2000): boolean {
  const dataArrived = useSyncExternalStore(subscribeDataArrivals, lastDataArrival) !== null;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!dataArrived) return;
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setReady(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setReady(true), { timeout: ms });
    return () => window.cancelIdleCallback(handle);
  }, [dataArrived, ms]);
  return ready;
}

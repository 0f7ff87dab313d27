import { useEffect, useState, useSyncExternalStore } from "react";
import { screenShown, subscribeScreenShown } from "../../ui/screen-shown.tsx";

/** For a screen that never says it has shown its data (ui/screen-shown.tsx). */
const AT_THE_LATEST_MS = 3000;

/**
 * False until a screen has shown its data and the browser is idle after that (or `atTheLatestMs`
 * have passed; null: only then): for parts of the frame that should not compete with the screen's
 * own code, data and rendering on a cold load.
 */
export function useAfterFirstScreen(atTheLatestMs: number | null = AT_THE_LATEST_MS): boolean {
  const shown = useSyncExternalStore(subscribeScreenShown, screenShown);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (atTheLatestMs === null) return;
    const timer = setTimeout(() => setReady(true), atTheLatestMs);
    return () => clearTimeout(timer);
  }, [atTheLatestMs]);
  useEffect(() => {
    if (!shown) return;
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setReady(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }, [shown]);
  return ready;
}

import { useSyncExternalStore } from "react";
import { session } from "../lib/session.ts";
import type { SessionState } from "../lib/session-store.ts";

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState);
}

import { useSyncExternalStore } from "react";
import { type SyncState, syncStore } from "./sync.ts";

export function useSyncState(): SyncState {
  return useSyncExternalStore(syncStore.subscribe, syncStore.getState);
}

import { startTransition, useCallback, useState } from "react";
import type { MutationFailure } from "../../relay/mutation-failure.ts";

/**
 * Optimistic concurrency on an edit screen (security issue #24): the form sends the version it
 * shows; the server refuses a save over someone else's change with 409 and no field to blame
 * (a taken e-mail or number names its field). The screen then offers to reload the thing, which
 * replaces the form's values and the version its next save sends.
 */
export function isStaleEdit(failure: Pick<MutationFailure, "status" | "problems">): boolean {
  return failure.status === 409 && failure.problems.length === 0;
}

export const RELOAD = "Reload";

export const reloadNote = (thing: string) =>
  `Reloading shows the ${thing} as it is now; your unsaved changes are discarded.`;

export const reloadFailed = (thing: string) => `The ${thing} could not be reloaded. Try again.`;

/** Fetches the thing again from the server; `done` gets the error, or null once it is in the store. */
export type ReloadFetch = (done: (error: Error | null) => void) => void;

export interface StaleEdit {
  /** The last save was refused because the thing changed since the form read it. */
  stale: boolean;
  reloading: boolean;
  /** The reload failed: its text for the screen. */
  reloadError: string | null;
  /** Reads a failed save: stale or not. */
  noteFailure(failure: MutationFailure): void;
  /** Fetches the thing again; `onReloaded` runs once it is in the store (the form resets then). */
  reload(): void;
  /** Forgets a refusal (a new save, discarded edits). */
  clear(): void;
}

export function useStaleEdit(thing: string, fetch: ReloadFetch, onReloaded?: () => void): StaleEdit {
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const noteFailure = useCallback((failure: MutationFailure) => {
    setStale(isStaleEdit(failure));
    setReloadError(null);
  }, []);
  const clear = useCallback(() => {
    setStale(false);
    setReloadError(null);
  }, []);
  const reload = () => {
    setReloading(true);
    setReloadError(null);
    startTransition(() => {
      fetch((error) => {
        setReloading(false);
        if (error) {
          setReloadError(reloadFailed(thing));
          return;
        }
        setStale(false);
        onReloaded?.();
      });
    });
  };
  return { stale, reloading, reloadError, noteFailure, reload, clear };
}

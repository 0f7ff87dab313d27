import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * The one keyboard-shortcut registry. A screen (or the header) adds its shortcuts while it is
 * shown; the '?' dialog (`ShortcutsHelp`) lists whatever is registered. When two registrations
 * share a key, the newest one wins (a list screen's '/' beats the header's while the list is shown).
 * Keys are ignored while the user types in a field, inside a dialog, or with Ctrl/Alt/Meta held.
 */
export interface Shortcut {
  /** `KeyboardEvent.key`, e.g. "/", "n", "?". */
  key: string;
  /** What the help dialog shows for the key ("Enter", "↑ ↓"); defaults to `key`. */
  keyLabel?: string;
  description: string;
  /** The help dialog's heading for it ("Lists", "General"). */
  group: string;
  /** Absent for keys a component handles itself (Enter on a focused row): listed only. */
  run?(event: KeyboardEvent): void;
}

let entries: readonly Shortcut[] = [];
const listeners = new Set<() => void>();
let installed = false;

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return true;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}

function handleKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (typingIn(event.target)) return;
  const shortcut = entries.findLast((entry) => entry.key === event.key && entry.run);
  if (!shortcut?.run) return;
  event.preventDefault();
  shortcut.run(event);
}

function publish(next: readonly Shortcut[]) {
  entries = next;
  for (const listener of listeners) listener();
}

/** Adds a shortcut; the returned function removes it. */
export function addShortcut(shortcut: Shortcut): () => void {
  if (!installed && typeof document !== "undefined") {
    document.addEventListener("keydown", handleKeyDown);
    installed = true;
  }
  publish([...entries, shortcut]);
  return () => publish(entries.filter((entry) => entry !== shortcut));
}

export function registeredShortcuts(): readonly Shortcut[] {
  return entries;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shortcuts registered now (re-renders when they change). */
export function useRegisteredShortcuts(): readonly Shortcut[] {
  return useSyncExternalStore(subscribe, registeredShortcuts);
}

/**
 * Registers these shortcuts while the component is mounted. `run` may change on every render:
 * the newest one is called.
 */
export function useShortcuts(shortcuts: readonly Shortcut[]) {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  const signature = shortcuts
    .map((shortcut) => `${shortcut.group}|${shortcut.key}|${shortcut.description}`)
    .join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-register only when what is listed changes
  useEffect(() => {
    const removers = latest.current.map((shortcut, index) =>
      addShortcut({
        ...shortcut,
        run: shortcut.run ? (event) => latest.current[index]?.run?.(event) : undefined,
      }),
    );
    return () => {
      for (const remove of removers) remove();
    };
  }, [signature]);
}

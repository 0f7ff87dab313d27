import { useEffect, useRef, useState } from "react";
import { type Location, type To, UNSAFE_createBrowserHistory } from "react-router-dom";

/**
 * The app's one browser history, given to React Router's declarative router (main.tsx): its data
 * router (createBrowserRouter) is about 13 KB Brotli more on every first screen for one feature the
 * app uses, `useBlocker`. So a navigation is held here instead: React Router's links, `navigate` and
 * the browser's back and forward buttons all go through this object.
 */
const browser = UNSAFE_createBrowserHistory({ v5Compat: true });
type Listener = Parameters<typeof browser.listen>[0];
type Update = Parameters<Listener>[0];

type Where = Pick<Location, "pathname" | "search" | "hash">;
/** Whether to hold a navigation from `currentLocation` to `nextLocation` (React Router's shape). */
export type BlockerFunction = (args: { currentLocation: Where; nextLocation: Where }) => boolean;

interface Hold {
  shouldBlock: BlockerFunction;
  /** A navigation was held: `go` makes it. */
  held(go: () => void): void;
}

const listeners = new Set<Listener>();
let hold: Hold | null = null;
let current: Where = browser.location;
// A back or forward step being undone (held) or redone (let through after a hold).
let undoing = false;
let letThrough = false;

browser.listen((update: Update) => {
  if (undoing) {
    undoing = false;
    return;
  }
  const { delta } = update;
  if (
    update.action === "POP" &&
    !letThrough &&
    delta &&
    hold?.shouldBlock({ currentLocation: current, nextLocation: update.location })
  ) {
    undoing = true;
    browser.go(-delta);
    hold.held(() => {
      letThrough = true;
      browser.go(delta);
    });
    return;
  }
  letThrough = false;
  current = update.location;
  for (const listener of listeners) listener(update);
});

function blocked(to: To, go: () => void): boolean {
  if (!hold) return false;
  const nextLocation = browser.encodeLocation(to);
  if (!hold.shouldBlock({ currentLocation: current, nextLocation })) return false;
  hold.held(go);
  return true;
}

export const appHistory: typeof browser = {
  get action() {
    return browser.action;
  },
  get location() {
    return browser.location;
  },
  createHref: (to) => browser.createHref(to),
  createURL: (to) => browser.createURL(to),
  encodeLocation: (to) => browser.encodeLocation(to),
  go: (delta) => browser.go(delta),
  push(to, state) {
    if (!blocked(to, () => browser.push(to, state))) browser.push(to, state);
  },
  replace(to, state) {
    if (!blocked(to, () => browser.replace(to, state))) browser.replace(to, state);
  },
  listen(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type Blocker =
  | { state: "unblocked"; proceed?: undefined; reset?: undefined }
  | { state: "blocked"; proceed: () => void; reset: () => void };

/**
 * React Router's `useBlocker` for the declarative router: while `shouldBlock` says so, a
 * navigation (link, `navigate`, back or forward) waits as `state: "blocked"` until `proceed` makes
 * it or `reset` drops it. One blocker at a time (the last mounted).
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(() => {
    const mine: Hold = {
      shouldBlock: (args) => latest.current(args),
      held: (go) => setPending(() => go),
    };
    hold = mine;
    return () => {
      if (hold === mine) hold = null;
    };
  }, []);
  if (!pending) return { state: "unblocked" };
  return {
    state: "blocked",
    proceed: () => {
      setPending(null);
      pending();
    },
    reset: () => setPending(null),
  };
}

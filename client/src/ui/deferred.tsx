import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";

/** A module's function component, as a dynamic import gives it. */
type Loader<Props> = () => Promise<{ default: (props: Props) => ReactNode }>;

const loaders = new Set<() => Promise<unknown>>();

/**
 * `load`, run at most once, and remembered for `warmDeferredParts`. A failed download (offline for
 * a moment) is tried again by the next call.
 */
export function warmable<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  loaders.add(once);
  return once;
}

/**
 * Fetches the code of every deferred part the page has imported so far: the frame calls it once
 * the first screen has shown its data and the browser is idle, so a first opening does not wait
 * for the network.
 */
export function warmDeferredParts(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

/**
 * A part of a screen whose code is not part of the first screen (issue 27): nothing is rendered
 * until `shown(props)` is first true, then the component `load` gives, with the same props; it
 * stays mounted after that (a dialog closes with its transition, a bar keeps its state).
 */
export function deferredUntil<Props extends object>(
  load: Loader<Props>,
  shown: (props: Props) => boolean,
): ComponentType<Props> {
  const Loaded = lazy(warmable(load)) as unknown as ComponentType<Props>;
  function Deferred(props: Props) {
    const [wanted, setWanted] = useState(() => shown(props));
    if (!wanted && shown(props)) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

/** A dialog, menu or snackbar loaded when it first opens (`deferredUntil`). */
export function untilOpened<Props extends { open?: boolean }>(load: Loader<Props>): ComponentType<Props> {
  return deferredUntil(load, (props) => props.open === true);
}

import { useCallback, useEffect, useRef } from "react";

/**
 * Live updates of a paged list: a pushed change to a row on this page updates it in place (the
 * store does that); one to a row the page does not show may change which rows it holds, so the
 * list reloads, once for a burst of such changes. Returns what to call with each pushed row's id.
 */
export function useLiveRows(
  edges: readonly { readonly node: { readonly id: string } }[],
  reload: () => void,
  burstMs: number,
) {
  const shownIds = useRef(new Set<string>());
  useEffect(() => {
    shownIds.current = new Set(edges.map((edge) => edge.node.id));
  }, [edges]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (id: string) => {
      if (shownIds.current.has(id) || timer.current !== undefined) return;
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        reload();
      }, burstMs);
    },
    [reload, burstMs],
  );
}

/**
 * When the signed-in screens last received data from the server (a query's or mutation's answer,
 * or a pushed subscription event): the header's 'last update: …' reads it, so the spec's
 * placeholder wording tells the truth.
 */
type Listener = () => void;

let lastArrival: number | null = null;
const listeners = new Set<Listener>();

export function noteDataArrived(at: number = Date.now()): void {
  lastArrival = at;
  for (const listener of listeners) listener();
}

export function lastDataArrival(): number | null {
  return lastArrival;
}

export function subscribeDataArrivals(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

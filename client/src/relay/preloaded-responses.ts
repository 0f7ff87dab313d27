import type { FetchFunction, GraphQLResponse, RequestParameters, Variables } from "relay-runtime";

/**
 * Answers fetched ahead of the screen that asks for them: a route match starts its screen's query
 * at navigation, in parallel with the screen's code; when the screen's own Relay fetch for the same
 * operation, variables and user follows, it takes that answer (once) instead of asking again.
 */

/** Long enough for the screen's code to arrive on a slow link; short enough never to show stale data. */
const KEPT_MS = 30_000;

interface Held {
  answer: Promise<GraphQLResponse>;
  startedAt: number;
}

const held = new Map<string, Held>();

/** Variables as Relay sends them and as a route computes them alike: no nulls, keys in order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null && entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, entry]) => [key, canonical(entry)]),
  );
}

function keyOf(name: string, variables: Variables, token: string | null): string {
  return `${token ?? ""} ${name} ${JSON.stringify(canonical(variables))}`;
}

function forget(now: number) {
  for (const [key, entry] of held) if (now - entry.startedAt > KEPT_MS) held.delete(key);
}

/** Starts `request` now (unless the same one is already held) through the app's own fetch. */
export function preloadResponse(
  fetchOnce: FetchFunction,
  request: RequestParameters,
  variables: Variables,
  token: string | null,
): void {
  const now = Date.now();
  forget(now);
  const key = keyOf(request.name, variables, token);
  if (held.has(key)) return;
  const answer = Promise.resolve(fetchOnce(request, variables, {}) as Promise<GraphQLResponse>);
  // A failed preload is not reported here: the screen's own fetch asks again and shows the failure.
  const entry = { answer, startedAt: now };
  answer.catch(() => {
    if (held.get(key) === entry) held.delete(key);
  });
  held.set(key, entry);
}

/** The preloaded answer for this request, taken (the next identical request goes to the server). */
export function takePreloadedResponse(
  request: RequestParameters,
  variables: Variables,
  token: string | null,
): Promise<GraphQLResponse> | null {
  forget(Date.now());
  if (request.operationKind !== "query") return null;
  const key = keyOf(request.name, variables, token);
  const entry = held.get(key);
  if (!entry) return null;
  held.delete(key);
  return entry.answer;
}

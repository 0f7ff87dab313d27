/**
 * Stops at one facility share one marker: a route that calls at a warehouse twice shows it once,
 * with the count ("×2") and the list of its stops. The route line still visits every stop.
 */

export interface GroupableStop {
  sequence: number;
  lat: number;
  lng: number;
}

export interface StopGroup<S extends GroupableStop> {
  /** The facility's key (the first stop's, when the caller gives none). */
  key: string;
  lat: number;
  lng: number;
  /** The stops at this facility, in sequence. */
  stops: S[];
}

/** Same place to about a metre: two stops there are at one facility even without a shared key. */
const spot = (stop: GroupableStop) => `${stop.lat.toFixed(5)},${stop.lng.toFixed(5)}`;

/**
 * Groups stops by facility (`facilityOf`, e.g. a NASS code; stops at the very same coordinates
 * group too), in the order of each facility's first stop.
 */
export function groupStopsByFacility<S extends GroupableStop>(
  stops: readonly S[],
  facilityOf: (stop: S) => string | null | undefined = () => null,
): StopGroup<S>[] {
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  const groups: StopGroup<S>[] = [];
  const byKey = new Map<string, StopGroup<S>>();
  for (const stop of ordered) {
    const facility = facilityOf(stop);
    const keys = [facility ? `f:${facility}` : null, `p:${spot(stop)}`].filter((key) => key !== null);
    const group = keys.map((key) => byKey.get(key)).find(Boolean);
    if (group) group.stops.push(stop);
    const target = group ?? { key: facility ?? spot(stop), lat: stop.lat, lng: stop.lng, stops: [stop] };
    if (!group) groups.push(target);
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, target);
  }
  return groups;
}

/** The route line: every stop's position in sequence, one polyline (a facility visited twice is on it twice). */
export function routeLine(stops: readonly GroupableStop[]): [number, number][] {
  return [...stops].sort((a, b) => a.sequence - b.sequence).map((stop) => [stop.lat, stop.lng]);
}

/** The count shown on a shared facility's marker. */
export const stopCount = (count: number) => (count > 1 ? `×${count}` : "");

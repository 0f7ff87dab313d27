interface Lane {
  readonly originCity: string | null | undefined;
  readonly originState: string | null | undefined;
  readonly destinationCity: string | null | undefined;
  readonly destinationState: string | null | undefined;
}

const place = (city: string | null | undefined, state: string | null | undefined) =>
  [city, state].filter(Boolean).join(", ") || "—";

/** An offer's lane: 'Chicago, IL → Dallas, TX' (a dash for an unknown end). */
export function laneText(lane: Lane): string {
  return `${place(lane.originCity, lane.originState)} → ${place(lane.destinationCity, lane.destinationState)}`;
}

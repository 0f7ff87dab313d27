/**
 * What a route shows but never stores (spec section 3): its loads in running order, the pickup
 * date of the first and the delivery date of the last, and the facilities it starts and ends at.
 */
export interface DatedLoad {
  loadId: string;
  pickupDate: Date | null;
  deliveryDate: Date | null;
}

export interface SequencedStop<Nass> {
  sequence: number;
  type: string;
  nassCode: Nass | null;
}

const time = (date: Date | null) => date?.getTime() ?? Number.POSITIVE_INFINITY;

/** Running order: by pickup date (undated last), then delivery date, then load id. */
export function inRunningOrder<Load extends DatedLoad>(loads: readonly Load[]): Load[] {
  return [...loads].sort(
    (a, b) =>
      time(a.pickupDate) - time(b.pickupDate) ||
      time(a.deliveryDate) - time(b.deliveryDate) ||
      a.loadId.localeCompare(b.loadId),
  );
}

/** The first load's pickup: the earliest pickup date among the assigned loads. */
export function routePickupDate(loads: readonly DatedLoad[]): Date | null {
  const dates = loads.flatMap((load) => (load.pickupDate ? [load.pickupDate] : []));
  return dates.length ? new Date(Math.min(...dates.map((date) => date.getTime()))) : null;
}

/** The last load's delivery: the latest delivery date among the assigned loads. */
export function routeDeliveryDate(loads: readonly DatedLoad[]): Date | null {
  const dates = loads.flatMap((load) => (load.deliveryDate ? [load.deliveryDate] : []));
  return dates.length ? new Date(Math.max(...dates.map((date) => date.getTime()))) : null;
}

function bySequence<Nass>(stops: readonly SequencedStop<Nass>[]): SequencedStop<Nass>[] {
  return [...stops].sort((a, b) => a.sequence - b.sequence);
}

/** The first pickup stop's facility (or the first stop's when none is marked pickup). */
export function routePickupNass<Nass>(stops: readonly SequencedStop<Nass>[]): Nass | null {
  const ordered = bySequence(stops);
  return (ordered.find((stop) => stop.type === "pickup") ?? ordered[0])?.nassCode ?? null;
}

/** The last delivery stop's facility (or the last stop's when none is marked delivery). */
export function routeDeliveryNass<Nass>(stops: readonly SequencedStop<Nass>[]): Nass | null {
  const ordered = bySequence(stops);
  if (ordered.length < 2 && !ordered.some((stop) => stop.type === "delivery")) return null;
  return (ordered.findLast((stop) => stop.type === "delivery") ?? ordered.at(-1))?.nassCode ?? null;
}

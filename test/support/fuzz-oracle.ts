import { statesNamedIn } from "../../common/offers.ts";
import {
  type FuzzRole,
  type FuzzWorld,
  type KnownObject,
  OTHER_CARRIER_AREAS,
  type SignedInRole,
} from "./fuzz-world.ts";

/**
 * What each role of the fuzz world may read, written from the product's rules (not from the
 * server's code): anonymous visitors read nothing private; the operator reads everything except
 * other users' notifications; a carrier reads its own user record, bids and notifications, and
 * the offers of the marketplace once approved (the other carrier: those its areas name, and those
 * it bid on), the bills it is paid by (it won the load, or its company is billed: quick pay) and
 * the driver's trips of the loads it hauls (won, or its company's);
 * nothing else (loads, routes, companies, drivers' records, invoices, mail: operators').
 */
export async function mayRead(world: FuzzWorld, role: FuzzRole, object: KnownObject): Promise<boolean> {
  if (role === "anonymous") return false;
  if (role === "admin") return object.typename !== "Notification" || object.owner === "admin";
  switch (object.typename) {
    case "User":
    case "Bid":
    case "Notification":
      return object.owner === role;
    case "Offer":
      return offerReadable(world, role, object);
    case "Bill":
      return billReadable(world, role, object);
    case "DriverTrip":
      return tripReadable(world, role, object);
    default:
      return false;
  }
}

async function billReadable(world: FuzzWorld, role: SignedInRole, bill: KnownObject): Promise<boolean> {
  const { db } = world.app.deps;
  const row = await db.bill.findUnique({
    where: { id: bill.rowId },
    select: { winnerUserId: true, carrierId: true },
  });
  if (!row) return false;
  if (row.winnerUserId !== null && row.winnerUserId === world.userIds[role]) return true;
  const user = await db.user.findUnique({ where: { id: world.userIds[role] }, select: { carrierId: true } });
  return row.carrierId !== null && row.carrierId === user?.carrierId;
}

/** A driver's trip (a dispatched load): the carrier user who won the load, or its company's users. */
async function tripReadable(world: FuzzWorld, role: SignedInRole, trip: KnownObject): Promise<boolean> {
  const { db } = world.app.deps;
  const load = await db.load.findUnique({
    where: { id: trip.rowId },
    select: { assignedUserId: true, carrierId: true },
  });
  if (!load) return false;
  if (load.assignedUserId !== null && load.assignedUserId === world.userIds[role]) return true;
  const user = await db.user.findUnique({ where: { id: world.userIds[role] }, select: { carrierId: true } });
  return load.carrierId !== null && load.carrierId === user?.carrierId;
}

async function offerReadable(world: FuzzWorld, role: SignedInRole, offer: KnownObject): Promise<boolean> {
  if (role === "pendingCarrier") return false;
  // An offer in its waterfall (round 0, active): only the carrier whose turn runs reads it.
  const place = await world.app.deps.db.offer.findUnique({
    where: { id: offer.rowId },
    select: { roundNumber: true, status: true },
  });
  if (place?.roundNumber === 0 && place.status === "active") {
    const turn = await world.app.deps.db.waterfallStep.count({
      where: { offerId: offer.rowId, userId: world.userIds[role], status: "offered" },
    });
    return turn > 0;
  }
  if (role === "carrier") return true;
  const areas = statesNamedIn(OTHER_CARRIER_AREAS) ?? [];
  if (offer.states?.some((state) => state !== null && areas.includes(state))) return true;
  // An offer outside the areas stays readable to a carrier that bid on it.
  const bids = await world.app.deps.db.bid.count({
    where: { offerId: offer.rowId, userId: world.userIds[role] },
  });
  return bids > 0;
}

/** Every `id` string in a JSON answer, wherever it sits. */
export function idsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) idsIn(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "id" && typeof inner === "string") found.push(inner);
      else idsIn(inner, found);
    }
  }
  return found;
}

/**
 * What the answer shows that the role may not read: known objects it may not read (by global id)
 * and other users' e-mail addresses that the request did not itself send. Empty when clean.
 */
export async function readViolations(
  world: FuzzWorld,
  role: FuzzRole,
  answer: unknown,
  sent: string,
): Promise<string[]> {
  const violations: string[] = [];
  for (const id of new Set(idsIn(answer))) {
    const object = world.objects.get(id);
    if (object && !(await mayRead(world, role, object))) {
      violations.push(
        `${role} read ${object.typename} ${object.rowId} (owner: ${object.owner ?? "operator"})`,
      );
    }
  }
  if (role !== "admin") {
    const text = JSON.stringify(answer);
    for (const [owner, email] of Object.entries(world.emails)) {
      if (owner !== role && text.includes(email) && !sent.includes(email))
        violations.push(`${role} saw ${owner}'s e-mail ${email}`);
    }
  }
  return violations;
}

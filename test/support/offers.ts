import type { App } from "../../server/app.ts";
import { createUser, loginAs, rest, type Session } from "./app.ts";

let sequence = 0;

/** A load from Chicago (NASS facility with coordinates) to a Dallas address, picked up in `hoursAhead`. */
export async function biddableLoad(app: App, hoursAhead = 48) {
  sequence++;
  const nass = await app.deps.db.nassCode.create({
    data: {
      code: `CHI${sequence}-${Date.now()}`,
      facilityName: "Chicago P&DC",
      city: "Chicago",
      state: "IL",
      zip: "60607",
      latitude: 41.8745,
      longitude: -87.6417,
    },
  });
  return app.deps.db.load.create({
    data: {
      loadId: `L-${sequence}-${Date.now().toString(36)}`,
      customer: "USPS",
      originAddress: "433 W Harrison St, Chicago, IL 60607",
      destinationAddress: "951 W Commerce St, Dallas, TX 75208",
      pickupDate: new Date(Date.now() + hoursAhead * 3_600_000),
      deliveryDate: new Date(Date.now() + (hoursAhead + 20) * 3_600_000),
      stops: { create: [{ sequence: 1, type: "pickup", nassCodeId: nass.id }] },
    },
  });
}

export interface Bidder {
  user: Awaited<ReturnType<typeof createUser>>;
  session: Session;
}

/** Signed-in carriers, optionally with areas of operation. */
export async function bidders(app: App, count: number, areas: (string | null)[] = []): Promise<Bidder[]> {
  const result: Bidder[] = [];
  for (let index = 0; index < count; index++) {
    sequence++;
    const user = await createUser(app, {
      email: `bidder-${sequence}@example.com`,
      fullName: `Bidder ${sequence}`,
    });
    await app.deps.db.user.update({
      where: { id: user.id },
      data: { companyName: `Company ${sequence}`, areasOfOperation: areas[index] ?? null },
    });
    result.push({ user, session: await loginAs(app, user.email) });
  }
  return result;
}

export async function openOffer(app: App, token: string, loadId: string, body: Record<string, unknown> = {}) {
  const result = await rest(app, "POST", "/offers", { loadId, roundMinutes: 30, ...body }, { token });
  if (result.status !== 201) throw new Error(`offer failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body as { _id: string; loadId: string } & Record<string, unknown>;
}

export function bid(app: App, token: string, offerId: string, amount: unknown) {
  return rest(
    app,
    "POST",
    "/bids/createBid",
    { offerId, amount, userName: "U", companyName: "C" },
    { token },
  );
}

/**
 * A load with a confirmed winner, the real way: offered, bid on by two carriers, the lower bid
 * confirmed by the operator. Answers the load, the offer, the winner and the other bidder.
 */
export async function awardedLoad(app: App, adminToken: string, winningAmount = 1200) {
  const load = await biddableLoad(app);
  const offer = await openOffer(app, adminToken, load.loadId);
  const [winner, other] = await bidders(app, 2);
  const placed = await bid(app, winner.session.token, offer._id, winningAmount);
  await bid(app, other.session.token, offer._id, winningAmount + 100);
  const bidId = (placed.body.bid as { _id: string })._id;
  const confirmed = await rest(app, "POST", `/offers/${offer._id}/winner`, { bidId }, { token: adminToken });
  if (confirmed.status !== 200)
    throw new Error(`winner failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { load, offer, winner, other };
}

/** The winner accepts the load's tender, typing its name (the award may then be dispatched). */
export async function acceptTenderAs(app: App, token: string, loadId: string, signature = "Carla Carrier") {
  const accepted = await rest(app, "POST", `/offers/${loadId}/tender/accept`, { signature }, { token });
  if (accepted.status !== 200)
    throw new Error(`tender accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return accepted.body;
}

/** awardedLoad, and the winner accepted the tender. */
export async function acceptedLoad(app: App, adminToken: string, winningAmount = 1200) {
  const awarded = await awardedLoad(app, adminToken, winningAmount);
  await acceptTenderAs(app, awarded.winner.session.token, awarded.load.loadId);
  return awarded;
}

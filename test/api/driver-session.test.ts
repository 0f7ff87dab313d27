import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRIVER_TEXTS, TRIP_LINK_INVALID } from "../../common/driver.ts";
import { TRIP_SESSION_GUESSES } from "../../server/dispatch/trip-session.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { dispatchedTrip, TRIP_DRIVER, tripSession } from "../support/driver.ts";
import { LEAK } from "../support/raw.ts";

/**
 * The driver app's sign-in by trip link (issue #30): the trip token buys a short-lived access
 * token scoped to one load; a wrong, expired or revoked link answers 401 TRIP_LINK_INVALID, and
 * the trip session reads its own trip and nothing else.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const TRIPS = `query {
  driverTrips {
    id loadId status stage driverName driverPhone truckNumber trailerNumber reference notes
    nextStopSequence linkExpiresAt
    stops { sequence kind facilityName address city state zip latitude longitude timeZone
            appointmentFrom appointmentTo appointmentText arrivedAt departedAt navigationUrl }
  }
}`;

type Trip = {
  id: string;
  loadId: string;
  driverName: string;
  stops: { sequence: number; kind: string; navigationUrl: string | null; timeZone: string | null }[];
};

describe("POST /api/driver/session", () => {
  it("exchanges a live trip token for a one-hour access token of that trip", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const started = Date.now();
    const opened = await rest<{ accessToken: string; expiresAt: string; loadId: string; driverName: string }>(
      t.app,
      "POST",
      "/driver/session",
      { token: trip.tripToken },
    );
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ loadId: trip.load.loadId, driverName: TRIP_DRIVER.driverName });
    const lifetime = Date.parse(opened.body.expiresAt) - started;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 2_000);

    const read = await gql<{ driverTrips: Trip[] }>(t.app, TRIPS, {}, { token: opened.body.accessToken });
    expect(read.errors).toBeUndefined();
    expect(read.data?.driverTrips).toHaveLength(1);
    const [seen] = read.data?.driverTrips ?? [];
    expect(seen).toMatchObject({
      id: encodeGlobalID("DriverTrip", trip.load.id),
      loadId: trip.load.loadId,
      status: "pending",
      stage: "dispatched",
      driverName: "Dana Driver",
      driverPhone: "+12015550142",
      truckNumber: "TR-7",
      trailerNumber: "53-12",
      nextStopSequence: 1,
    });
    expect(seen.stops.map((stop) => [stop.sequence, stop.kind])).toEqual([
      [1, "pickup"],
      [2, "delivery"],
    ]);
    expect(seen.stops[0].timeZone).toBe("America/Chicago");
    expect(seen.stops[1]).toMatchObject({
      address: "951 W Commerce St",
      city: "Dallas",
      timeZone: "America/Chicago",
      navigationUrl: "https://www.google.com/maps/dir/?api=1&destination=32.7767%2C-96.797",
    });
  });

  it("answers one 401 TRIP_LINK_INVALID for a wrong, expired or revoked link, 400 without a token", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const refuse = async (token: string) => {
      const answer = await rest(t.app, "POST", "/driver/session", { token });
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([
        401,
        TRIP_LINK_INVALID,
        DRIVER_TEXTS.tripLinkInvalid,
      ]);
    };
    await refuse("not-a-real-token-at-all-not-a-real-token-xx");
    await refuse("x".repeat(300));
    expect((await rest(t.app, "POST", "/driver/session", {})).status).toBe(400);
    expect((await rest(t.app, "POST", "/driver/session", { token: " " })).status).toBe(400);

    const db = t.app.deps.db;
    await db.tripLink.updateMany({
      where: { loadId: trip.load.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await refuse(trip.tripToken);
    await db.tripLink.updateMany({
      where: { loadId: trip.load.id },
      data: { expiresAt: new Date(Date.now() + 3_600_000), revokedAt: new Date() },
    });
    await refuse(trip.tripToken);
  });

  it("answers 429 to one address past TRIP_SESSION_GUESSES wrong tokens; valid sign-ins do not count", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const open = (token: string, ip: string) => rest(t.app, "POST", "/driver/session", { token }, { ip });
    // Valid exchanges (the app opens the link at every visit) never use the budget up.
    for (let index = 0; index <= TRIP_SESSION_GUESSES.limit; index++) {
      expect((await open(trip.tripToken, "198.51.100.7")).status).toBe(200);
    }
    for (let index = 0; index < TRIP_SESSION_GUESSES.limit; index++) {
      expect((await open(`guess-${index}-${"x".repeat(30)}`, "198.51.100.8")).status).toBe(401);
    }
    const blocked = await open("one-more-guess-xxxxxxxxxxxxxxxxxxxxxxxxxxx", "198.51.100.8");
    expect([blocked.status, blocked.body.code, blocked.body.message]).toEqual([
      429,
      "RATE_LIMITED",
      DRIVER_TEXTS.tooManyTripLinkAttempts,
    ]);
    // Past the budget even the right token waits (else the answer would tell a guess right).
    expect((await open(trip.tripToken, "198.51.100.8")).status).toBe(429);
    // Another address signs in as before.
    expect((await open(trip.tripToken, "198.51.100.9")).status).toBe(200);
  });

  it("ends a trip session at once when its link is revoked or expires (each request checks)", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    expect((await gql(t.app, TRIPS, {}, { token })).errors).toBeUndefined();
    await t.app.deps.db.tripLink.updateMany({
      where: { loadId: trip.load.id },
      data: { revokedAt: new Date() },
    });
    const after = await gql(t.app, TRIPS, {}, { token });
    expect(after.errors?.[0].extensions?.code).toBe(TRIP_LINK_INVALID);
    const stops = await rest(t.app, "GET", `/loads/${trip.load.loadId}/stops`, undefined, { token });
    expect([stops.status, stops.body.code]).toEqual([401, TRIP_LINK_INVALID]);
  });
});

describe("a trip session reads its trip and nothing else", () => {
  it("sees its own trip through node, another load's trip as null, and no operator or carrier data", async () => {
    const mine = await dispatchedTrip(t.app, world.adminSession.token);
    const theirs = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, mine.tripToken);
    const NODE = "query ($id: ID!) { node(id: $id) { id ... on DriverTrip { loadId } } }";
    const own = await gql(t.app, NODE, { id: encodeGlobalID("DriverTrip", mine.load.id) }, { token });
    expect(own.errors).toBeUndefined();
    expect(own.data?.node).toEqual({
      id: encodeGlobalID("DriverTrip", mine.load.id),
      loadId: mine.load.loadId,
    });
    for (const id of [
      encodeGlobalID("DriverTrip", theirs.load.id),
      encodeGlobalID("Load", mine.load.id),
      encodeGlobalID("User", mine.winner.user.id),
    ]) {
      const other = await gql(t.app, NODE, { id }, { token });
      expect(other.errors).toBeUndefined();
      expect(other.data?.node).toBeNull();
    }
    // The operator's and carrier's own reads refuse a trip session.
    for (const query of [
      "{ me { id } }",
      `{ load(loadId: "${mine.load.loadId}") { id } }`,
      "{ activeOffers { edges { node { id } } } }",
    ]) {
      const refused = await gql(t.app, query, {}, { token });
      expect(refused.data).toBeNull();
      expect(JSON.stringify(refused)).not.toMatch(LEAK);
      expect(["FORBIDDEN", "GRAPHQL_VALIDATION_FAILED"]).toContain(refused.errors?.[0].extensions?.code);
    }
    // REST: its own load's operator paths stay closed (401, no viewer), another load's too.
    for (const path of [
      `/loads/${mine.load.loadId}`,
      `/loads/${mine.load.loadId}/timeline`,
      `/loads/${theirs.load.loadId}/stops`,
      "/loads",
    ]) {
      const refused = await rest(t.app, "GET", path, undefined, { token });
      expect(refused.status, path).toBe(401);
    }
  });

  it("lists a carrier user's open trips and the operator's, never another carrier's", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const ids = async (token: string) =>
      ((await gql<{ driverTrips: Trip[] }>(t.app, TRIPS, {}, { token })).data?.driverTrips ?? []).map(
        (seen) => seen.loadId,
      );
    expect(await ids(trip.winner.session.token)).toEqual([trip.load.loadId]);
    expect(await ids(trip.other.session.token)).toEqual([]);
    expect(await ids(world.adminSession.token)).toContain(trip.load.loadId);
    const anonymous = await gql(t.app, TRIPS);
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    // A delivered load's trip is no longer open for the carrier's list.
    await t.app.deps.db.load.update({ where: { id: trip.load.id }, data: { status: "delivered" } });
    expect(await ids(trip.winner.session.token)).toEqual([]);
  });
});

describe("a trip link's life", () => {
  it("stops working 7 days after delivery (dispatch gave it 30 days)", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const admin = { token: world.adminSession.token };
    const base = `/loads/${trip.load.loadId}/stops`;
    const arrivedAt = new Date(Date.now() - 2 * 3_600_000);
    await rest(t.app, "POST", `${base}/1/arrive`, { at: new Date(arrivedAt.getTime() - 3_600_000) }, admin);
    await rest(t.app, "POST", `${base}/1/depart`, { at: new Date(arrivedAt.getTime() - 1_800_000) }, admin);
    const delivered = await rest(t.app, "POST", `${base}/2/arrive`, { at: arrivedAt }, admin);
    expect(delivered.status).toBe(200);
    const link = await t.app.deps.db.tripLink.findFirstOrThrow({
      where: { loadId: trip.load.id, revokedAt: null },
    });
    expect(link.expiresAt.toISOString()).toBe(new Date(arrivedAt.getTime() + 7 * 86_400_000).toISOString());
    const token = await tripSession(t.app, trip.tripToken);
    const read = await gql<{ driverTrips: { linkExpiresAt: string; nextStopSequence: number | null }[] }>(
      t.app,
      "{ driverTrips { linkExpiresAt nextStopSequence } }",
      {},
      { token },
    );
    expect(read.data?.driverTrips).toEqual([
      { linkExpiresAt: link.expiresAt.toISOString(), nextStopSequence: null },
    ]);
  });
});

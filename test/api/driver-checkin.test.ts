import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRIP_LINK_INVALID } from "../../common/driver.ts";
import { APPOINTMENT_TEXTS } from "../../common/loads/appointments.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { dispatchedTrip, tripSession } from "../support/driver.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

/**
 * The driver app's stop check-ins (issue #30): the trip session marks its own load's stops with
 * source driver_app and the time it happened; a replayed check-in answers the stop unchanged. The
 * trip changes reach the driver live; the carrier or an operator revokes the link.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

let url: Promise<string> | undefined;
/** The app on a port for the WebSocket tests (once per file). */
const listening = () => {
  url ??= t.app.start(0);
  return url;
};

type Stop = {
  sequence: number;
  arrivedAt: string | null;
  arrivedSource: string | null;
  departedAt: string | null;
};

describe("stop check-in from the driver app", () => {
  it("marks its own stops with the original time and source driver_app, and replays idempotently", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const path = (verb: string, sequence = 1) => `/loads/${trip.load.loadId}/stops/${sequence}/${verb}`;
    const arrivedAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const departedAt = new Date(Date.now() - 10 * 60_000).toISOString();

    const arrived = await rest<Stop>(t.app, "POST", path("arrive"), { at: arrivedAt }, { token });
    expect(arrived.status).toBe(200);
    expect(arrived.body).toMatchObject({ sequence: 1, arrivedAt, arrivedSource: "driver_app" });
    // The same check-in again (the offline queue replayed), and one stamped later: 200, unchanged.
    for (const at of [arrivedAt, new Date(Date.now() - 30 * 60_000).toISOString()]) {
      const replay = await rest<Stop>(t.app, "POST", path("arrive"), { at }, { token });
      expect([replay.status, replay.body.arrivedAt]).toEqual([200, arrivedAt]);
    }
    // Earlier than the stored mark is no replay of it: 409 as for anyone.
    const earlier = await rest(
      t.app,
      "POST",
      path("arrive"),
      { at: new Date(Date.now() - 50 * 60_000) },
      { token },
    );
    expect([earlier.status, earlier.body.message]).toEqual([409, APPOINTMENT_TEXTS.alreadyArrived]);
    // A person marking it again still gets 409.
    const person = await rest(
      t.app,
      "POST",
      path("arrive"),
      { at: arrivedAt },
      { token: trip.winner.session.token },
    );
    expect(person.status).toBe(409);

    const departed = await rest<Stop>(t.app, "POST", path("depart"), { at: departedAt }, { token });
    expect(departed.body).toMatchObject({ departedAt });
    expect((await rest(t.app, "POST", path("depart"), { at: departedAt }, { token })).status).toBe(200);

    const steps = await t.app.deps.db.loadMilestone.findMany({
      where: { loadId: trip.load.id, milestone: { in: ["arrived", "departed"] } },
      orderBy: { at: "asc" },
    });
    expect(steps.map((step) => [step.milestone, step.source, step.at.toISOString()])).toEqual([
      ["arrived", "driver_app", arrivedAt],
      ["departed", "driver_app", departedAt],
    ]);
    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: trip.load.id } });
    expect(load.status).toBe("in_transit");
  });

  it("refuses another load's stops (404) and anonymous callers (401), changing nothing", async () => {
    const mine = await dispatchedTrip(t.app, world.adminSession.token);
    const theirs = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, mine.tripToken);
    const other = await rest(t.app, "POST", `/loads/${theirs.load.loadId}/stops/1/arrive`, {}, { token });
    expect(other.status).toBe(404);
    const anonymous = await rest(t.app, "POST", `/loads/${mine.load.loadId}/stops/1/arrive`, {});
    expect(anonymous.status).toBe(401);
    const stops = await t.app.deps.db.loadStop.findMany({
      where: { loadId: { in: [mine.load.id, theirs.load.id] }, arrivedAt: { not: null } },
    });
    expect(stops).toEqual([]);
  });
});

describe("live trip changes and revocation", () => {
  it("tells the driver of a change over graphql-ws, not another trip's driver; revoking ends the session", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const stranger = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const strangerToken = await tripSession(t.app, stranger.tripToken);
    const url = await listening();
    const query = `subscription { driverTripChanged(loadId: "${trip.load.loadId}") { loadId nextStopSequence stops { sequence arrivedAt } } }`;
    type Event = {
      driverTripChanged: { loadId: string; nextStopSequence: number | null; stops: Stop[] } | null;
    };
    const driver = subscribeOverWs<Event>(url, token, query);
    const outsider = subscribeOverWs<Event>(url, strangerToken, query);
    const operator = subscribeOverWs<Event>(url, world.adminSession.token, query);
    try {
      await Promise.all([driver.ready, outsider.ready, operator.ready]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const at = new Date(Date.now() - 5 * 60_000).toISOString();
      const marked = await rest(
        t.app,
        "POST",
        `/loads/${trip.load.loadId}/stops/1/arrive`,
        { at },
        {
          token: world.adminSession.token,
        },
      );
      expect(marked.status).toBe(200);
      await waitFor(() => driver.received.length > 0 && operator.received.length > 0);
      expect(driver.received[0].driverTripChanged?.stops[0].arrivedAt).toBe(at);
      expect(operator.received[0].driverTripChanged?.loadId).toBe(trip.load.loadId);

      // The winning carrier revokes the link: the driver's socket closes, its token stops working.
      const revoked = await rest(
        t.app,
        "POST",
        `/loads/${trip.load.loadId}/trip-link/revoke`,
        {},
        {
          token: trip.winner.session.token,
        },
      );
      expect(revoked.body).toMatchObject({ loadId: trip.load.loadId, revoked: 1 });
      await waitFor(() => driver.isComplete() || driver.errors.length > 0);
      const after = await gql(t.app, "{ driverTrips { id } }", {}, { token });
      expect(after.errors?.[0].extensions?.code).toBe(TRIP_LINK_INVALID);
      const again = await rest(t.app, "POST", "/driver/session", { token: trip.tripToken });
      expect(again.status).toBe(401);
      expect(outsider.received).toEqual([]);
      // Revoking again changes nothing; another carrier may not.
      const twice = await gql<{ revokeTripLink: { data?: { revoked: number } } }>(
        t.app,
        `mutation { revokeTripLink(input: { loadId: "${trip.load.loadId}" }) {
          ... on MutationRevokeTripLinkSuccess { data { revoked } } } }`,
        {},
        { token: world.adminSession.token },
      );
      expect(twice.data?.revokeTripLink.data?.revoked).toBe(0);
      const stranger404 = await rest(
        t.app,
        "POST",
        `/loads/${trip.load.loadId}/trip-link/revoke`,
        {},
        {
          token: trip.other.session.token,
        },
      );
      expect(stranger404.status).toBe(404);
    } finally {
      await Promise.all([driver.close(), outsider.close(), operator.close()]);
    }
  });

  it("tells the driver of a geofence arrival from a route-level report (POST /tracking/{route}/positions)", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await t.app.deps.db.tripLink.updateMany({
      where: { loadId: trip.load.id },
      data: { createdAt: new Date(Date.now() - 60 * 60_000) },
    });
    // The first position (driver app) starts the trip's own route, far from the Chicago pickup.
    const first = await rest(
      t.app,
      "POST",
      `/driver/trips/${trip.load.loadId}/positions`,
      { positions: [{ latitude: 41.6, longitude: -87.9, recordedAt: minutesAgo(30) }] },
      { token },
    );
    expect([first.status, first.body.accepted]).toEqual([200, 1]);
    const { routeNumber } = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: trip.load.id } });
    const url = await listening();
    const query = `subscription { driverTripChanged(loadId: "${trip.load.loadId}") { loadId stops { sequence arrivedAt } } }`;
    type Event = { driverTripChanged: { stops: { sequence: number; arrivedAt: string | null }[] } | null };
    const driver = subscribeOverWs<Event>(url, token, query);
    try {
      await driver.ready;
      await new Promise((resolve) => setTimeout(resolve, 200));
      // A telematics feed (the operator's account) reports the truck inside the pickup's geofence.
      const reported = await rest(
        t.app,
        "POST",
        `/tracking/${routeNumber}/positions`,
        { positions: [{ lat: 41.8745, lng: -87.6417, recordedAt: minutesAgo(2) }] },
        { token: world.adminSession.token },
      );
      expect(reported.status).toBe(201);
      const pickup = await t.app.deps.db.loadStop.findFirstOrThrow({
        where: { loadId: trip.load.id, sequence: 1 },
      });
      expect(pickup.arrivedSource).toBe("geofence");
      await waitFor(() => driver.received.some((event) => event.driverTripChanged?.stops[0].arrivedAt));
      const seen = driver.received.find((event) => event.driverTripChanged?.stops[0].arrivedAt);
      expect(seen?.driverTripChanged?.stops[0].arrivedAt).toBe(pickup.arrivedAt?.toISOString());
    } finally {
      await driver.close();
    }
  });
});

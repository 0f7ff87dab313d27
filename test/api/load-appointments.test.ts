import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { uploadLoads } from "../support/loads.ts";
import { awardedLoad } from "../support/offers.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";

/**
 * Appointments in facility time (lifecycle issue): a facility's time zone from its coordinates,
 * appointment windows entered and shown on that clock (edit, GraphQL, REST, CSV upload), stops
 * marked arrived/departed by a person or the geofence (per-facility radius), detention proposals.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let admin: string;

const DENVER = { latitude: 39.7392, longitude: -104.9903 };
const PHOENIX = { latitude: 33.4484, longitude: -112.074 };

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  admin = world.adminSession.token;
  const created = await rest(
    t.app,
    "POST",
    "/routing/nass",
    { code: "DEN01", facilityName: "Denver P&DC", city: "Denver", state: "CO", ...DENVER },
    { token: admin },
  );
  expect(created.status).toBe(201);
  await rest(
    t.app,
    "POST",
    "/routing/nass",
    { code: "PHX01", city: "Phoenix", state: "AZ", ...PHOENIX },
    {
      token: admin,
    },
  );
  await rest(t.app, "POST", "/routing/nass", { code: "NOWHERE1", city: "Nowhere" }, { token: admin });
});
afterAll(() => t.close());

interface StopJson {
  sequence: number;
  type: string;
  appointmentFrom: string | null;
  appointmentTo: string | null;
  timeZone: string | null;
  appointmentText: string | null;
  arrivedAt: string | null;
  arrivedSource: string | null;
  departedAt: string | null;
  departedSource: string | null;
  detention?: { status: string; hoursOver: number; amountCents: number; dwellMinutes: number } | null;
}

const loadStops = async (loadId: string, token = admin) =>
  (await rest<{ stops: StopJson[] }>(t.app, "GET", `/loads/${loadId}`, undefined, { token })).body.stops;

describe("a facility's time zone and geofence radius", () => {
  it("derives the zone from the coordinates and keeps an operator's radius", async () => {
    const edited = await rest(
      t.app,
      "PUT",
      "/routing/nass/DEN01",
      { geofenceRadiusMeters: 800 },
      { token: admin },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      code: "DEN01",
      timeZone: "America/Denver",
      geofenceRadiusMeters: 800,
    });

    const refused = await rest(
      t.app,
      "PUT",
      "/routing/nass/DEN01",
      { geofenceRadiusMeters: 5 },
      { token: admin },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Geofence radius must be a whole number of meters from 25 to 5000");

    const cleared = await gql<{ updateNassCode: { data: { nassCode: Record<string, unknown> } } }>(
      t.app,
      `mutation { updateNassCode(input: { id: "PHX01", geofenceRadiusMeters: 1500 }) {
        ... on MutationUpdateNassCodeSuccess { data { nassCode { code timeZone geofenceRadiusMeters } } } } }`,
      {},
      { token: admin },
    );
    expect(cleared.data?.updateNassCode.data.nassCode).toEqual({
      code: "PHX01",
      timeZone: "America/Phoenix",
      geofenceRadiusMeters: 1500,
    });
    const none = await rest(t.app, "PUT", "/routing/nass/NOWHERE1", {}, { token: admin });
    expect(none.body).toMatchObject({ timeZone: null, geofenceRadiusMeters: null });
  });
});

describe("appointment windows", () => {
  it("reads the upload's appointment columns on each facility's clock", async () => {
    await uploadLoads(t.app, admin, [
      {
        "Load ID": "APPT-1",
        "Origin NASS": "DEN01",
        "Origin Appointment From": "03/14/2027 08:00",
        "Origin Appointment To": "03/14/2027 10:00",
        "Destination NASS": "PHX01",
        "Destination Appointment From": "2027-03-15 14:30",
      },
    ]);
    const stops = await loadStops("APPT-1");
    expect(stops).toMatchObject([
      {
        sequence: 1,
        type: "pickup",
        timeZone: "America/Denver",
        appointmentFrom: "2027-03-14T14:00:00.000Z",
        appointmentTo: "2027-03-14T16:00:00.000Z",
        appointmentText: "03/14/2027 08:00 MDT – 10:00 MDT",
      },
      {
        sequence: 2,
        type: "delivery",
        timeZone: "America/Phoenix",
        appointmentFrom: "2027-03-15T21:30:00.000Z",
        appointmentTo: null,
        appointmentText: "03/15/2027 14:30 MST",
      },
    ]);
  });

  it("refuses times the facility's clock skips or lives twice, and windows out of order, per row", async () => {
    const result = await rest<{ errors: { field: string; message: string }[] }>(
      t.app,
      "POST",
      "/loads",
      {
        stream: "USPS",
        loads: [
          { "Load ID": "APPT-BAD-1", "Origin NASS": "DEN01", "Origin Appointment From": "03/14/2027 02:30" },
          { "Load ID": "APPT-BAD-2", "Origin NASS": "DEN01", "Origin Appointment From": "11/07/2027 01:30" },
          {
            "Load ID": "APPT-BAD-3",
            "Destination NASS": "DEN01",
            "Destination Appointment From": "03/20/2027 10:00",
            "Destination Appointment To": "03/20/2027 09:00",
          },
          { "Load ID": "APPT-BAD-4", "Origin Appointment From": "03/20/2027 10:00" },
          {
            "Load ID": "APPT-BAD-5",
            "Origin NASS": "NOWHERE1",
            "Origin Appointment From": "03/20/2027 10:00",
          },
          { "Load ID": "APPT-BAD-6", "Origin NASS": "DEN01", "Origin Appointment From": "soon" },
        ],
      },
      { token: admin },
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual(
      expect.arrayContaining([
        {
          field: "rows.1.originAppointmentFrom",
          message:
            "Row 1: Origin Appointment From 03/14/2027 02:30 does not exist in America/Denver (clocks spring forward that night)",
        },
        {
          field: "rows.2.originAppointmentFrom",
          message:
            "Row 2: Origin Appointment From 11/07/2027 01:30 happens twice in America/Denver (clocks fall back that night); choose another time",
        },
        {
          field: "rows.3.destinationAppointmentTo",
          message: "Row 3: Destination Appointment To must not be before Destination Appointment From",
        },
        {
          field: "rows.4.originAppointmentFrom",
          message: "Row 4: Origin Appointment From needs Origin NASS (its facility's time zone)",
        },
        {
          field: "rows.5.originAppointmentFrom",
          message:
            "Row 5: Origin Appointment From needs the facility's time zone: give the NASS code coordinates",
        },
        {
          field: "rows.6.originAppointmentFrom",
          message:
            "Row 6: Origin Appointment From must be YYYY-MM-DD HH:mm or MM/DD/YYYY HH:mm (24-hour, facility time)",
        },
      ]),
    );
    expect(await t.app.deps.db.load.count({ where: { loadId: { startsWith: "APPT-BAD" } } })).toBe(0);
  });

  it("takes windows from the edit (REST and GraphQL) as instants and keeps a stop's visit", async () => {
    const bad = await rest(
      t.app,
      "PUT",
      "/loads/APPT-1",
      {
        stops: [
          {
            sequence: 1,
            type: "pickup",
            nass: "DEN01",
            appointmentFrom: "2027-03-14T16:00:00Z",
            appointmentTo: "2027-03-14T15:00:00Z",
          },
        ],
      },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: "stops.0.appointmentTo", message: "Appointment to must not be before appointment from" },
    ]);
    const toOnly = await rest(
      t.app,
      "PUT",
      "/loads/APPT-1",
      { stops: [{ sequence: 1, type: "pickup", nass: "DEN01", appointmentTo: "2027-03-14T15:00:00Z" }] },
      { token: admin },
    );
    expect(toOnly.status).toBe(400);

    const id = (await rest(t.app, "GET", "/loads/APPT-1", undefined, { token: admin })).body._id as string;
    const marked = await rest(
      t.app,
      "POST",
      "/loads/APPT-1/stops/1/arrive",
      { at: "2026-11-01T10:00:00Z" },
      {
        token: admin,
      },
    );
    expect(marked.status).toBe(200);
    const nodeId = Buffer.from(`Load:${id}`).toString("base64");
    const saved = await gql<{ updateLoad: { data: { load: { stops: Record<string, unknown>[] } } } }>(
      t.app,
      `mutation ($input: UpdateLoadInput!) { updateLoad(input: $input) {
        ... on MutationUpdateLoadSuccess { data { load { stops {
          sequence timeZone appointmentFrom appointmentTo appointmentText arrivedAt arrivedSource } } } }
        ... on ValidationError { message } } }`,
      {
        input: {
          id: nodeId,
          stops: [
            { sequence: 1, type: "pickup", nass: "DEN01", appointmentFrom: "2027-11-07T15:00:00Z" },
            { sequence: 2, type: "delivery", nass: "PHX01" },
          ],
        },
      },
      { token: admin },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateLoad.data.load.stops).toEqual([
      {
        sequence: 1,
        timeZone: "America/Denver",
        appointmentFrom: "2027-11-07T15:00:00.000Z",
        appointmentTo: null,
        appointmentText: "11/07/2027 08:00 MST",
        arrivedAt: "2026-11-01T10:00:00.000Z",
        arrivedSource: "USER",
      },
      {
        sequence: 2,
        timeZone: "America/Phoenix",
        appointmentFrom: null,
        appointmentTo: null,
        appointmentText: null,
        arrivedAt: null,
        arrivedSource: null,
      },
    ]);
  });
});

describe("stops marked by a person", () => {
  it("lets the load's carrier mark arrival and departure; status and timeline follow; strangers are told nothing", async () => {
    const { load, winner } = await awardedLoad(t.app, admin);
    const token = winner.session.token;
    const stranger = await rest(
      t.app,
      "POST",
      `/loads/${load.loadId}/stops/1/arrive`,
      {},
      {
        token: world.carrierSession.token,
      },
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe("Load not found");

    const early = await rest(t.app, "POST", `/loads/${load.loadId}/stops/1/depart`, {}, { token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("The stop has no arrival yet: mark it arrived first");
    const future = await rest(
      t.app,
      "POST",
      `/loads/${load.loadId}/stops/1/arrive`,
      { at: at(60) },
      { token },
    );
    expect(future.status).toBe(400);
    expect(await rest(t.app, "POST", `/loads/${load.loadId}/stops/9/arrive`, {}, { token })).toMatchObject({
      status: 404,
      body: { message: "Stop not found" },
    });

    const arrived = await rest<StopJson>(
      t.app,
      "POST",
      `/loads/${load.loadId}/stops/1/arrive`,
      { at: at(-300) },
      {
        token,
      },
    );
    expect(arrived.status).toBe(200);
    expect(arrived.body).toMatchObject({ sequence: 1, arrivedSource: "user", timeZone: "America/Chicago" });
    const again = await rest(t.app, "POST", `/loads/${load.loadId}/stops/1/arrive`, {}, { token });
    expect(again.status).toBe(409);

    const departed = await rest<StopJson>(
      t.app,
      "POST",
      `/loads/${load.loadId}/stops/1/depart`,
      { at: at(-30) },
      {
        token,
      },
    );
    expect(departed.status).toBe(200);
    // 270 minutes of dwell, 120 free: 2.5 hours at $75.00.
    expect(departed.body.detention).toMatchObject({
      status: "proposed",
      dwellMinutes: 270,
      hoursOver: 2.5,
      amountCents: 18750,
    });
    const after = await rest<{ status: string }>(t.app, "GET", `/loads/${load.loadId}`, undefined, {
      token: admin,
    });
    expect(after.body.status).toBe("in_transit");
    const timeline = await rest<{ milestone: string; source: string; detail: string | null }[]>(
      t.app,
      "GET",
      `/loads/${load.loadId}/timeline`,
      undefined,
      { token },
    );
    // Oldest first: the marks name when the truck was there (before this test's award).
    expect(timeline.body.map(({ milestone, source }) => [milestone, source])).toEqual([
      ["arrived", "user"],
      ["departed", "user"],
      ["covered", "user"],
    ]);
    expect(timeline.body[0].detail).toMatch(/^stop 1 \(CHI/);

    const asCarrier = await rest<StopJson[]>(t.app, "GET", `/loads/${load.loadId}/stops`, undefined, {
      token,
    });
    expect(asCarrier.body).toHaveLength(1);

    const carrierAccept = await rest(
      t.app,
      "POST",
      `/loads/${load.loadId}/stops/1/detention/accept`,
      {},
      { token },
    );
    expect(carrierAccept.status).toBe(403);

    const proposals = await gql<{ loadByLoadId: { detentionProposals: Record<string, unknown>[] } }>(
      t.app,
      `query ($loadId: String!) { loadByLoadId(loadId: $loadId) { detentionProposals { sequence status hoursOver amountCents freeMinutes rateCentsPerHour } } }`,
      { loadId: load.loadId },
      { token: admin },
    );
    expect(proposals.data?.loadByLoadId.detentionProposals).toEqual([
      {
        sequence: 1,
        status: "PROPOSED",
        hoursOver: 2.5,
        amountCents: 18750,
        freeMinutes: 120,
        rateCentsPerHour: 7500,
      },
    ]);
    const accepted = await gql<{ acceptLoadStopDetention: { data?: { stop: { sequence: number } } } }>(
      t.app,
      `mutation ($input: AcceptLoadStopDetentionInput!) { acceptLoadStopDetention(input: $input) {
        ... on MutationAcceptLoadStopDetentionSuccess { data { stop { sequence } load { detentionProposals { status amountCents } } } }
        ... on Error { message } } }`,
      { input: { loadId: load.loadId, sequence: 1 } },
      { token: admin },
    );
    expect(accepted.data?.acceptLoadStopDetention).toEqual({
      data: {
        stop: { sequence: 1 },
        load: { detentionProposals: [{ status: "ACCEPTED", amountCents: 18750 }] },
      },
    });
    const twice = await rest(
      t.app,
      "POST",
      `/loads/${load.loadId}/stops/1/detention/accept`,
      {},
      { token: admin },
    );
    expect(twice.status).toBe(409);
  });

  it("marks through GraphQL for the carrier side, answering the stop and no load", async () => {
    const { load, winner } = await awardedLoad(t.app, admin);
    const marked = await gql<{ markLoadStopVisit: Record<string, unknown> }>(
      t.app,
      `mutation ($input: MarkLoadStopVisitInput!) { markLoadStopVisit(input: $input) {
        ... on MutationMarkLoadStopVisitSuccess { data { stop { sequence arrivedSource arrivedText } load { id } } }
        ... on Error { message } } }`,
      { input: { loadId: load.loadId, sequence: 1, visit: "ARRIVED" } },
      { token: winner.session.token },
    );
    expect(marked.errors).toBeUndefined();
    expect(marked.data?.markLoadStopVisit).toMatchObject({
      data: {
        stop: { sequence: 1, arrivedSource: "USER", arrivedText: expect.stringMatching(/ C[SD]T$/) },
        load: null,
      },
    });
  });
});

describe("the geofence", () => {
  it("uses the facility's own radius and marks the loads' stops there", async () => {
    const fixture = await trackedRouteFixture(t.app, {
      routeNumber: "GEO-1",
      stops: [
        { type: "pickup", lat: 0, lng: 0 },
        { type: "delivery", lat: 0, lng: 1 },
      ],
    });
    const { db } = t.app.deps;
    const stops = await db.routeStop.findMany({
      where: { routeId: fixture.route.id },
      orderBy: { sequence: "asc" },
    });
    const load = fixture.loads[0];
    await db.loadStop.createMany({
      data: stops.map((stop) => ({
        loadId: load.id,
        sequence: stop.sequence,
        type: stop.type,
        nassCodeId: stop.nassCodeId,
      })),
    });
    await db.nassCode.update({ where: { id: stops[0].nassCodeId! }, data: { geofenceRadiusMeters: 1000 } });

    // About 550 m from the pickup: outside the default 200 m, inside its own 1000 m.
    const report = (lng: number, minutes: number) =>
      rest(
        t.app,
        "POST",
        "/tracking/GEO-1/positions",
        { positions: [{ lat: 0, lng, recordedAt: at(minutes) }] },
        {
          token: admin,
        },
      );
    expect((await report(0.005, -60)).status).toBe(201);
    expect((await report(0.2, -20)).status).toBe(201);

    const pickup = await db.loadStop.findFirstOrThrow({ where: { loadId: load.id, sequence: 1 } });
    expect(pickup).toMatchObject({ arrivedSource: "geofence", departedSource: "geofence" });
    expect((await db.load.findUniqueOrThrow({ where: { id: load.id } })).status).toBe("in_transit");
    const timeline = await rest<{ milestone: string; source: string; detail: string | null }[]>(
      t.app,
      "GET",
      `/loads/${load.loadId}/timeline`,
      undefined,
      { token: admin },
    );
    expect(timeline.body.map(({ milestone, source, detail }) => [milestone, source, detail])).toEqual([
      ["arrived", "geofence", "stop 1 (GEO-1-N1)"],
      ["departed", "geofence", "stop 1 (GEO-1-N1)"],
    ]);
  });
});

describe("a re-upload of a load's stops", () => {
  it("keeps the visit, detention and appointment of stops whose facility and sequence are unchanged", async () => {
    await uploadLoads(t.app, admin, [
      { "Load ID": "REUP-1", "Origin NASS": "DEN01", "Destination NASS": "PHX01" },
    ]);
    const stopsOf = async () =>
      (await rest<StopJson[]>(t.app, "GET", "/loads/REUP-1/stops", undefined, { token: admin })).body;
    const mark = (sequence: number, visit: "arrive" | "depart", when: string) =>
      rest(t.app, "POST", `/loads/REUP-1/stops/${sequence}/${visit}`, { at: when }, { token: admin });
    expect((await mark(1, "arrive", "2026-11-02T10:00:00Z")).status).toBe(200);
    expect((await mark(1, "depart", "2026-11-02T13:00:00Z")).status).toBe(200);
    expect((await mark(2, "arrive", "2026-11-03T10:00:00Z")).status).toBe(200);
    const accepted = await rest(
      t.app,
      "POST",
      "/loads/REUP-1/stops/1/detention/accept",
      {},
      { token: admin },
    );
    expect(accepted.status).toBe(200);
    const visit = {
      arrivedAt: "2026-11-02T10:00:00.000Z",
      arrivedSource: "user",
      departedAt: "2026-11-02T13:00:00.000Z",
      departedSource: "user",
      detention: { status: "accepted", amountCents: 7500 },
    };
    expect((await stopsOf())[0]).toMatchObject(visit);

    // New appointment cells set the window; the visits stay.
    await uploadLoads(t.app, admin, [
      {
        "Load ID": "REUP-1",
        "Origin NASS": "DEN01",
        "Origin Appointment From": "03/21/2027 08:00",
        "Origin Appointment To": "03/21/2027 10:00",
        "Destination NASS": "PHX01",
      },
    ]);
    const windowed = await stopsOf();
    expect(windowed[0]).toMatchObject({
      ...visit,
      appointmentFrom: "2027-03-21T14:00:00.000Z",
      appointmentTo: "2027-03-21T16:00:00.000Z",
    });
    expect(windowed[1]).toMatchObject({ arrivedAt: "2026-11-03T10:00:00.000Z", arrivedSource: "user" });

    // The same pickup, another delivery facility, no appointment cells (an empty cell keeps a value).
    await uploadLoads(t.app, admin, [
      { "Load ID": "REUP-1", "Origin NASS": "DEN01", "Destination NASS": "NOWHERE1", Weight: "1200" },
    ]);
    const after = await stopsOf();
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(windowed[0]);
    // The delivery's facility changed: it is another stop, with no visit.
    expect(after[1]).toMatchObject({ sequence: 2, arrivedAt: null, arrivedSource: null, departedAt: null });
  });
});

import { describe, expect, it } from "vitest";
import { setStoredZone } from "../lib/viewer-zone.ts";
import {
  changesOf,
  formProblemsFromServer,
  type LoadFormSource,
  moveStop,
  newStop,
  problemsOf,
  type StopRow,
  valuesOf,
} from "./load-form.ts";

// Typed and shown dates are read in the viewer's zone: Eastern here.
setStoredZone("America/New_York");

const nass = (code: string) => ({
  id: `N-${code}`,
  code,
  facilityName: `Facility ${code}`,
  city: null,
  state: null,
});

const load: LoadFormSource = {
  bolNumber: "B1",
  customer: "USPS",
  status: "pending",
  mode: "TRUCK",
  assignedUserKey: null,
  referenceNumber: null,
  weight: 1200.5,
  volume: null,
  freightClass: "70",
  commodity: null,
  orderInfo: null,
  additionalData: '{"Trailer":"53\' Dry Van"}',
  routeNumber: "R00001",
  origin: { address: "Chicago NDC IL" },
  destination: { address: null },
  pickupDate: "2026-03-01T08:30:00.000Z",
  deliveryDate: null,
  appointmentsRequired: false,
  appointmentsConfirmed: false,
  trackingLink: null,
  stops: [
    { id: "S1", sequence: 1, type: "pickup", nass: nass("AAA") },
    { id: "S2", sequence: 2, type: "delivery", nass: nass("BBB") },
  ],
};

describe("load form values", () => {
  it("read the load as editable text", () => {
    const values = valuesOf(load);
    expect(values).toMatchObject({
      weight: "1200.5",
      volume: "",
      originAddress: "Chicago NDC IL",
      destinationAddress: "",
      pickupDate: "2026-03-01T03:30",
      deliveryDate: "",
      additionalData: '{\n  "Trailer": "53\' Dry Van"\n}',
    });
    expect(values.stops.map((stop) => [stop.key, stop.sequence, stop.type, stop.nass?.code])).toEqual([
      ["S1", "1", "pickup", "AAA"],
      ["S2", "2", "delivery", "BBB"],
    ]);
  });

  it("send only what changed; blank clears", () => {
    const initial = valuesOf(load);
    expect(changesOf(initial, initial)).toEqual({});
    const edited = {
      ...initial,
      customer: "  Acme ",
      routeNumber: "",
      weight: "1,500",
      deliveryDate: "2026-03-02T10:00",
      appointmentsRequired: true,
      assignedUserKey: "U-1",
    };
    expect(changesOf(edited, initial)).toEqual({
      customer: "Acme",
      routeNumber: null,
      weight: 1500,
      deliveryDate: "2026-03-02T15:00:00.000Z",
      appointmentsRequired: true,
      driver: "U-1",
    });
  });

  it("send every stop, in list order, when any stop changed", () => {
    const initial = valuesOf(load);
    const moved = { ...initial, stops: moveStop(initial.stops, 1, -1) };
    expect(changesOf(moved, initial).stops).toEqual([
      { sequence: 1, type: "delivery", nass: "N-BBB", appointmentFrom: null, appointmentTo: null },
      { sequence: 2, type: "pickup", nass: "N-AAA", appointmentFrom: null, appointmentTo: null },
    ]);
  });

  it("read a stop's appointment on its facility's clock, refusing a time the clock skips", () => {
    const initial = valuesOf(load);
    const denver = { id: "N-DEN", code: "DEN", timeZone: "America/Denver" };
    const typed = (appointmentFrom: string, appointmentTo = "") => ({
      ...initial,
      stops: [
        { ...initial.stops[0], nass: denver, appointmentFrom, appointmentTo },
        ...initial.stops.slice(1),
      ],
    });
    expect(changesOf(typed("2027-03-14T08:00", "2027-03-14T10:00"), initial).stops?.[0]).toMatchObject({
      appointmentFrom: "2027-03-14T14:00:00.000Z",
      appointmentTo: "2027-03-14T16:00:00.000Z",
    });
    expect(problemsOf(typed("2027-03-14T02:30"))).toEqual({
      "stops.0.appointmentFrom":
        "Appointment from 2027-03-14 02:30 does not exist in America/Denver (clocks spring forward that night)",
    });
    expect(problemsOf(typed("2027-03-14T10:00", "2027-03-14T09:00"))).toEqual({
      "stops.0.appointmentTo": "Appointment to must not be before appointment from",
    });
    expect(problemsOf(typed("", "2027-03-14T09:00"))).toEqual({
      "stops.0.appointmentTo":
        "Appointment to needs an appointment from (from alone is a fixed appointment time)",
    });
  });
});

describe("load form checks", () => {
  const stop = (sequence: string, code: string | null): StopRow => ({
    key: sequence,
    sequence,
    type: "stop",
    nass: code ? nass(code) : null,
  });

  it("ask for whole stop sequences >= 0 in the spec's words", () => {
    const values = {
      ...valuesOf(load),
      stops: [stop("-1", "A"), stop("1.5", "B"), stop("abc", "C"), stop("0", "D")],
    };
    expect(problemsOf(values)).toEqual({
      "stops.0.sequence": "Stops debe ser un número válido mayor o igual a 0",
      "stops.1.sequence": "Stops debe ser un número válido mayor o igual a 0",
      "stops.2.sequence": "Stops debe ser un número válido mayor o igual a 0",
    });
  });

  it("refuse repeated sequences, missing NASS codes and bad numbers, dates, links and JSON", () => {
    const values = {
      ...valuesOf(load),
      weight: "-3",
      deliveryDate: "2026-02-30T10:00",
      trackingLink: "ftp://x",
      additionalData: "[1]",
      stops: [stop("1", "A"), stop("1", null)],
    };
    expect(problemsOf(values)).toEqual({
      weight: "Weight must be 0 or more",
      deliveryDate: "Delivery Date '2026-02-30T10:00' is not a valid date",
      trackingLink: "Tracking link must be an http(s) URL",
      additionalData: "Additional data must be a JSON object",
      "stops.1.sequence": "Sequence 1 is already used by stop 1",
      "stops.1.nass": "NASS code is required",
    });
  });

  it("put the server's field errors next to the right fields", () => {
    expect(
      formProblemsFromServer([
        { field: "assignedUserKey", message: "User not found" },
        { field: "stops.1.nass", message: "Unknown NASS code 'X'" },
        { field: "origin", message: "Too long" },
        { field: "origin", message: "Second" },
      ]),
    ).toEqual({
      assignedUserKey: "User not found",
      "stops.1.nass": "Unknown NASS code 'X'",
      originAddress: "Too long",
    });
  });
});

describe("stop rows", () => {
  it("add after the highest sequence, a pickup first", () => {
    expect(newStop([])).toMatchObject({ sequence: "1", type: "pickup", nass: null });
    const stops = valuesOf(load).stops;
    expect(newStop(stops)).toMatchObject({ sequence: "3", type: "stop" });
  });

  it("move by swapping places and sequences; the ends stay put", () => {
    const stops = valuesOf(load).stops;
    const down = moveStop(stops, 0, 1);
    expect(down.map((stop) => [stop.key, stop.sequence])).toEqual([
      ["S2", "1"],
      ["S1", "2"],
    ]);
    expect(moveStop(stops, 0, -1)).toBe(stops);
    expect(moveStop(stops, 1, 1)).toBe(stops);
  });
});

import { describe, expect, it } from "vitest";
import { setStoredZone } from "../lib/viewer-zone.ts";
import {
  EMPTY_MANUAL_ASSIGNMENT,
  manualAssignmentFieldOf,
  manualAssignmentPayload,
  manualAssignmentProblems,
} from "./manual-assignment-form.ts";

// Typed and shown dates are read in the viewer's zone: Eastern here.
setStoredZone("America/New_York");

const filled = {
  ...EMPTY_MANUAL_ASSIGNMENT,
  loadId: " L-100 ",
  customer: "Acme",
  assignedUserKey: "U-123",
};

describe("manual assignment form", () => {
  it("defaults to pending and TRUCK", () => {
    expect(EMPTY_MANUAL_ASSIGNMENT).toMatchObject({ status: "pending", mode: "TRUCK", stops: "" });
  });

  it("requires Load ID, Customer and Driver with the spec's texts", () => {
    expect(manualAssignmentProblems(EMPTY_MANUAL_ASSIGNMENT)).toEqual({
      loadId: "Load ID es requerido",
      customer: "Customer es requerido",
      assignedUserKey: "Driver requerido",
    });
    expect(manualAssignmentProblems(filled)).toEqual({});
  });

  it("wants stops as a whole number from 0, amounts from 0 and real dates", () => {
    const stops = "Stops debe ser un número válido mayor o igual a 0";
    expect(manualAssignmentProblems({ ...filled, stops: "-1" }).stops).toBe(stops);
    expect(manualAssignmentProblems({ ...filled, stops: "1.5" }).stops).toBe(stops);
    expect(manualAssignmentProblems({ ...filled, stops: "abc" }).stops).toBe(stops);
    expect(manualAssignmentProblems({ ...filled, stops: "0" })).toEqual({});
    expect(manualAssignmentProblems({ ...filled, weight: "-3", volume: "x" })).toEqual({
      weight: "Weight must be 0 or more",
      volume: "Volume 'x' is not a number",
    });
    expect(manualAssignmentProblems({ ...filled, pickupDate: "not a date" }).pickupDate).toBe(
      "Pickup Date 'not a date' is not a valid date",
    );
  });

  it("checks limits and the order of the dates as the server does", () => {
    expect(manualAssignmentProblems({ ...filled, freightClass: "x".repeat(41) }).freightClass).toBe(
      "Freight Class is longer than 40 characters",
    );
    expect(
      manualAssignmentProblems({
        ...filled,
        pickupDate: "2026-12-09T08:00",
        deliveryDate: "2026-12-08T08:00",
      }),
    ).toEqual({ deliveryDate: "Delivery Date cannot be before Pickup Date" });
    expect(
      manualAssignmentProblems({
        ...filled,
        pickupDate: "2026-12-08T08:00",
        deliveryDate: "2026-12-08T08:00",
      }),
    ).toEqual({});
  });

  it("sends stops and amounts as numbers, leaves blanks out and dates as instants", () => {
    const payload = manualAssignmentPayload(
      {
        ...filled,
        stops: "3",
        weight: "1200.5",
        originAddress: " 1 Main St ",
        pickupDate: "2026-12-01T08:30",
        appointmentsRequired: true,
      },
      "CAR-000001",
    );
    expect(payload).toMatchObject({
      carrierId: "CAR-000001",
      loadId: "L-100",
      stops: 3,
      weight: 1200.5,
      origin: { address: "1 Main St" },
      pickupDate: "2026-12-01T13:30:00.000Z",
      appointmentsRequired: true,
      status: "pending",
      mode: "TRUCK",
    });
    expect(payload.destination).toBeUndefined();
    expect(payload.bolNumber).toBeUndefined();
    expect(payload.volume).toBeUndefined();
  });

  it("places the server's field errors", () => {
    expect(manualAssignmentFieldOf("origin.address")).toBe("originAddress");
    expect(manualAssignmentFieldOf("loadId")).toBe("loadId");
    expect(manualAssignmentFieldOf("carrierId")).toBeNull();
  });
});
